import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { FIELD_LIMITS, heightInMetres, MAX_GESTATION_WEEKS, MAX_INITIALS } from '@atalaya/domain';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { HomeCodigueras } from '../api';
import { DateField, NumberField, RadioField, SelectField, SI_NO, TextField, YesNoField } from '../../../shared/form';
import type { ReportFormValues } from '../form-values';
import { countryOptions, SEX_OPTIONS } from '../options';

/** Step 2: the patient. Pregnancy and lactation only for a female patient. */
export function PatientStep({ lists, isMedic }: { lists: HomeCodigueras; isMedic: boolean }) {
  const { control, setValue } = useFormContext<ReportFormValues>();
  const [sex, pregnant] = useWatch({ control, name: ['Paciente.Sexo', 'Paciente.Embarazo'] });

  useEffect(() => {
    if (sex === 'F') return;
    setValue('Paciente.Embarazo', null);
    setValue('Paciente.Gestacion', null);
    setValue('Paciente.Lactancia', null);
  }, [sex, setValue]);

  return (
    <Stack gap="md">
      <Alert variant="light" color="teal" icon={<IconInfoCircle size={18} />}>
        Para proteger la privacidad del paciente solo pedimos sus iniciales, nunca su nombre completo.
      </Alert>
      {isMedic ? null : <SelectField control={control} name="Paciente.Pais" label="País de residencia" required searchable data={countryOptions(lists)} />}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextField control={control} name="Paciente.Iniciales" label="Iniciales del paciente" required maxLength={MAX_INITIALS} placeholder="Ej.: JPG" autoComplete="off" />
        <DateField control={control} name="Paciente.FechaNacimiento" label="Fecha de nacimiento" />
        <NumberField control={control} name="Paciente.Peso" label="Peso" step={0.1} decimals={2} suffix="kg" />
        <NumberField
          control={control}
          name="Paciente.Altura"
          label="Altura"
          description="En metros (1,65); 165 cm pasa a 1,65 m"
          step={0.01}
          decimals={2}
          suffix="m"
          normalize={heightInMetres}
        />
      </SimpleGrid>
      <RadioField control={control} name="Paciente.Sexo" label="Sexo" required options={SEX_OPTIONS} />
      {sex === 'F' ? (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <YesNoField control={control} name="Paciente.Embarazo" label="¿Está embarazada?" codec={SI_NO} />
          {pregnant === 'SI' ? (
            <NumberField control={control} name="Paciente.Gestacion" label="Semanas de gestación" max={MAX_GESTATION_WEEKS} />
          ) : null}
          <YesNoField control={control} name="Paciente.Lactancia" label="¿Está amamantando?" codec={SI_NO} />
        </SimpleGrid>
      ) : null}
      {isMedic ? null : <TextField control={control} name="Paciente.CentroMedico" label="Centro médico donde se atiende" maxLength={FIELD_LIMITS.institution} />}
    </Stack>
  );
}
