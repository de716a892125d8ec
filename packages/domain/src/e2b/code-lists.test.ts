import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { referenceE2bCodeError } from '../reference-lists.js';
import {
  E2B_REFERENCE_CODE_RULES,
  E2B_ROUTE_BY_VALUE,
  E2B_ROUTE_EDQM_BY_VALUE,
  e2bReferenceCode,
  e2bRouteCodeFor,
  e2bRouteCodes,
  e2bRouteCodeSystem,
  e2bRouteListFor,
  isValidE2bReferenceCode,
} from './code-lists.js';
import { ichElement } from './ich-elements.js';

describe('the E2B codes of Parámetros', () => {
  it('allow the codes of the ICH table for C.1.3 and G.k.8, ICH route list 14 for routes and 8-digit EDQM codes for dose forms', () => {
    expect(E2B_REFERENCE_CODE_RULES.ReporteOriginador_Tipo.allowed).toEqual(ichElement('C.1.3')?.allowed);
    expect([...(E2B_REFERENCE_CODE_RULES.AccionMedicamento.allowed ?? [])].sort()).toEqual([...(ichElement('G.k.8')?.allowed ?? [])].sort());
    expect(isValidE2bReferenceCode('Via', '048')).toBe(true);
    expect(isValidE2bReferenceCode('Via', '067')).toBe(true);
    expect(isValidE2bReferenceCode('Via', '068')).toBe(false);
    expect(isValidE2bReferenceCode('Via', '000')).toBe(false);
    // An EDQM route term in its class-code form (G.k.4.r.10.2b), and nothing else of EDQM.
    expect(isValidE2bReferenceCode('Via', 'ROA-20053000')).toBe(true);
    expect(isValidE2bReferenceCode('Via', '20053000')).toBe(false);
    expect(isValidE2bReferenceCode('Via', 'ROA-2005300')).toBe(false);
    expect(isValidE2bReferenceCode('Via', 'PDF-10219000')).toBe(false);
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

describe('route codes (G.k.4.r.10.2b): EDQM, and ICH list 14 (E2B(R2))', () => {
  it('give every seeded route with an EDQM term its EDQM code beside its list-14 code; Tópica and Otra have list 14 only', () => {
    for (const [value, code] of Object.entries(E2B_ROUTE_EDQM_BY_VALUE)) {
      expect(code).toMatch(/^ROA-20[0-9]{6}$/);
      expect(E2B_ROUTE_BY_VALUE[value], value).toBeDefined();
      expect(isValidE2bReferenceCode('Via', code)).toBe(true);
    }
    expect(new Set(Object.values(E2B_ROUTE_EDQM_BY_VALUE)).size).toBe(Object.keys(E2B_ROUTE_EDQM_BY_VALUE).length);
    expect(E2B_ROUTE_EDQM_BY_VALUE.ORAL).toBe('ROA-20053000');
    expect(E2B_ROUTE_EDQM_BY_VALUE.TOPICA).toBeUndefined();
    expect(E2B_ROUTE_EDQM_BY_VALUE.OTRA).toBeUndefined();
  });

  it('send the FDA list 14 and every other receiver EDQM, each falling back to the other list, never guessing', () => {
    expect(e2bRouteListFor('ZZFDA')).toBe('R2');
    expect(e2bRouteListFor('zzfda')).toBe('R2');
    expect(e2bRouteListFor('EVHUMAN')).toBe('EDQM');
    expect(e2bRouteListFor('SOCIO')).toBe('EDQM');
    expect(e2bRouteListFor(null)).toBe('EDQM');
    expect(e2bRouteCodeFor('EVHUMAN', 'ORAL', null)).toBe('ROA-20053000');
    expect(e2bRouteCodeFor('ZZFDA', 'ORAL', null)).toBe('048');
    // Parámetros holding the seeded code of either list: still the route as seeded.
    expect(e2bRouteCodeFor('EVHUMAN', 'ORAL', '048')).toBe('ROA-20053000');
    expect(e2bRouteCodeFor('ZZFDA', 'ORAL', 'ROA-20053000')).toBe('048');
    // No EDQM term: list 14 for everyone.
    expect(e2bRouteCodeFor('EVHUMAN', 'TOPICA', null)).toBe('061');
    // A code an ADMIN gave that differs from the seed is the route's only code.
    expect(e2bRouteCodes('ORAL', '049')).toEqual({ edqm: null, r2: '049' });
    expect(e2bRouteCodeFor('EVHUMAN', 'ORAL', '049')).toBe('049');
    expect(e2bRouteCodes('NUEVA', 'ROA-20036500')).toEqual({ edqm: 'ROA-20036500', r2: null });
    expect(e2bRouteCodeFor('ZZFDA', 'NUEVA', 'ROA-20036500')).toBe('ROA-20036500');
    expect(e2bRouteCodeFor('EVHUMAN', 'NUEVA', null)).toBeNull();
    expect(e2bRouteCodeFor('EVHUMAN', 'NUEVA', 'oral')).toBeNull();
  });

  it('write an EDQM code in EDQM’s code system and a list-14 code in list 14’s', () => {
    expect(e2bRouteCodeSystem('ROA-20053000')).toBe('0.4.0.127.0.16.1.1.2.6');
    expect(e2bRouteCodeSystem('048')).toBe('2.16.840.1.113883.3.989.2.1.1.14');
  });
});
