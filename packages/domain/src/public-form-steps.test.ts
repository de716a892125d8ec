import { describe, expect, it } from 'vitest';
import { canDeleteListItem, consolidateReportType, firstPublicFormStep, showsBackButton } from './public-form-steps.js';

describe('public form navigation', () => {
  it('starts a health professional at step 1 and others at step 2', () => {
    expect(firstPublicFormStep(true)).toBe(1);
    expect(firstPublicFormStep(false)).toBe(2);
  });

  it('shows Back on steps 2–8 (professional) or 3–8 (others)', () => {
    expect([1, 2, 3, 8, 9].map((step) => showsBackButton(step, true))).toEqual([false, true, true, true, false]);
    expect([2, 3, 8, 9].map((step) => showsBackButton(step, false))).toEqual([false, true, true, false]);
  });

  it('lets list items be deleted only while there are several', () => {
    expect(canDeleteListItem(1)).toBe(false);
    expect(canDeleteListItem(2)).toBe(true);
  });

  it("gives non-professionals sub-group '0' and the patient's country at step 7", () => {
    expect(consolidateReportType({ isMedic: false, Paciente: { Pais: 'UY' } })).toEqual({ Pais: 'UY', SubGroup: '0', SubGroupName: null });
    expect(consolidateReportType({ isMedic: true, Tipo: { Pais: 'AR', SubGroup: 4, SubGroupName: 'Falta de eficacia' } })).toEqual({
      Pais: 'AR',
      SubGroup: 4,
      SubGroupName: 'Falta de eficacia',
    });
  });
});
