import { publicFormStepSchema } from '@atalaya/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { ReportFormValues } from './form-values';

/** What the form passes to its resolver (react-hook-form's `context` option). */
export interface StepContext {
  step: number;
}

/**
 * Validates the form values with the domain schema of the current step (platform spec §5
 * 'Public form'); steps without rules always pass.
 */
export const stepResolver: Resolver<ReportFormValues, StepContext> = (values, context, options) => {
  const schema = context ? publicFormStepSchema(values.isMedic, context.step) : null;
  if (!schema) return { values, errors: {} };
  // The step schema reads a slice of ReportFormValues; its parsed output is not used.
  const resolve = zodResolver(schema as z.ZodType<FieldValues, FieldValues>) as unknown as Resolver<ReportFormValues, StepContext>;
  return resolve(values, context, options);
};
