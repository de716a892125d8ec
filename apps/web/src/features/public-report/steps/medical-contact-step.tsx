import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { ChoiceField, DateField, NOTIFIED_OPTIONS, PhoneField, TextAreaField, TextField } from '../fields';
import type { ReportFormValues } from '../form-values';

/** Step 6: medical contact and clinical history. */
export function MedicalContactStep({ isMedic }: { isMedic: boolean }) {
  const { control } = useFormContext<ReportFormValues>();
  const notified = useWatch({ control, name: 'ContactoMedico.NotificadoPorOtro' });
  return (
    <Stack gap="md">
      <TextAreaField
        name="ContactoMedico.HistoriaClinica"
        label={isMedic ? 'Historia clínica relevante' : 'Enfermedades, alergias u otros datos de salud del paciente'}
        max={2000}
      />
      <ChoiceField
        name="ContactoMedico.NotificadoPorOtro"
        label="¿Esta reacción ya fue notificada por otra vía?"
        required={isMedic}
        options={NOTIFIED_OPTIONS}
      />
      {notified === 'SI' ? <TextField name="ContactoMedico.OtraViaNotificado" label="¿Por qué vía fue notificada?" /> : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <ChoiceField name="ContactoMedico.ContactoMedico" label="¿Consultó a un médico por esta reacción?" />
        <ChoiceField name="ContactoMedico.PermitirContactoMedico" label="¿Podemos contactar al médico tratante?" />
      </SimpleGrid>
      <Fieldset legend={isMedic ? 'Médico tratante (opcional)' : 'Médico o profesional que atendió al paciente'} radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextField name="ContactoMedico.Medico.Nombre" label="Nombre" required={!isMedic} />
          <TextField name="ContactoMedico.Medico.Profesion" label="Profesión" required={!isMedic} placeholder="Ej.: médico de familia" />
          <TextField name="ContactoMedico.Medico.Email" label="Correo electrónico" type="email" />
          <PhoneField name="ContactoMedico.Medico.Telefono" label="Teléfono" />
          <TextField name="ContactoMedico.Medico.CentroAtencion" label="Centro de atención" />
          <DateField name="ContactoMedico.Medico.FechaContacto" label="Fecha de la consulta" />
        </SimpleGrid>
        <TextField name="ContactoMedico.Medico.Intervencion" label="¿Qué indicó el médico?" mt="md" />
      </Fieldset>
    </Stack>
  );
}
