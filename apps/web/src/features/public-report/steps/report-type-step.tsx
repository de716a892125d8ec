import { Stack, Text } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import type { HomeCodigueras } from '../api';
import { IdSelectField, SelectField } from '../../../shared/form';
import type { ReportFormValues } from '../form-values';
import { countryOptions, subGroupOptions } from '../options';

/** Step 1 (health professional): type of occurrence and country. */
export function ReportTypeStep({ lists }: { lists: HomeCodigueras }) {
  const { control, setValue } = useFormContext<ReportFormValues>();
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Indique qué tipo de acontecimiento quiere reportar y en qué país ocurrió.
      </Text>
      <IdSelectField
        control={control}
        name="Tipo.SubGroup"
        label="Tipo de acontecimiento"
        required
        searchable
        data={subGroupOptions(lists)}
        onChosen={(_id, option) => setValue('Tipo.SubGroupName', option?.label ?? null)}
      />
      <SelectField control={control} name="Tipo.Pais" label="País" required searchable data={countryOptions(lists)} />
    </Stack>
  );
}
