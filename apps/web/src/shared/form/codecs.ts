/**
 * The pure conversions between form values and what the Mantine inputs hold: Mantine selects
 * and radios speak strings, the forms hold numbers, booleans, 'SI'/'NO' or null.
 */

/** A select or radio option. */
export interface Option {
  value: string;
  label: string;
}

/** Options of a reference list: the id as value, the given column as label. */
export function idOptions<R extends { Id: number }>(rows: readonly R[] | undefined, label: (row: R) => string): Option[] {
  return (rows ?? []).map((row) => ({ value: String(row.Id), label: label(row) }));
}

/** Options of a reference list ({Id, Nombre}). */
export function listOptions(rows: readonly { Id: number; Nombre: string }[] | undefined): Option[] {
  return idOptions(rows, (row) => row.Nombre);
}

/** A text input's value: anything but a string shows as empty. */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A number the form can hold, from a loosely typed value (a draft holds schema inputs): blank or not a number is null. */
export function numberOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** A reference-list id the form can hold: blank or not an integer is null. */
export const idOf = (value: unknown): number | null => {
  const id = numberOf(value);
  return id !== null && Number.isInteger(id) ? id : null;
};

/** A choice or 'YYYY-MM-DD' date the form can hold: a non-empty string, else null. */
export const stringOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A typed text as it is sent: trimmed, blank is null. */
export const trimmedOrNull = (text: string | null | undefined): string | null => (text ?? '').trim() || null;

/** A yes/no answer the form can hold: a boolean, else null (not answered). */
export const flagOf = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

/** Reads a loosely typed record into a form's values, each field through its own conversion. */
export function readFields<F extends Record<string, (value: unknown) => unknown>>(fields: F, input: object): { [K in keyof F]: ReturnType<F[K]> } {
  const source = input as Record<string, unknown>;
  return Object.fromEntries(Object.entries(fields).map(([name, read]) => [name, read(source[name])])) as { [K in keyof F]: ReturnType<F[K]> };
}

/** The form values as the same JSON, to tell whether a form differs from where it started. */
export const formChanged = (values: object, baseline: object): boolean => JSON.stringify(values) !== JSON.stringify(baseline);

/** A string select's value: null or undefined is no choice. */
export const selectValueOf = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' || typeof value === 'number' ? String(value) : null;

/** A reference-list id shown in a select: a number becomes its string, anything else no choice. */
export const idToSelect = (value: unknown): string | null => (typeof value === 'number' ? String(value) : null);

/** A select's string back to the numeric id (null when cleared). */
export const idFromSelect = (value: string | null): number | null => (value === null || value === '' ? null : Number(value));

/** A product choice shown in a select: its id, whether the form holds the id or an object with `Id`. */
export function productToSelect(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && 'Id' in value && typeof value.Id === 'number') return String(value.Id);
  return null;
}

/** What a NumberInput reports, as the form's number: empty is null; a typed '1,5' is 1.5. */
export const numberFromInput = (value: number | string): number | null =>
  typeof value === 'number' ? value : value === '' ? null : Number(value.replace(',', '.'));

/**
 * A number pasted into a NumberInput whose decimal separator is ',': '1.65' (a dot, as most
 * sources write it) and '1,65' both give 1.65; anything else is left to the input (null).
 */
export const numberFromPaste = (text: string): number | null => {
  const trimmed = text.trim();
  return /^-?\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : null;
};

/** The decimals a step allows (0.01 → 2, 1 → 0). */
export const decimalsOfStep = (step: number): number => (step < 1 ? Math.max(0, -Math.floor(Math.log10(step))) : 0);

/**
 * A phone number as typed: digits, spaces, hyphens, parentheses and one '+' before them all
 * (the country code); anything else is dropped (the schema's PHONE_PATTERN).
 */
export const phoneCharacters = (text: string): string =>
  text.replace(/[^\d\s()+-]/g, '').replace(/\+/g, (plus: string, offset: number, whole: string) => (whole.slice(0, offset).trim() === '' ? plus : ''));

/**
 * How a yes/no question is held in the form: the value of "yes" and of "no". Anything else
 * (null, '') is "not answered yet".
 */
export interface YesNoCodec<V extends string | boolean> {
  readonly yes: V;
  readonly no: V;
}

/** Held as a boolean (the wizard's own steps). */
export const BOOLEAN_YES_NO: YesNoCodec<boolean> = { yes: true, no: false };

/** Held as the spec's 'SI' / 'NO' strings (RAM, classification, recovery, public report). */
export const SI_NO: YesNoCodec<'SI' | 'NO'> = { yes: 'SI', no: 'NO' };

/** The radio's value for a form value (null when not answered). */
export function yesNoToRadio<V extends string | boolean>(codec: YesNoCodec<V>, value: unknown): string | null {
  if (value === codec.yes) return String(codec.yes);
  if (value === codec.no) return String(codec.no);
  return null;
}

/** The form value for the chosen radio. */
export const yesNoFromRadio = <V extends string | boolean>(codec: YesNoCodec<V>, radio: string): V =>
  radio === String(codec.yes) ? codec.yes : codec.no;

/** The message of a field's error, or of the first nested error (an object field such as `Producto.Id`). */
export function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  if (Array.isArray(error)) return undefined;
  for (const [key, nested] of Object.entries(error)) {
    if (key === 'ref' || key === 'type' || key === 'types' || key === 'message') continue;
    const message = messageOf(nested);
    if (message !== undefined) return message;
  }
  return undefined;
}
