import { publicFormStepSchema } from '@atalaya/domain';
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, Resolver } from 'react-hook-form';
import type { ReportFormValues } from './form-values';

/** What the form passes to its resolver (react-hook-form's `context` option). */
export interface StepContext {
  step: number;
}

/**
 * Validates the form values with the domain schema of the current step (platform spec §5
 * 'Public form'); steps without rules always pass.
 *
 * Each field shows the message of its first issue, exactly as the domain (and the server)
 * words it. `zodResolver` is not used: for a union (a required select, `requiredChoice`) it
 * shows the closest member's generic zod message ('Invalid input: expected string, received
 * null') instead of the union's own message ('Debe seleccionar un tipo de acontecimiento').
 */
export const stepResolver: Resolver<ReportFormValues, StepContext> = (values, context, options) => {
  const schema = context ? publicFormStepSchema(values.isMedic, context.step) : null;
  if (!schema) return { values, errors: {} };
  const result = schema.safeParse(values);
  if (result.success) return { values, errors: {} };
  const errors: Record<string, FieldError> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: toNestErrors(errors, options) };
};
