import { Checkbox, Group, NumberInput, Radio, Select, type SelectProps } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { Controller, get, useFormState, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { parseTypedDate, todayIso } from '../../../shared/form';

/** The textarea with the character-count bar, shared with the wizard's steps. */
export { TextAreaField } from '../form-fields';

/**
 * Controlled fields of the medication form and the adverse-event modal: each binds one form
 * value, shows its label (Playwright and screen readers find the field by it) and the first
 * message the domain schema gives for it.
 */

/** Dropdowns above the RAM modal too. */
export const FIELD_COMBOBOX_PROPS = { withinPortal: true, zIndex: 1000 } as const;

/** The message of a field, if any. */
export function useFieldMessage<T extends FieldValues>(control: Control<T>, name: FieldPath<T>): string | undefined {
  const { errors } = useFormState({ control, name });
  const error: unknown = get(errors, name);
  return error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' ? error.message : undefined;
}

interface FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  description?: string;
  disabled?: boolean;
}

/** A date shown DD/MM/YYYY, stored 'YYYY-MM-DD' (null when empty); no future date can be picked unless `allowFuture`. */
export function DateField<T extends FieldValues>({ control, name, label, required, description, disabled, allowFuture }: FieldProps<T> & { allowFuture?: boolean }) {
  const error = useFieldMessage(control, name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateInput
          label={label}
          withAsterisk={required}
          description={description}
          placeholder="DD/MM/AAAA"
          valueFormat="DD/MM/YYYY"
          dateParser={parseTypedDate}
          locale="es"
          maxDate={allowFuture ? undefined : todayIso()}
          clearable
          popoverProps={FIELD_COMBOBOX_PROPS}
          value={typeof field.value === 'string' && field.value !== '' ? field.value : null}
          onChange={(value) => field.onChange(value)}
          onBlur={field.onBlur}
          ref={field.ref}
          error={error}
          disabled={disabled}
        />
      )}
    />
  );
}

/** A number ≥ 0 (',' as the decimal separator); empty is null. */
export function NumberField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  description,
  disabled,
  step = 1,
  decimals = 0,
}: FieldProps<T> & { step?: number; decimals?: number }) {
  const error = useFieldMessage(control, name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={label}
          withAsterisk={required}
          description={description}
          min={0}
          step={step}
          decimalScale={decimals}
          allowNegative={false}
          allowDecimal={decimals > 0}
          decimalSeparator=","
          value={typeof field.value === 'number' ? field.value : ''}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : value === '' ? null : Number(value.replace(',', '.')))}
          onBlur={field.onBlur}
          ref={field.ref}
          error={error}
          disabled={disabled}
        />
      )}
    />
  );
}

export interface IdOption {
  value: string;
  label: string;
}

/** Options of a reference list ({Id, Nombre}). */
export function listOptions(rows: readonly { Id: number; Nombre: string }[] | undefined): IdOption[] {
  return (rows ?? []).map((row) => ({ value: String(row.Id), label: row.Nombre }));
}

/** A select of a reference list, stored as the numeric id (null when none is chosen). */
export function IdSelectField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  description,
  disabled,
  data,
  ...rest
}: FieldProps<T> & { data: IdOption[] } & Omit<SelectProps, 'name' | 'label' | 'data' | 'value' | 'onChange' | 'required'>) {
  const error = useFieldMessage(control, name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          withAsterisk={required}
          description={description}
          placeholder="Seleccionar..."
          data={data}
          clearable={!required}
          allowDeselect={!required}
          comboboxProps={FIELD_COMBOBOX_PROPS}
          value={typeof field.value === 'number' ? String(field.value) : null}
          onChange={(value) => field.onChange(value === null ? null : Number(value))}
          onBlur={field.onBlur}
          ref={field.ref}
          error={error}
          disabled={disabled}
          {...rest}
        />
      )}
    />
  );
}

/** A checkbox bound to a boolean. */
export function CheckboxField<T extends FieldValues>({ control, name, label, disabled }: Omit<FieldProps<T>, 'required' | 'description'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox
          label={label}
          checked={field.value === true}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
          ref={field.ref}
          disabled={disabled}
        />
      )}
    />
  );
}

/**
 * A SI / NO choice stored as 'SI', 'NO' or '' (not answered yet), as the adverse-event,
 * classification and recovery forms hold it (the steps' `YesNoField` holds a boolean).
 */
export function YesNoRadioField<T extends FieldValues>({ control, name, label, required, disabled }: Omit<FieldProps<T>, 'description'>) {
  const error = useFieldMessage(control, name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Radio.Group label={label} withAsterisk={required} value={typeof field.value === 'string' ? field.value : ''} onChange={(value) => field.onChange(value)} error={error}>
          <Group mt={6} gap="lg">
            <Radio value="SI" label="SI" disabled={disabled} />
            <Radio value="NO" label="NO" disabled={disabled} />
          </Group>
        </Radio.Group>
      )}
    />
  );
}
