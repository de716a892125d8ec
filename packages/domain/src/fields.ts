import { z } from 'zod';
import { FIELD_LIMITS } from './field-limits.js';
import { MSG } from './messages.js';

/**
 * Field builders shared by the schemas of this package. Each check that makes the next
 * ones meaningless aborts, so a field reports one message: the first rule it breaks.
 */

/** A string that must not be blank (trimmed); a missing value gives the same message. */
export function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message, abort: true });
}

/** A required e-mail: `requiredMessage` when blank or missing, `formatMessage` when malformed. */
export function requiredEmail(requiredMessage: string, formatMessage: string) {
  return requiredText(requiredMessage).regex(z.regexes.email, { error: formatMessage });
}

/** An optional e-mail: blank is accepted as '' and only the format (and `FIELD_LIMITS.email`) is checked otherwise. */
export function optionalEmail(formatMessage: string) {
  return z
    .string({ error: formatMessage })
    .trim()
    .max(FIELD_LIMITS.email, { error: MSG.generic.maxLength(FIELD_LIMITS.email), abort: true })
    .refine((value) => value === '' || z.regexes.email.test(value), { error: formatMessage });
}

/** A required password: never trimmed, so spaces count as characters. */
export function requiredPassword(message: string) {
  return z.string({ error: message }).min(1, { error: message, abort: true });
}

/** Select placeholders that mean "nothing chosen" (platform spec §5 'Users'). */
export const EMPTY_CHOICES: readonly string[] = ['none', 'Seleccionar...'];

/** Whether a select value is empty: missing, blank, or a placeholder. */
export function isEmptyChoice(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '' || EMPTY_CHOICES.includes(value.trim());
  return false;
}

/** A required select value (code or id): placeholders count as empty. */
export function requiredChoice(message: string) {
  return z
    .union([z.string(), z.number()], { error: message })
    .refine((value) => !isEmptyChoice(value), { error: message, abort: true });
}

/** The message of the first rule a value breaks, or null when it is valid. */
export function firstErrorMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/**
 * The message of the last rule a value breaks (fields in the schema's order), or null when it is
 * valid: the user form's alert, where the spec's checks run in order and "later messages win".
 */
export function lastErrorMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues.at(-1)?.message ?? null);
}

/**
 * Largest value of an `integer` (serial) id column. An id above it names no row, and must be
 * refused before it reaches the database (where it would fail the type, a 500); docs/api.md
 * 'Input rules'.
 */
export const MAX_DB_ID = 2_147_483_647;

/** Whether a value is a whole number from 1 to `MAX_DB_ID` (a storable id). */
export function isDbId(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_DB_ID;
}

/** A numeric id in a JSON body: a whole number from 1 to `MAX_DB_ID`; `message` when missing or not a number, `rangeMessage` otherwise. */
export function dbId(message: string, rangeMessage: string = message) {
  return z
    .number({ error: message })
    .int({ error: rangeMessage })
    .min(1, { error: rangeMessage })
    .max(MAX_DB_ID, { error: rangeMessage });
}

/**
 * A numeric id in a path, a query string or a multipart field (text): only digits, from 1 to
 * `MAX_DB_ID` ('12abc', ' 1', '1e3', '-1', '0x10' and 99999999999 are refused with `message`).
 */
export function dbIdText(message: string) {
  return z
    .string({ error: message })
    // No trimming: the OpenAPI document shows the pattern, and ' 1' is not an id.
    .regex(/^\d{1,10}$/, { error: message, abort: true })
    .transform((value, ctx) => {
      const id = Number(value);
      if (!isDbId(id)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return id;
    });
}
