import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { referenceE2bCodeError } from '../reference-lists.js';
import { E2B_REFERENCE_CODE_RULES, e2bReferenceCode, isValidE2bReferenceCode } from './code-lists.js';
import { ichElement } from './ich-elements.js';

describe('the E2B codes of Parámetros', () => {
  it('allow the codes of the ICH table for C.1.3 and G.k.8, ICH route list 14 for routes and 8-digit EDQM codes for dose forms', () => {
    expect(E2B_REFERENCE_CODE_RULES.ReporteOriginador_Tipo.allowed).toEqual(ichElement('C.1.3')?.allowed);
    expect([...(E2B_REFERENCE_CODE_RULES.AccionMedicamento.allowed ?? [])].sort()).toEqual([...(ichElement('G.k.8')?.allowed ?? [])].sort());
    expect(isValidE2bReferenceCode('Via', '048')).toBe(true);
    expect(isValidE2bReferenceCode('Via', '067')).toBe(true);
    expect(isValidE2bReferenceCode('Via', '068')).toBe(false);
    expect(isValidE2bReferenceCode('Via', '20053000')).toBe(false);
    expect(isValidE2bReferenceCode('FormaFarmaceutica', '10219000')).toBe(true);
    expect(isValidE2bReferenceCode('FormaFarmaceutica', '1021900')).toBe(false);
    expect(referenceE2bCodeError('AccionMedicamento', '5')).toBe(MSG.parameters.e2bCodeInvalid('5', E2B_REFERENCE_CODE_RULES.AccionMedicamento.format));
    expect(referenceE2bCodeError('Parentesco', 'x')).toBeNull();
  });

  it('take the code of Parámetros first, then the seeded one, and never guess', () => {
    expect(e2bReferenceCode('Via', 'ORAL', null)).toBe('048');
    expect(e2bReferenceCode('Via', 'ORAL', '049')).toBe('049');
    expect(e2bReferenceCode('Via', 'NUEVA', null)).toBeNull();
    expect(e2bReferenceCode('AccionMedicamento', 'RETIRADO', null)).toBe('1');
    expect(e2bReferenceCode('ReporteOriginador_Tipo', '3', null)).toBe('4');
    expect(e2bReferenceCode('FormaFarmaceutica', 'COMPRIMIDO', null)).toBe('10219000');
    expect(e2bReferenceCode('FormaFarmaceutica', 'CAPSULA', null)).toBeNull();
  });
});
