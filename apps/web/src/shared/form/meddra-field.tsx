import { Autocomplete, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FIELD_COMBOBOX_PROPS, useBoundField, type FieldProps } from './field-props';

/** Fewer characters than this are not searched (the server refuses them). */
export const MEDDRA_MIN_CHARS = 2;
const DEBOUNCE_MS = 300;

/** A lowest level term of `GET /api/getMedDRALLT/{term}`, with its preferred term and SOC when given. */
export interface MeddraMatch {
  llt_code: number | string;
  llt_name: string;
  pt_name?: string;
  soc_name?: string | null;
}

/** What the form holds once a term is chosen. */
export interface MeddraChoice {
  llt_code: number | string;
  llt_name: string;
}

/** The search of the caller's feature (the public form searches without a session). */
export type MeddraSearch<M extends MeddraMatch = MeddraMatch, K extends QueryKey = QueryKey> = (term: string) => UseQueryOptions<M[], Error, M[], K>;

/** One option per term name (the dictionary repeats names under other codes). */
export function uniqueTerms<M extends MeddraMatch>(matches: readonly M[]): M[] {
  return matches.filter((item, position) => matches.findIndex((other) => other.llt_name === item.llt_name) === position);
}

/** The term name the input starts with, from the form's value. */
const nameOf = (value: unknown): string =>
  value && typeof value === 'object' && 'llt_name' in value && typeof value.llt_name === 'string' ? value.llt_name : '';

/**
 * The MedDRA term typeahead. Only a term chosen from the list counts: typing anything else
 * clears the value, so the schema says 'Debe seleccionar un término MedDRA'.
 */
export function MeddraField<T extends FieldValues, M extends MeddraMatch, K extends QueryKey>({
  control,
  name,
  label,
  required,
  disabled,
  description = 'Escriba al menos 2 letras y elija el término de la lista',
  search,
  withHierarchy = false,
}: FieldProps<T> & { search: MeddraSearch<M, K>; /** Each option shows its preferred term and SOC under it. */ withHierarchy?: boolean }) {
  const { field, error, readOnly } = useBoundField(control, name, disabled);
  return (
    <MeddraInput
      label={label}
      required={required}
      description={description}
      search={search}
      withHierarchy={withHierarchy}
      value={nameOf(field.value)}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
      disabled={readOnly}
    />
  );
}

interface MeddraInputProps<M extends MeddraMatch, K extends QueryKey> {
  label: string;
  required: boolean | undefined;
  description: FieldProps<FieldValues>['description'];
  search: MeddraSearch<M, K>;
  withHierarchy: boolean;
  /** The chosen term's name ('' when none). */
  value: string;
  onChange(value: MeddraChoice | null): void;
  onBlur(): void;
  error: string | undefined;
  disabled: boolean;
}

function MeddraInput<M extends MeddraMatch, K extends QueryKey>({ label, required, description, search: searchQuery, withHierarchy, value, onChange, onBlur, error, disabled }: MeddraInputProps<M, K>) {
  const [search, setSearch] = useState(value);
  // The name of the chosen term, updated at once: Autocomplete reports the option first and
  // the new text right after, before the form's new value comes back as a prop.
  const chosenName = useRef(value === '' ? null : value);
  const [term] = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  const enabled = term.length >= MEDDRA_MIN_CHARS && term !== value;
  const { data = [], isFetching } = useQuery({ ...searchQuery(term), enabled });
  const matches = uniqueTerms(data);
  const byName = new Map(matches.map((item) => [item.llt_name, item]));

  return (
    <Autocomplete
      label={label}
      withAsterisk={required}
      description={description}
      placeholder="Ej.: cefalea"
      value={search}
      data={matches.map((item) => item.llt_name)}
      filter={({ options }) => options}
      comboboxProps={FIELD_COMBOBOX_PROPS}
      rightSection={isFetching ? <Loader size={16} /> : null}
      renderOption={({ option }) => {
        const match = withHierarchy ? byName.get(option.value) : undefined;
        return (
          <Stack gap={0}>
            <Text size="sm">{option.value}</Text>
            {match?.pt_name ? (
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
