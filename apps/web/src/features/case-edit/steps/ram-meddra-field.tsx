import { Autocomplete, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { meddraSearchQuery, type MeddraTerm } from '../../cases';
import { FIELD_COMBOBOX_PROPS } from './medication-fields';

/** Fewer characters than this are not searched (the server refuses them). */
export const MEDDRA_MIN_CHARS = 2;
const DEBOUNCE_MS = 300;

export interface RamMeddraFieldProps {
  value: MeddraTerm | null;
  onChange(value: MeddraTerm | null): void;
  onBlur?(): void;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * The MedDRA term typeahead of the adverse-event modal (the public form's field is bound to
 * its own form values). Only a term chosen from the list counts: typing anything else clears
 * the value, so the schema says 'Debe seleccionar un término MedDRA'.
 */
export function RamMeddraField({ value, onChange, onBlur, error, disabled }: RamMeddraFieldProps) {
  const [search, setSearch] = useState(value?.llt_name ?? '');
  // The name of the chosen term, updated at once: Autocomplete reports the option first and
  // the new text right after, before the form's new value comes back as a prop.
  const chosenName = useRef(value?.llt_name ?? null);
  const [term] = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  const enabled = term.length >= MEDDRA_MIN_CHARS && term !== value?.llt_name;
  const { data = [], isFetching } = useQuery({ ...meddraSearchQuery(term), enabled });
  const matches = data.filter((item, position) => data.findIndex((other) => other.llt_name === item.llt_name) === position);
  const byName = new Map(matches.map((item) => [item.llt_name, item]));

  return (
    <Autocomplete
      label="Término MedDRA"
      withAsterisk
      description="Escriba al menos 2 letras y elija el término de la lista"
      placeholder="Ej.: cefalea"
      value={search}
      data={matches.map((item) => item.llt_name)}
      filter={({ options }) => options}
      comboboxProps={FIELD_COMBOBOX_PROPS}
      rightSection={isFetching ? <Loader size={16} /> : null}
      renderOption={({ option }) => {
        const match = byName.get(option.value);
        return (
          <Stack gap={0}>
            <Text size="sm">{option.value}</Text>
            {match ? (
              <Text size="xs" c="dimmed">
                PT: {match.pt_name}
                {match.soc_name ? ` · ${match.soc_name}` : ''}
              </Text>
            ) : null}
          </Stack>
        );
      }}
      onChange={(text) => {
        setSearch(text);
        if (chosenName.current !== null && text !== chosenName.current) {
          chosenName.current = null;
          onChange(null);
        }
      }}
      onOptionSubmit={(name) => {
        const chosen = byName.get(name);
        if (!chosen) return;
        chosenName.current = chosen.llt_name;
        onChange({ llt_code: chosen.llt_code, llt_name: chosen.llt_name });
      }}
      onBlur={onBlur}
      error={error}
      disabled={disabled}
    />
  );
}
