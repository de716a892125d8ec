import type { ErRecovery } from '@atalaya/domain';

/**
 * The Recuperacion tab's form (event spec §3 Recuperado, §5): its values, how a stored recovery
 * fills it, and the body of `updateMedicamentoRecuperado`. The domain's `recoveryInputSchema`
 * checks it in the browser and on the server.
 */

export const RECOVERY_TEXT_FIELDS = [
  'ContactName',
  'ContactAddress',
  'PlaceManufacture',
  'ConditionStorage',
  'StateConsFirst',
  'AmountComp',
  'NameFun',
  'StateConsSecond',
] as const;
export type RecoveryTextField = (typeof RECOVERY_TEXT_FIELDS)[number];

export type RecoveryValues = {
  HaveProduct: 'SI' | 'NO' | '';
  Date: string | null;
  DateExpiration: string | null;
} & Record<RecoveryTextField, string>;

/** The form as a stored recovery (or none) fills it. */
export function recoveryValuesOf(recovery: ErRecovery | null): RecoveryValues {
  const texts = Object.fromEntries(RECOVERY_TEXT_FIELDS.map((field) => [field, recovery?.[field] ?? ''])) as Record<RecoveryTextField, string>;
  return {
    HaveProduct: recovery ? (recovery.HaveProduct ? 'SI' : 'NO') : '',
    Date: recovery?.Date ?? null,
    DateExpiration: recovery?.DateExpiration ?? null,
    ...texts,
  };
}

/** The recovery part of the body; the yes/no answer stays undefined until chosen. */
export function recoveryInputOf(values: RecoveryValues) {
  return {
    ...values,
    HaveProduct: values.HaveProduct === '' ? undefined : values.HaveProduct === 'SI',
  };
}

/** `updateMedicamentoRecuperado`: the related medication, its case and the recovery. */
export function recoveryBody(values: RecoveryValues, target: { medicationId: number; meta: string }) {
  return { Id: target.medicationId, IdER: target.meta, ...recoveryInputOf(values) };
}
