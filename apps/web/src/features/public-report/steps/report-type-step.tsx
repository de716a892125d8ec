import { Select, Stack, Text } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import type { HomeCodigueras } from '../api';
import { REPORT_FORM_COMBOBOX_PROPS, SelectField, useFieldError } from '../fields';
import type { ReportFormValues } from '../form-values';
import { countryOptions, subGroupOptions } from '../options';

/** Step 1 (health professional): type of occurrence and country. */
export function ReportTypeStep({ lists }: { lists: HomeCodigueras }) {
  const { control, setValue } = useFormContext<ReportFormValues>();
  const error = useFieldError('Tipo.SubGroup');
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Indique qué tipo de acontecimiento quiere reportar y en qué país ocurrió.
      </Text>
      <Controller
        control={control}
        name="Tipo.SubGroup"
        render={({ field }) => (
          <Select
            label="Tipo de acontecimiento"
            withAsterisk
            placeholder="Seleccionar..."
            searchable
            data={subGroupOptions(lists)}
            comboboxProps={REPORT_FORM_COMBOBOX_PROPS}
            value={field.value === null ? null : String(field.value)}
            onChange={(value, option) => {
              field.onChange(value === null ? null : Number(value));
              setValue('Tipo.SubGroupName', value === null ? null : option?.label ?? null);
            }}
            onBlur={field.onBlur}
            ref={field.ref}
            error={error}
          />
        )}
      />
      <SelectField name="Tipo.Pais" label="País" required searchable data={countryOptions(lists)} />
    </Stack>
  );
}
