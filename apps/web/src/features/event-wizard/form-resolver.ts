import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** The first message of each field (dotted path), from a domain schema's issues. */
export function issueMessages(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) messages[issue.path.map(String).join('.')] ??= issue.message;
  return messages;
}

/**
 * A react-hook-form resolver that runs a domain schema over the body the form would send
 * (`toInput(values)`), so the browser checks what the server checks, with its Spanish messages.
 * Not `zodResolver`: for unions and preprocessed fields it shows zod's generic English message
 * (see public-report/step-resolver.ts). The form keeps its own values; the caller builds the body.
 */
export function schemaResolver<TValues extends FieldValues>(schema: z.ZodType, toInput: (values: TValues) => unknown): Resolver<TValues> {
  return (values, _context, options) => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const [field, message] of Object.entries(issueMessages(result.error.issues))) errors[field] = { type: 'validate', message };
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
