import { Group, NumberInput, Radio, Select, Switch, TextInput, type ComboboxData } from '@mantine/core';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextareaWithCount } from '../../shared/form';

/**
 * Form fields of the wizard's own steps, bound to react-hook-form by `control` and `name`.
 * Each has a visible label (its accessible name) and shows its field's message.
 */
interface FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  description?: ReactNode;
}

export interface Option {
  value: string;
  label: string;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  description,
  maxLength,
  type,
  autoComplete,
}: FieldProps<T> & { maxLength?: number; type?: 'text' | 'email' | 'tel'; autoComplete?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          label={label}
          withAsterisk={required}
          disabled={disabled}
          description={description}
          maxLength={maxLength}
          type={type}
          autoComplete={autoComplete ?? 'off'}
          value={textOf(field.value)}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** A textarea with the character-count bar (event spec §5). */
export function TextAreaField<T extends FieldValues>({ control, name, label, required, disabled, description, max }: FieldProps<T> & { max: number }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextareaWithCount
          label={label}
          withAsterisk={required}
          disabled={disabled}
          description={description}
          max={max}
          value={textOf(field.value)}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** A number (≥ min): an empty input is null. Decimals with a comma. */
export function NumberField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  description,
  min = 0,
  max,
  step = 1,
}: FieldProps<T> & { min?: number; max?: number; step?: number }) {
  const decimals = step < 1 ? Math.max(0, -Math.floor(Math.log10(step))) : 0;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          withAsterisk={required}
          disabled={disabled}
          description={description}
          min={min}
          max={max}
          step={step}
          decimalScale={decimals}
          allowDecimal={decimals > 0}
          allowNegative={min < 0}
          decimalSeparator=","
          value={typeof field.value === 'number' ? field.value : ''}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : value === '' ? null : Number(value.replace(',', '.')))}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** A select; `numeric` keeps the choice as a number (reference-list ids). Clearing gives null. */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  description,
  data,
  numeric = false,
  searchable = false,
  onChosen,
}: FieldProps<T> & { data: ComboboxData; numeric?: boolean; searchable?: boolean; onChosen?: (value: string | null) => void }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          withAsterisk={required}
          disabled={disabled}
          description={description}
          placeholder="Seleccionar..."
          data={data}
          searchable={searchable}
          nothingFoundMessage="Sin resultados"
          clearable={!required}
          allowDeselect={!required}
          comboboxProps={{ withinPortal: true }}
          value={field.value === null || field.value === undefined ? null : String(field.value as string | number)}
          onChange={(value) => {
            field.onChange(value === null ? null : numeric ? Number(value) : value);
            onChosen?.(value);
          }}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** Radio buttons over string values (e.g. M / F). */
export function RadioField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  options,
  onChosen,
}: FieldProps<T> & { options: readonly Option[]; onChosen?: (value: string) => void }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Radio.Group
          label={label}
          withAsterisk={required}
          value={typeof field.value === 'string' ? field.value : null}
          onChange={(value) => {
            field.onChange(String(value));
            onChosen?.(String(value));
          }}
          error={fieldState.error?.message}
        >
          <Group mt={6} gap="lg">
            {options.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} disabled={disabled} />
            ))}
          </Group>
        </Radio.Group>
      )}
    />
  );
}

/** A yes/no question held as a boolean (null while unanswered). */
export function YesNoField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  yesLabel = 'Sí',
  noLabel = 'No',
  onChosen,
}: FieldProps<T> & { yesLabel?: string; noLabel?: string; onChosen?: (value: boolean) => void }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Radio.Group
          label={label}
          withAsterisk={required}
          value={field.value === true ? 'true' : field.value === false ? 'false' : null}
          onChange={(value) => {
            field.onChange(value === 'true');
            onChosen?.(value === 'true');
          }}
          error={fieldState.error?.message}
        >
          <Group mt={6} gap="lg">
            <Radio value="true" label={yesLabel} disabled={disabled} />
            <Radio value="false" label={noLabel} disabled={disabled} />
          </Group>
        </Radio.Group>
      )}
    />
  );
}

/** An on/off switch held as a boolean. */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
  disabled,
  onChosen,
}: FieldProps<T> & { onChosen?: (value: boolean) => void }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Switch
          label={label}
          disabled={disabled}
          checked={field.value === true}
          onChange={(event) => {
            field.onChange(event.currentTarget.checked);
            onChosen?.(event.currentTarget.checked);
          }}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** Options of a reference list: the id as value, the name as label. */
export function idOptions<R extends { Id: number }>(rows: readonly R[] | undefined, label: (row: R) => string): Option[] {
  return (rows ?? []).map((row) => ({ value: String(row.Id), label: label(row) }));
}
