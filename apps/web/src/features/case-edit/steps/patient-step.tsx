import { AGE_UNITS, type Codigueras, FIELD_LIMITS, MAX_GESTATION_WEEKS, MAX_INITIALS, MAX_NOTE_LENGTH, patientInputSchemaFor } from '@atalaya/domain';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { patientQuery, useSavePatient } from '../../cases';
import { patientInputFromRecord } from '../follow-up-draft';
import { idOptions, IdSelectField, listOptions, NumberField, RadioField, schemaResolver, SelectField, TextAreaField, TextField, YesNoField, type Option } from '../../../shared/form';
import type { WizardStepProps } from '../step-contract';
import { useFormStepHandle, useStepRecord } from '../step-record';
import {
  clearedByChoice,
  parsePatient,
  patientFormFromInput,
  toPatientInput,
  type PatientFormValues,
} from './patient-form-values';

const SEX_OPTIONS: Option[] = [
  { value: 'M', label: 'Masculino' },
  { value: 'F', label: 'Femenino' },
];
const AGE_UNIT_OPTIONS: Option[] = AGE_UNITS.map((unit) => ({ value: unit, label: unit }));

/**
 * Step 0 'Datos del paciente' (event spec §2.4 step 0, §5). Case mode: leaving validates and
 * posts `setPaciente` when something changed; follow-up mode: leaving writes the draft.
 */
export function PatientStep(props: WizardStepProps) {
  const { meta, event, followUp } = props;
  const record = useStepRecord(patientQuery(meta), followUp, 'Cargando datos del paciente');
  if (!record.ready) return record.fallback;
  const initial = followUp ? followUp.draft.patient : patientInputFromRecord(record.stored, event.Country);
  return <PatientForm {...props} lists={record.lists} initial={patientFormFromInput(initial)} stored={followUp !== null || Boolean(record.stored)} />;
}

interface PatientFormProps extends WizardStepProps {
  lists: Codigueras;
  initial: PatientFormValues;
  /** Whether there is a patient to update (else the first save creates it). */
  stored: boolean;
}

function PatientForm({ meta, followUp, handle, lists, initial, stored }: PatientFormProps) {
  const { mutateAsync: savePatient } = useSavePatient(meta);
  // Height and weight are checked in the units of the lists (as the server does).
  const resolver = useMemo(() => schemaResolver<PatientFormValues>(patientInputSchemaFor(lists), toPatientInput), [lists]);
  const form = useForm<PatientFormValues>({ defaultValues: initial, resolver, mode: 'onTouched' });
  const { control, setValue } = form;
  const saved = useRef(stored);
  const [gender, pregnant, heightUnit, weightUnit] = useWatch({ control, name: ['Genere', 'Pregnancy', 'HeightUnitId', 'WeightUnitId'] });
  // Another unit changes whether the value typed is plausible: check it again once it was left.
  useEffect(() => {
    if (form.getFieldState('Height').isTouched) void form.trigger('Height');
  }, [form, heightUnit]);
  useEffect(() => {
    if (form.getFieldState('Weight').isTouched) void form.trigger('Weight');
  }, [form, weightUnit]);

  const clear = (field: 'Genere' | 'Pregnancy', value: unknown) => {
    for (const name of clearedByChoice(field, value)) setValue(name, null, { shouldDirty: true });
  };

  useFormStepHandle(handle, {
    form,
    initial,
    neverSaved: () => !saved.current,
    parse: parsePatient,
    async write(patient) {
      if (followUp) return followUp.update((draft) => ({ ...draft, patient }));
      await savePatient(patient);
      saved.current = true;
    },
  });

  return (
    <form noValidate aria-label="Datos del paciente" onSubmit={(event) => event.preventDefault()}>
      <Stack gap="lg">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextField control={control} name="Initials" label="Alias" required maxLength={MAX_INITIALS} description="Iniciales del paciente (hasta 3 letras)" />
            <NumberField control={control} name="Age" label="Edad" step={1} />
            <SelectField control={control} name="Escala" label="Unidad de edad" data={AGE_UNIT_OPTIONS} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="md">
            <NumberField control={control} name="Height" label="Altura" step={0.01} />
            <IdSelectField control={control} name="HeightUnitId" label="Unidad de altura" data={idOptions(lists.AlturaUnidad, (unit) => unit.NombreCompleto)} />
            <NumberField control={control} name="Weight" label="Peso" step={0.01} />
            <IdSelectField control={control} name="WeightUnitId" label="Unidad de peso" data={idOptions(lists.PesoUnidad, (unit) => unit.NombreCompleto)} />
          </SimpleGrid>
          <RadioField control={control} name="Genere" label="Sexo" options={SEX_OPTIONS} onChosen={(value) => clear('Genere', value)} />
          {gender === 'F' ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <YesNoField control={control} name="Pregnancy" label="Embarazo" onChosen={(value) => clear('Pregnancy', value)} />
              {pregnant === true ? (
                <NumberField control={control} name="Gestation" label="Semanas de gestación" min={1} max={MAX_GESTATION_WEEKS} />
              ) : null}
              <YesNoField control={control} name="Lactation" label="Lactancia" />
            </SimpleGrid>
          ) : null}
        </Stack>

        <Stack gap="md">
          <Title order={3} fz="md" c="teal.9">
            Residencia y atención
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SelectField control={control} name="Country" label="País" data={lists.Paises.map((country) => ({ value: country.Codigo, label: country.Nombre }))} searchable />
            <TextField control={control} name="State" label="Provincia" maxLength={FIELD_LIMITS.name} />
            <IdSelectField control={control} name="Residence" label="Residencia" data={listOptions(lists.Residencias)} />
            <TextField control={control} name="InstMedica" label="Institución médica" maxLength={FIELD_LIMITS.institution} />
          </SimpleGrid>
          <TextAreaField control={control} name="CondicionesMedicas" label="Condiciones médicas" max={MAX_NOTE_LENGTH} />
          <TextAreaField control={control} name="Alergias" label="Alergias" max={MAX_NOTE_LENGTH} />
        </Stack>

        <Stack gap="md">
          <Title order={3} fz="md" c="teal.9">
            Contacto
          </Title>
          <YesNoField control={control} name="ContactAllow" label="¿Desea ser contactado?" />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <IdSelectField control={control} name="IdParentesco" label="Parentesco" data={listOptions(lists.Parentesco)} />
            <TextField control={control} name="Phone" label="Teléfono" type="tel" maxLength={FIELD_LIMITS.phone} autoComplete="tel" />
            <TextField control={control} name="Email" label="Correo electrónico" type="email" maxLength={FIELD_LIMITS.email} autoComplete="email" />
          </SimpleGrid>
        </Stack>
      </Stack>
    </form>
  );
}
