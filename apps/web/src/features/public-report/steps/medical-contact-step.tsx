import { FIELD_LIMITS } from '@atalaya/domain';
import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { DateField, PhoneField, RadioField, SI_NO, TextAreaField, TextField, YesNoField } from '../../../shared/form';
import type { ReportFormValues } from '../form-values';
import { NOTIFIED_OPTIONS } from '../options';

/** Step 6: medical contact and clinical history. */
export function MedicalContactStep({ isMedic }: { isMedic: boolean }) {
  const { control } = useFormContext<ReportFormValues>();
  const notified = useWatch({ control, name: 'ContactoMedico.NotificadoPorOtro' });
  return (
    <Stack gap="md">
      <TextAreaField
        control={control}
        name="ContactoMedico.HistoriaClinica"
        label={isMedic ? 'Historia clínica relevante' : 'Enfermedades, alergias u otros datos de salud del paciente'}
        max={FIELD_LIMITS.longText}
      />
      <RadioField
        control={control}
        name="ContactoMedico.NotificadoPorOtro"
        label="¿Esta reacción ya fue notificada por otra vía?"
        required={isMedic}
        options={NOTIFIED_OPTIONS}
      />
      {notified === 'SI' ? <TextField control={control} name="ContactoMedico.OtraViaNotificado" label="¿Por qué vía fue notificada?" maxLength={FIELD_LIMITS.longText} /> : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <YesNoField control={control} name="ContactoMedico.ContactoMedico" label="¿Consultó a un médico por esta reacción?" codec={SI_NO} />
        <YesNoField control={control} name="ContactoMedico.PermitirContactoMedico" label="¿Podemos contactar al médico tratante?" codec={SI_NO} />
      </SimpleGrid>
      <Fieldset legend={isMedic ? 'Médico tratante (opcional)' : 'Médico o profesional que atendió al paciente'} radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextField control={control} name="ContactoMedico.Medico.Nombre" label="Nombre" required={!isMedic} maxLength={FIELD_LIMITS.name} />
          <TextField control={control} name="ContactoMedico.Medico.Profesion" label="Profesión" required={!isMedic} maxLength={FIELD_LIMITS.name} placeholder="Ej.: médico de familia" />
          <TextField control={control} name="ContactoMedico.Medico.Email" label="Correo electrónico" type="email" maxLength={FIELD_LIMITS.email} />
          <PhoneField control={control} name="ContactoMedico.Medico.Telefono" label="Teléfono" />
          <TextField control={control} name="ContactoMedico.Medico.CentroAtencion" label="Centro de atención" maxLength={FIELD_LIMITS.institution} />
          <DateField control={control} name="ContactoMedico.Medico.FechaContacto" label="Fecha de la consulta" />
        </SimpleGrid>
        <TextField control={control} name="ContactoMedico.Medico.Intervencion" label="¿Qué indicó el médico?" maxLength={FIELD_LIMITS.longText} mt="md" />
      </Fieldset>
    </Stack>
  );
}
