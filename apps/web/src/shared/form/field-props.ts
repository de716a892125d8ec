import type { ComboboxProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { get, useController, useFormState, type Control, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';
import { messageOf, textOf } from './codecs';

/**
 * What every field of the kit takes: the form's `control` and the field's `name` (a typed
 * path), its visible label (its accessible name: Playwright and screen readers find it by it).
 */
export interface FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  description?: ReactNode;
}

/** The Spanish message the schema gave a field, if any (also of a nested value such as `Producto.Id`). */
export function useFieldMessage<T extends FieldValues>(control: Control<T>, name: FieldPath<T>): string | undefined {
  const { errors } = useFormState({ control, name });
  return messageOf(get(errors, name));
}

/** Fields are read-only while their form submits, and when told. */
export function useFieldDisabled<T extends FieldValues>(control: Control<T>, disabled: boolean | undefined): boolean {
  const { isSubmitting } = useFormState({ control });
  return disabled === true || isSubmitting;
}

/**
 * Dropdowns above modals (the RAM modal, the public report modal) and the page. `fixed`
 * positioning: with Mantine's default ('absolute') a dropdown inside a scroll-locked modal on a
 * touch phone lands off screen, the page widens, the modal jumps and its options cannot be tapped
 * (e2e/tests/public-report-phone.spec.ts).
 */
export const FIELD_COMBOBOX_PROPS = { withinPortal: true, zIndex: 1000, floatingStrategy: 'fixed' } as const satisfies ComboboxProps;

/** A field bound to its form: react-hook-form's `field`, the schema's message and whether it is read-only. */
export interface BoundField<T extends FieldValues> {
  field: ControllerRenderProps<T, FieldPath<T>>;
  error: string | undefined;
  readOnly: boolean;
}

/** Binds a field of the kit to its form (what every field does first). */
export function useBoundField<T extends FieldValues>(control: Control<T>, name: FieldPath<T>, disabled: boolean | undefined): BoundField<T> {
  const { field } = useController({ control, name });
  const error = useFieldMessage(control, name);
  const readOnly = useFieldDisabled(control, disabled);
  return { field, error, readOnly };
}

/**
 * The props every Mantine input of the kit gets: the label (with the asterisk when required),
 * the description, the message, disabled while read-only, and the form's blur and ref.
 */
export function inputProps<T extends FieldValues>(
  { label, required, description }: Pick<FieldProps<T>, 'label' | 'required' | 'description'>,
  { field, error, readOnly }: BoundField<T>,
) {
  return { label, withAsterisk: required, disabled: readOnly, description, error, onBlur: field.onBlur, ref: field.ref };
}

/** A text input's value and change handler; `toForm` turns the typed text into the form's value. */
export function textInputProps<T extends FieldValues>({ field }: BoundField<T>, toForm: (text: string) => string = (text) => text) {
  return {
    value: textOf(field.value),
    onChange: (event: { currentTarget: { value: string } }) => field.onChange(toForm(event.currentTarget.value)),
  };
}
