import { MSG, recoveryInputSchema } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { recoveryBody, recoveryInputOf, recoveryValuesOf } from './recovery-values';

describe('the recovery form', () => {
  it('opens empty without a recovery and needs the yes/no answer', () => {
    const values = recoveryValuesOf(null);
    expect(values).toMatchObject({ HaveProduct: '', Date: null, ContactName: '' });
    const result = recoveryInputSchema.safeParse(recoveryInputOf(values));
    expect(result.error?.issues[0]?.message).toBe(MSG.generic.radio);
  });

  it('sends the related medication, the case and the answers; blank texts become null', () => {
    const values = { ...recoveryValuesOf(null), HaveProduct: 'SI' as const, Date: '2026-10-10', DateExpiration: '2029-01-31', ContactName: ' Ana ' };
    const body = recoveryBody(values, { medicationId: 5, meta: 'meta-1' });
    expect(body).toMatchObject({ Id: 5, IdER: 'meta-1', HaveProduct: true });
    expect(recoveryInputSchema.parse(recoveryInputOf(values))).toMatchObject({ HaveProduct: true, ContactName: 'Ana', NameFun: null, DateExpiration: '2029-01-31' });
  });

  it('refuses a future recovery date, as the server does', () => {
    const values = { ...recoveryValuesOf(null), HaveProduct: 'NO' as const, Date: '2999-01-01' };
    expect(recoveryInputSchema.safeParse(recoveryInputOf(values)).error?.issues[0]?.message).toBe(MSG.generic.futureDate);
  });
});
