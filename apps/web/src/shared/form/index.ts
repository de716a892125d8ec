/**
 * The form kit: react-hook-form fields on Mantine inputs, for every form of the app. Each
 * field is bound by `control` and a typed `name`, shows its visible label (its accessible
 * name) and the schema's Spanish message (linked to the input, which is `aria-invalid`), and
 * is disabled while its form submits.
 */
export {
  BOOLEAN_YES_NO,
  decimalsOfStep,
  flagOf,
  formChanged,
  idOf,
  idFromSelect,
  idOptions,
  idToSelect,
  listOptions,
  messageOf,
  numberFromInput,
  numberOf,
  phoneCharacters,
  productToSelect,
  readFields,
  selectValueOf,
  SI_NO,
  stringOrNull,
  textOf,
  trimmedOrNull,
  yesNoFromRadio,
  yesNoToRadio,
  type Option,
  type YesNoCodec,
} from './codecs';
export { CheckboxField, IdSelectField, MultiSelectField, RadioField, SelectField, SwitchField, YesNoField, type SelectRest, type YesNoFieldProps } from './choice-fields';
export { parseTypedDate, todayIso } from './dates';
export { FIELD_COMBOBOX_PROPS, useFieldDisabled, useFieldMessage, type FieldProps } from './field-props';
export { DateField, NumberField, PasswordField, PhoneField, TextAreaField, TextField, type DateFieldProps, type NumberFieldProps, type TextAreaFieldProps } from './input-fields';
export { MEDDRA_MIN_CHARS, MeddraField, uniqueTerms, type MeddraChoice, type MeddraMatch, type MeddraSearch } from './meddra-field';
export { ProductField, type ProductFieldProps } from './product-field';
export { fieldMessages, schemaParser, schemaResolver, type FieldOf } from './schema-resolver';
export { TextareaWithCount, type TextareaWithCountProps } from './textarea-with-count';
