import type { ComboboxProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { get, useFormState, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { messageOf } from './codecs';

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
