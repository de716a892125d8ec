import { Anchor, Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import type { HomeCodigueras } from '../api';
import { ChoiceField, PhoneField, SelectField, TextField, useFieldError } from '../fields';
import type { ReportFormValues } from '../form-values';
import { idOptions } from '../options';

export interface ContactInformationStepProps {
  lists: HomeCodigueras;
  isMedic: boolean;
  onOpenTerms(): void;
}

/** Step 7: who reports, whether they may be contacted, and acceptance of the terms. */
export function ContactInformationStep({ lists, isMedic, onOpenTerms }: ContactInformationStepProps) {
  const { control } = useFormContext<ReportFormValues>();
  const termsError = useFieldError('InformacionContacto.AceptaTerminos');
  return (
    <Stack gap="md">
      <Fieldset legend="Sus datos" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextField name="InformacionContacto.Reporta.Nombre" label="Nombre" required={isMedic} autoComplete="name" />
          {isMedic ? (
            <TextField name="InformacionContacto.Reporta.Profesion" label="Profesión" required placeholder="Ej.: médico internista" />
          ) : (
            <SelectField
              name="InformacionContacto.Reporta.Parentesco"
              label="Relación con el paciente"
              numeric
              data={idOptions(lists.Parentesco, (row) => row.Nombre)}
            />
          )}
          <TextField name="InformacionContacto.Reporta.Email" label="Correo electrónico" type="email" autoComplete="email" />
          <PhoneField name="InformacionContacto.Reporta.Telefono" label="Teléfono" />
        </SimpleGrid>
      </Fieldset>
      <ChoiceField
        name="InformacionContacto.AceptaContacto"
        label="¿Acepta que lo contactemos si necesitamos más información?"
        required
      />
      <Text size="sm" c="dimmed">
        Si acepta ser contactado, indique un correo electrónico. Solo lo usaremos para el seguimiento de este reporte.
      </Text>
      <Controller
        control={control}
        name="InformacionContacto.AceptaTerminos"
        render={({ field }) => (
          <Checkbox
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            ref={field.ref}
            error={termsError}
            label={
              <>
                Leí y acepto los{' '}
                <Anchor component="button" type="button" onClick={onOpenTerms} fz="sm">
                  términos y la política de privacidad
                </Anchor>
              </>
            }
          />
        )}
      />
    </Stack>
  );
}
