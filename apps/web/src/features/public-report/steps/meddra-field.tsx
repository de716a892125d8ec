import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { meddraTermsQuery } from '../api';
import { REPORT_FORM_COMBOBOX_PROPS } from '../fields';
import type { ReportFormValues } from '../form-values';

/** Fewer characters than this are not searched (the server refuses them). */
export const MEDDRA_MIN_CHARS = 2;
const DEBOUNCE_MS = 300;

/** Typeahead over `GET /api/getMedDRALLT/{term}` (health professionals only). */
export function MeddraField({ index }: { index: number }) {
  const { control } = useFormContext<ReportFormValues>();
  return (
    <Controller
      control={control}
      name={`RAM.${index}.MedDRA`}
      render={({ field }) => <MeddraInput value={field.value?.llt_name ?? ''} onChange={field.onChange} />}
    />
  );
}

function MeddraInput({ value, onChange }: { value: string; onChange(value: ReportFormValues['RAM'][number]['MedDRA']): void }) {
  const [search, setSearch] = useState(value);
  const [term] = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  const enabled = term.length >= MEDDRA_MIN_CHARS && term !== value;
  const { data = [], isFetching } = useQuery({ ...meddraTermsQuery(term), enabled });
  const options = data.map((item) => ({ value: String(item.llt_code), label: item.llt_name }));
  const uniqueOptions = options.filter((option, position) => options.findIndex((other) => other.label === option.label) === position);

  return (
    <Autocomplete
      label="Término MedDRA"
      description="Escriba al menos 2 letras y elija el término de la lista"
      placeholder="Ej.: cefalea"
      value={search}
      data={uniqueOptions.map((option) => option.label)}
      filter={({ options: all }) => all}
      comboboxProps={REPORT_FORM_COMBOBOX_PROPS}
      rightSection={isFetching ? <Loader size={16} /> : null}
      onChange={(text) => {
        setSearch(text);
        if (text.trim() === '') onChange(null);
      }}
      onOptionSubmit={(label) => {
        const chosen = data.find((item) => item.llt_name === label);
        if (chosen) onChange({ llt_name: chosen.llt_name, llt_code: chosen.llt_code });
      }}
    />
  );
}
