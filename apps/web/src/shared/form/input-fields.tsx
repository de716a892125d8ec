import { FIELD_LIMITS } from '@atalaya/domain';
import { NumberInput, PasswordInput, Textarea, TextInput, type MantineSpacing, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import type { FieldValues } from 'react-hook-form';
import { decimalsOfStep, numberFromInput, numberFromPaste, phoneCharacters } from './codecs';
import { parseTypedDate, todayIso } from './dates';
import { FIELD_COMBOBOX_PROPS, inputProps, textInputProps, useBoundField, type FieldProps } from './field-props';
import { TextareaWithCount } from './textarea-with-count';

type TextInputRest = Omit<TextInputProps, 'name' | 'label' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'required' | 'disabled' | 'description'>;

/** A one-line text. */
export function TextField<T extends FieldValues>({ control, name, label, required, disabled, description, autoComplete, ...rest }: FieldProps<T> & TextInputRest) {
  const bound = useBoundField(control, name, disabled);
  return <TextInput {...inputProps({ label, required, description }, bound)} autoComplete={autoComplete ?? 'off'} {...rest} {...textInputProps(bound)} />;
}

/** A phone number: digits, spaces, hyphens, parentheses and a leading '+' can be typed. */
export function PhoneField<T extends FieldValues>({ control, name, label, required, disabled, description }: FieldProps<T>) {
  const bound = useBoundField(control, name, disabled);
  return <TextInput {...inputProps({ label, required, description }, bound)} type="tel" autoComplete="tel" maxLength={FIELD_LIMITS.phone} {...textInputProps(bound, phoneCharacters)} />;
}

export interface TextAreaFieldProps {
  /** Most characters. */
  max: number;
  /** A bare autosizing textarea, without the count bar. */
  plain?: boolean;
  minRows?: number;
  mt?: MantineSpacing;
  /** Focused when its modal opens. */
  'data-autofocus'?: boolean;
}

/** A textarea with the character-count bar (event spec §5), or `plain`. */
export function TextAreaField<T extends FieldValues>({ control, name, label, required, disabled, description, max, plain, ...rest }: FieldProps<T> & TextAreaFieldProps) {
  const bound = useBoundField(control, name, disabled);
  const common = inputProps({ label, required, description }, bound);
  if (plain) return <Textarea {...common} maxLength={max} autosize {...rest} {...textInputProps(bound)} />;
  return <TextareaWithCount {...common} max={max} {...rest} {...textInputProps(bound)} />;
}

type PasswordRest = Omit<PasswordInputProps, 'name' | 'label' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'required' | 'disabled' | 'description'>;

/** A password (shown or hidden by its eye button). */
export function PasswordField<T extends FieldValues>({ control, name, label, required, disabled, description, ...rest }: FieldProps<T> & PasswordRest) {
  const bound = useBoundField(control, name, disabled);
  return <PasswordInput {...inputProps({ label, required, description }, bound)} {...rest} {...textInputProps(bound)} />;
}

export interface NumberFieldProps {
  /** Smallest value (default 0); negatives can be typed only below 0. */
  min?: number;
  max?: number;
  step?: number;
  /** Decimals that can be typed (default: those of `step`). */
  decimals?: number;
  /** A unit shown inside the input (e.g. 'kg'). */
  suffix?: string;
  /** Rewrites the value when the field is left (a height typed in centimetres → metres). */
  normalize?: (value: number) => number;
}

/** A number: an empty input is null; decimals with a comma. */
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
  decimals = decimalsOfStep(step),
  suffix,
  normalize,
}: FieldProps<T> & NumberFieldProps) {
  const bound = useBoundField(control, name, disabled);
  const { field } = bound;
  const common = inputProps({ label, required, description }, bound);
  return (
    <NumberInput
      {...common}
      onBlur={() => {
        if (normalize && typeof field.value === 'number') {
          const normalized = normalize(field.value);
          if (normalized !== field.value) field.onChange(normalized);
        }
        common.onBlur();
      }}
      min={min}
      max={max}
      step={step}
      decimalScale={decimals}
      allowDecimal={decimals > 0}
      allowNegative={min < 0}
      decimalSeparator=","
      rightSection={suffix}
      rightSectionWidth={suffix ? 44 : undefined}
      value={typeof field.value === 'number' ? field.value : ''}
      onChange={(value) => field.onChange(numberFromInput(value))}
      onPaste={(event) => {
        // The input would drop the dot of a pasted '1.65' (its separator is ',') and keep 165.
        const input = event.currentTarget;
        const replacesAll = input.selectionStart === 0 && input.selectionEnd === input.value.length;
        const pasted = numberFromPaste(event.clipboardData.getData('text'));
        if (!replacesAll || pasted === null || pasted < min || (decimals === 0 && !Number.isInteger(pasted))) return;
        event.preventDefault();
        field.onChange(pasted);
      }}
    />
  );
}

export interface DateFieldProps {
  /** Future dates can be chosen (by default the latest is today). */
  allowFuture?: boolean;
}

/**
 * A date held as 'YYYY-MM-DD', shown DD/MM/YYYY whatever the browser's language (not the
 * browser's own date input, which follows it), typed or picked; null when empty.
 */
export function DateField<T extends FieldValues>({ control, name, label, required, disabled, description, allowFuture }: FieldProps<T> & DateFieldProps) {
  const bound = useBoundField(control, name, disabled);
  const { field } = bound;
  const common = inputProps({ label, required, description }, bound);
  const latest = allowFuture ? undefined : todayIso();
  return (
    <DateInput
      {...common}
      placeholder="DD/MM/AAAA"
      valueFormat="DD/MM/YYYY"
      dateParser={parseTypedDate}
      locale="es"
      maxDate={latest}
      clearable
      popoverProps={FIELD_COMBOBOX_PROPS}
      value={typeof field.value === 'string' && field.value !== '' ? field.value : null}
      onChange={(value) => field.onChange(value)}
    />
  );
}
