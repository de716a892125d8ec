import { NO_TEXT, YES_TEXT } from '@atalaya/domain';
import { Checkbox, Group, MultiSelect, NativeSelect, Radio, Select, Switch, type ComboboxItem, type MantineSpacing, type MultiSelectProps, type SelectProps } from '@mantine/core';
import type { ChangeEvent, ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { BOOLEAN_YES_NO, idFromSelect, idToSelect, selectValueOf, yesNoFromRadio, yesNoToRadio, type Option, type YesNoCodec } from './codecs';
import { FIELD_COMBOBOX_PROPS, inputProps, useBoundField, type BoundField, type FieldProps } from './field-props';

/** Further Select props (`searchable`, `limit`, `comboboxProps`…); the kit sets value, label and error. */
export type SelectRest = Omit<SelectProps, 'name' | 'label' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'required' | 'disabled' | 'description'>;

interface SelectFieldProps<V> extends SelectRest {
  /** Called after the form value is set (e.g. to keep a label beside an id). */
  onChosen?: (value: V | null, option: ComboboxItem | null) => void;
  /**
   * A browser's own `<select>` instead of Mantine's combobox (every option always listed, no
   * search, no clearing): of the rest it takes `data` (plain options) and `style`.
   */
  native?: boolean;
}

/** The select every field shows; `toForm` turns Mantine's string into the form's value. */
function BoundSelect<T extends FieldValues, V>({
  control,
  name,
  label,
  required,
  disabled,
  description,
  toSelect,
  toForm,
  onChosen,
  native,
  ...rest
}: FieldProps<T> & SelectFieldProps<V> & { toSelect(value: unknown): string | null; toForm(value: string | null): V | null }) {
  const bound = useBoundField(control, name, disabled);
  const { field } = bound;
  const common = inputProps({ label, required, description }, bound);
  const choose = (value: string | null, option: ComboboxItem | null) => {
    const chosen = toForm(value);
    field.onChange(chosen);
    onChosen?.(chosen, option);
  };
  if (native) {
    const options: ComboboxItem[] = (Array.isArray(rest.data) ? rest.data : []).flatMap((item: unknown) =>
      typeof item === 'string' ? [{ value: item, label: item }] : item && typeof item === 'object' && 'value' in item && 'label' in item ? [item as ComboboxItem] : [],
    );
    return (
      <NativeSelect
        {...common}
        style={rest.style}
        data={options}
        value={toSelect(field.value) ?? ''}
        onChange={(event) => {
          const value = event.currentTarget.value === '' ? null : event.currentTarget.value;
          choose(value, options.find((option) => option.value === value) ?? null);
        }}
      />
    );
  }
  return (
    <Select
      {...common}
      placeholder="Seleccionar..."
      nothingFoundMessage="Sin resultados"
      clearable={!required}
      allowDeselect={!required}
      comboboxProps={FIELD_COMBOBOX_PROPS}
      {...rest}
      value={toSelect(field.value)}
      onChange={(value, option) => choose(value, value === null ? null : option)}
    />
  );
}

/** A select over string values (a country code, an age unit); clearing gives null. */
export function SelectField<T extends FieldValues>(props: FieldProps<T> & SelectFieldProps<string>) {
  return <BoundSelect<T, string> {...props} toSelect={selectValueOf} toForm={(value) => value} />;
}

/** A select of a reference list, held as the numeric id (null when none is chosen). */
export function IdSelectField<T extends FieldValues>(props: FieldProps<T> & SelectFieldProps<number>) {
  return <BoundSelect<T, number> {...props} toSelect={idToSelect} toForm={idFromSelect} />;
}

/** Radio buttons bound to the form; `toRadio` and `fromRadio` convert between the form's value and a radio's. */
function BoundRadios<T extends FieldValues, V>({
  control,
  name,
  label,
  required,
  disabled,
  description,
  options,
  toRadio,
  fromRadio,
  onChosen,
}: FieldProps<T> & { options: readonly Option[]; toRadio(value: unknown): string | null; fromRadio(radio: string): V; onChosen?: (value: V) => void }) {
  const { field, error, readOnly } = useBoundField(control, name, disabled);
  return (
    <Radio.Group
      label={label}
      withAsterisk={required}
      description={description}
      value={toRadio(field.value)}
      onChange={(radio) => {
        const value = fromRadio(String(radio));
        field.onChange(value);
        onChosen?.(value);
      }}
      error={error}
    >
      <Group mt={6} gap="lg">
        {options.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} disabled={readOnly} aria-invalid={error ? true : undefined} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** Radio buttons over string values (e.g. F / M). */
export function RadioField<T extends FieldValues>(props: FieldProps<T> & { options: readonly Option[]; onChosen?: (value: string) => void }) {
  return <BoundRadios<T, string> {...props} toRadio={(value) => (typeof value === 'string' ? value : null)} fromRadio={(radio) => radio} />;
}

export interface YesNoFieldProps<V extends string | boolean> {
  /** How the answer is held: a boolean (default) or the spec's 'SI' / 'NO' (`SI_NO`). */
  codec?: YesNoCodec<V>;
  yesLabel?: string;
  noLabel?: string;
  onChosen?: (value: V) => void;
}

/** A yes/no question; not answered while the form holds neither value (null, ''). */
export function YesNoField<T extends FieldValues, V extends string | boolean = boolean>({
  codec = BOOLEAN_YES_NO as unknown as YesNoCodec<V>, // the default V is boolean
  yesLabel = YES_TEXT,
  noLabel = NO_TEXT,
  ...props
}: FieldProps<T> & YesNoFieldProps<V>) {
  const options = [
    { value: String(codec.yes), label: yesLabel },
    { value: String(codec.no), label: noLabel },
  ];
  return <BoundRadios<T, V> {...props} options={options} toRadio={(value) => yesNoToRadio(codec, value)} fromRadio={(radio) => yesNoFromRadio(codec, radio)} />;
}

/** The props of a checkbox or a switch held as a boolean. */
function toggleProps<T extends FieldValues>({ field, error, readOnly }: BoundField<T>, onChosen?: (value: boolean) => void, codec: YesNoCodec<string | boolean> = BOOLEAN_YES_NO) {
  return {
    disabled: readOnly,
    checked: field.value === codec.yes,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      field.onChange(event.currentTarget.checked ? codec.yes : codec.no);
      onChosen?.(event.currentTarget.checked);
    },
    onBlur: field.onBlur,
    ref: field.ref,
    error,
    'aria-invalid': error ? true : undefined,
  };
}

/** A checkbox held as a boolean; the label may hold a link (the terms). */
export function CheckboxField<T extends FieldValues>({
  control,
  name,
  label,
  disabled,
  description,
}: Omit<FieldProps<T>, 'label' | 'required'> & { label: ReactNode }) {
  const bound = useBoundField(control, name, disabled);
  return <Checkbox label={label} description={description} {...toggleProps(bound)} />;
}

/** An on/off switch held as a boolean (or as `codec` says, e.g. the strings 'true' / 'false'). */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
  disabled,
  description,
  onChosen,
  codec,
  mt,
}: Omit<FieldProps<T>, 'required'> & { onChosen?: (value: boolean) => void; codec?: YesNoCodec<string | boolean>; mt?: MantineSpacing }) {
  const bound = useBoundField(control, name, disabled);
  return <Switch label={label} description={description} mt={mt} {...toggleProps(bound, onChosen, codec)} />;
}

type MultiSelectRest = Omit<MultiSelectProps, 'name' | 'label' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'required' | 'disabled' | 'description'>;

/** Several choices, held as their string values (`numeric`: as the numeric ids of a reference list). */
export function MultiSelectField<T extends FieldValues>({ control, name, label, required, disabled, description, numeric, ...rest }: FieldProps<T> & MultiSelectRest & { numeric?: boolean }) {
  const bound = useBoundField(control, name, disabled);
  const { field } = bound;
  const values: unknown[] = Array.isArray(field.value) ? field.value : [];
  return (
    <MultiSelect
      {...inputProps({ label, required, description }, bound)}
      comboboxProps={FIELD_COMBOBOX_PROPS}
      {...rest}
      value={values.map(String)}
      onChange={(chosen) => field.onChange(numeric ? chosen.map(Number) : chosen)}
    />
  );
}
