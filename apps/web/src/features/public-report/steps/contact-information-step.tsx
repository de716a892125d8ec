import { FIELD_LIMITS } from '@atalaya/domain';
import { Anchor, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import type { HomeCodigueras } from '../api';
import { CheckboxField, idOptions, IdSelectField, PhoneField, SI_NO, TextField, YesNoField } from '../../../shared/form';
import type { ReportFormValues } from '../form-values';

export interface ContactInformationStepProps {
  lists: HomeCodigueras;
  isMedic: boolean;
  onOpenTerms(): void;
}

/** Step 7: who reports, whether they may be contacted, and acceptance of the terms. */
export function ContactInformationStep({ lists, isMedic, onOpenTerms }: ContactInformationStepProps) {
  const { control } = useFormContext<ReportFormValues>();
  return (
    <Stack gap="md">
      <Fieldset legend="Sus datos" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextField control={control} name="InformacionContacto.Reporta.Nombre" label="Nombre" required={isMedic} maxLength={FIELD_LIMITS.name} autoComplete="name" />
          {isMedic ? (
            <TextField control={control} name="InformacionContacto.Reporta.Profesion" label="Profesión" required maxLength={FIELD_LIMITS.name} placeholder="Ej.: médico internista" />
          ) : (
            <IdSelectField
              control={control}
              name="InformacionContacto.Reporta.Parentesco"
              label="Relación con el paciente"
              data={idOptions(lists.Parentesco, (row) => row.Nombre)}
            />
          )}
          <TextField control={control} name="InformacionContacto.Reporta.Email" label="Correo electrónico" type="email" maxLength={FIELD_LIMITS.email} autoComplete="email" />
          <PhoneField control={control} name="InformacionContacto.Reporta.Telefono" label="Teléfono" />
        </SimpleGrid>
      </Fieldset>
      <YesNoField
        control={control}
        name="InformacionContacto.AceptaContacto"
        label="¿Acepta que lo contactemos si necesitamos más información?"
        required codec={SI_NO} />
      <Text size="sm" c="dimmed">
        Si acepta ser contactado, indique un correo electrónico. Solo lo usaremos para el seguimiento de este reporte.
      </Text>
      <CheckboxField
        control={control}
        name="InformacionContacto.AceptaTerminos"
        label={
          <>
            Leí y acepto los{' '}
            <Anchor component="button" type="button" onClick={onOpenTerms} fz="sm">
              términos y la política de privacidad
            </Anchor>
          </>
        }
      />
    </Stack>
  );
}
