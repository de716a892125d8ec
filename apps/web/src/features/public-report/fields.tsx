import { NumberInput, Radio, Group, Select, TextInput, type ComboboxProps, type SelectProps, type TextInputProps } from '@mantine/core';
import dayjs from 'dayjs';
import { Controller, get, useFormContext, type FieldPath } from 'react-hook-form';
import { TextareaWithCount } from '../../shared/display';
import type { ReportFormValues } from './form-values';

export type FieldName = FieldPath<ReportFormValues>;

/**
 * The dropdown of every select and autocomplete of the form, which lives in a modal (full-screen
 * on a phone). `floatingStrategy: 'fixed'` places it in viewport coordinates: with the default
 * 'absolute' the modal's scroll lock gave it wrong document coordinates, so on a touch phone it
 * stuck out past the right edge, the phone widened the page to fit it, the modal re-laid out and
 * the dropdown closed and reopened in a loop (the modal jumped and no option could be tapped).
 */
export const REPORT_FORM_COMBOBOX_PROPS = { withinPortal: true, zIndex: 1000, floatingStrategy: 'fixed' } as const satisfies ComboboxProps;

/** The validation message of a field, if any. */
export function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext<ReportFormValues>();
  const error: unknown = get(formState.errors, name);
  return error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' ? error.message : undefined;
}

interface BaseProps {
  name: FieldName;
  label: string;
  required?: boolean;
  description?: string;
}

export function TextField({ name, label, required, description, ...rest }: BaseProps & Omit<TextInputProps, 'name' | 'label'>) {
  const { register } = useFormContext<ReportFormValues>();
  return <TextInput label={label} withAsterisk={required} description={description} error={useFieldError(name)} {...rest} {...register(name)} />;
}

/** A date that may not be in the future (max = today). */
export function DateField({ name, label, required }: BaseProps) {
  const { register } = useFormContext<ReportFormValues>();
  return (
    <TextInput
      type="date"
      label={label}
      withAsterisk={required}
      error={useFieldError(name)}
      {...register(name)}
      max={dayjs().format('YYYY-MM-DD')}
    />
  );
}

export function TextAreaField({ name, label, required, max = 2000 }: BaseProps & { max?: number }) {
  const { register } = useFormContext<ReportFormValues>();
  return <TextareaWithCount label={label} withAsterisk={required} error={useFieldError(name)} {...register(name)} max={max} />;
}

/** A number (min 0 unless told): an empty input is null. */
export function NumberField({ name, label, step = 1, min = 0, max, suffix }: BaseProps & { step?: number; min?: number; max?: number; suffix?: string }) {
  const { control } = useFormContext<ReportFormValues>();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={label}
          min={min}
          max={max}
          step={step}
          decimalScale={step < 1 ? 2 : 0}
          allowNegative={false}
          decimalSeparator=","
          rightSection={suffix}
          rightSectionWidth={suffix ? 44 : undefined}
          value={typeof field.value === 'number' ? field.value : ''}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : value === '' ? null : Number(value.replace(',', '.')))}
          onBlur={field.onBlur}
          ref={field.ref}
          error={error}
        />
      )}
    />
  );
}

export interface Option {
  value: string;
  label: string;
}

/** A select; `numeric` stores the option as a number (reference-list ids). */
export function SelectField({
  name,
  label,
  required,
  data,
  numeric = false,
  ...rest
}: BaseProps & { data: Option[]; numeric?: boolean } & Omit<SelectProps, 'name' | 'label' | 'data' | 'value' | 'onChange'>) {
  const { control } = useFormContext<ReportFormValues>();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          withAsterisk={required}
          placeholder="Seleccionar..."
          data={data}
          clearable={!required}
          allowDeselect={!required}
          comboboxProps={REPORT_FORM_COMBOBOX_PROPS}
          value={field.value === null || field.value === undefined ? null : String(field.value as string | number)}
          onChange={(value) => field.onChange(value === null ? null : numeric ? Number(value) : value)}
          onBlur={field.onBlur}
          ref={field.ref}
          error={error}
          {...rest}
        />
      )}
    />
  );
}

/** A row of radio buttons (SI / NO, or the given options). */
export function ChoiceField({ name, label, required, options = YES_NO_OPTIONS }: BaseProps & { options?: Option[] }) {
  const { control } = useFormContext<ReportFormValues>();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Radio.Group
          label={label}
          withAsterisk={required}
          value={typeof field.value === 'string' ? field.value : null}
          onChange={field.onChange}
          error={error}
        >
          <Group mt={6} gap="lg">
            {options.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Group>
        </Radio.Group>
      )}
    />
  );
}

/** A phone number: only digits can be typed. */
export function PhoneField({ name, label }: BaseProps) {
  const { control } = useFormContext<ReportFormValues>();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextInput
          label={label}
          inputMode="numeric"
          autoComplete="tel"
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(event) => field.onChange(event.currentTarget.value.replace(/\D/g, ''))}
          onBlur={field.onBlur}
          ref={field.ref}
          error={error}
        />
      )}
    />
  );
}

export const YES_NO_OPTIONS: Option[] = [
  { value: 'SI', label: 'Sí' },
  { value: 'NO', label: 'No' },
];

export const NOTIFIED_OPTIONS: Option[] = [...YES_NO_OPTIONS, { value: 'Desconoce', label: 'No sabe' }];
