import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** Where a schema issue is shown: the form field that holds the value (its dotted path). */
export type FieldOf = (path: readonly PropertyKey[]) => string;

const samePath: FieldOf = (path) => path.map(String).join('.');

/**
 * The first message of each form field, from a domain schema's issues. Several issues may land
 * on one field (`fieldOf` maps a body path such as `LineaId2` onto the form's `Lineas`): the
 * first one wins, as the server would report it.
 */
export function fieldMessages(issues: readonly z.core.$ZodIssue[], fieldOf: FieldOf = samePath): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) messages[fieldOf(issue.path)] ??= issue.message;
  return messages;
}

/**
 * A react-hook-form resolver that runs a domain schema over the body the form would send
 * (`toInput(values)`), so the browser checks exactly what the server checks, with its Spanish
 * messages. Not `zodResolver`: for unions and preprocessed fields it shows zod's generic English
 * message (see public-report/step-resolver.ts), and a form's shape may differ from the body's
 * (a multi-select feeds two ids). Valid values pass on as they are: the caller builds the body.
 */
export function schemaResolver<TValues extends FieldValues>(schema: z.ZodType, toInput: (values: TValues) => unknown, fieldOf?: FieldOf): Resolver<TValues> {
  return (values, _context, options) => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const [field, message] of Object.entries(fieldMessages(result.error.issues, fieldOf))) errors[field] = { type: 'validate', message };
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/** The body a form sends (`toInput(values)`) as the domain schema outputs it, or null when the form is invalid. */
export function schemaParser<TValues, TOutput>(schema: z.ZodType<TOutput>, toInput: (values: TValues) => unknown): (values: TValues) => TOutput | null {
  return (values) => {
    const result = schema.safeParse(toInput(values));
    return result.success ? result.data : null;
  };
}
