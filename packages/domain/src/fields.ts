import { z } from 'zod';

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

/** An optional e-mail: blank is accepted as '' and only the format is checked otherwise. */
export function optionalEmail(formatMessage: string) {
  return z
    .string({ error: formatMessage })
    .trim()
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
