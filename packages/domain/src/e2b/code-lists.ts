import type { AgeUnit } from '../age-groups.js';
import { isFdaReceiver } from './fda.js';
import type { ActionTakenCode, AgeGroupCode, OutcomeCode, QualificationCode, ReportTypeCode, SexCode, StudyTypeCode } from './icsr.js';

/**
 * The code lists of the mapping table (mapping.ts): Atalaya's stored value → E2B(R3) code. Only values
 * with a certain E2B code are listed; any other value has no code and the export says so (never a guess).
 * Reference lists are keyed by their stable `value` (the Parámetros code), not by name or id.
 */

/** E.i.7 from event_rams.evolution (-1 recovered, 0 recovering, 2 not recovered, 3 sequelae, 4 fatal, 5 unknown). */
export const E2B_OUTCOME_BY_EVOLUTION: Readonly<Record<number, OutcomeCode>> = { [-1]: '1', 0: '2', 2: '3', 3: '4', 4: '5', 5: '0' };

/** D.5 from event_patients.gender. */
export const E2B_SEX_BY_GENDER: Readonly<Record<string, SexCode>> = { M: '1', F: '2' };

/** D.2.2b (UCUM) from event_patients.age_unit. */
export const E2B_AGE_UNIT_BY_SCALE: Readonly<Record<AgeUnit, string>> = { Días: 'd', Semanas: 'wk', Meses: 'mo', Años: 'a' };

/** D.2.3 from the 'Por edad' groups (AGE_GROUPS ids: 1 neonato … 6 anciano). */
export const E2B_AGE_GROUP_BY_GROUP_ID: Readonly<Record<number, AgeGroupCode>> = { 1: '1', 2: '2', 3: '3', 4: '4', 5: '5', 6: '6' };

/** G.k.8 from AccionMedicamento's value (the list is the E2B G.k.8 list). */
export const E2B_ACTION_BY_VALUE: Readonly<Record<string, ActionTakenCode>> = {
  RETIRADO: '1',
  DOSIS_REDUCIDA: '2',
  DOSIS_AUMENTADA: '3',
  DOSIS_SIN_CAMBIOS: '4',
  DESCONOCIDO: '0',
  NO_APLICA: '9',
};

/**
 * C.1.3 from ReporteOriginador_Tipo's value: 1 Espontáneo → 1; 2 Solicitado (organised data collection,
 * which ICH E2D treats as a report from a study) → 2; 4 Estudio clínico → 2; 5 Otro → 3. 3 Literatura
 * científica says where the case was published, not how it arose: 4 (not available to the sender).
 */
export const E2B_REPORT_TYPE_BY_VALUE: Readonly<Record<string, ReportTypeCode>> = { '1': '1', '2': '2', '3': '4', '4': '2', '5': '3' };

/** C.5.4 from ReporteOriginador_Tipo's value, for a report from a study: 4 Estudio clínico → 1 clinical trials; 2 Solicitado → 3 other studies. */
export const E2B_STUDY_TYPE_BY_VALUE: Readonly<Record<string, StudyTypeCode>> = { '2': '3', '4': '1' };

/** C.2.r.4 from who reported (ErWhoReport.Origen); 'Usuario' (staff) has none: nullFlavor UNK. */
export const E2B_QUALIFICATION_BY_ORIGIN: Readonly<Record<string, QualificationCode>> = { Médico: '1', Paciente: '5' };

/** UCUM code of MedicamentoUnidad / MedicamentoUnidadUso values whose unit is a UCUM unit. */
export const E2B_UCUM_BY_UNIT_VALUE: Readonly<Record<string, string>> = {
  MG: 'mg',
  G: 'g',
  MCG: 'ug',
  ML: 'mL',
  UI: '[iU]',
  MG_ML: 'mg/mL',
  MCG_ML: 'ug/mL',
  UI_ML: '[iU]/mL',
  MG_G: 'mg/g',
  PORCIENTO: '%',
  MEQ: 'meq',
  MCG_H: 'ug/h',
};

/** Factor to kilograms of PesoUnidad's value. */
export const KG_PER_WEIGHT_UNIT: Readonly<Record<string, number>> = { KG: 1, G: 0.001, LB: 0.45359237 };

/** Factor to centimetres of AlturaUnidad's value. */
export const CM_PER_HEIGHT_UNIT: Readonly<Record<string, number>> = { M: 100, CM: 1 };

/** Spanish labels of the E2B codes the case view and the CIOMS form print. */
export const E2B_OUTCOME_LABELS: Readonly<Record<OutcomeCode, string>> = {
  '0': 'Desconocido',
  '1': 'Recuperado / resuelto',
  '2': 'En recuperación / en resolución',
  '3': 'No recuperado / no resuelto / persistente',
  '4': 'Recuperado con secuelas',
  '5': 'Mortal',
};

/**
 * C.1.3 / G.k.8 / G.k.4.r.10.2b / G.k.4.r.9.2b: the reference lists of Parámetros whose values carry
 * an E2B code ('Código E2B', column e2b_code). The export takes a value's code from Parámetros, else
 * from the code list above (the seeded values), and refuses a value with neither, naming the element
 * and the value: never a guess. A dose form without a code is sent as text only (docs/e2b.md).
 */
export const E2B_REFERENCE_LISTS = ['Via', 'FormaFarmaceutica', 'AccionMedicamento', 'ReporteOriginador_Tipo'] as const;
export type E2bReferenceList = (typeof E2B_REFERENCE_LISTS)[number];

export interface E2bReferenceCodeRule {
  /** The element the code fills. */
  element: string;
  /** The allowed codes (ICH table), or null for a format. */
  allowed: readonly string[] | null;
  /** The format of a free code (EDQM). */
  pattern: RegExp | null;
  /** What the code is, in Spanish (the screen's hint and the message of a bad code). */
  format: string;
  /** Whether a value without a code refuses the export (false: the value's text is sent alone). */
  required: boolean;
  /** The codes of the seeded values, by their stable `value`. */
  seeded: Readonly<Record<string, string>>;
}

/** ICH code list 14 (the E2B(R2) routes 001–067), which G.k.4.r.10.2b may carry until ISO IDMP route term ids exist (IG). */
const ROUTE_CODES = Array.from({ length: 67 }, (_, index) => String(index + 1).padStart(3, '0'));

/** G.k.4.r.10.2b code system of ICH code list 14 (the E2B(R2) routes), as the ICH data-element table gives it. */
export const E2B_ROUTE_R2_OID = '2.16.840.1.113883.3.989.2.1.1.14';
/**
 * G.k.4.r.10.2b code system of the EDQM routes of administration, the export's: EDQM's own OID, which
 * FDA's core and regional table gives for an 'EDQM RoA Concept Class-Concept Code' and FDA's reference
 * instances carry (docs/e2b.md 'Route codes').
 */
export const E2B_ROUTE_EDQM_OID = '0.4.0.127.0.16.1.1.2.6';
/** The OID the ICH data-element table names for 'E2B(R3) (EDQM RoA)': read as EDQM on import, never written. */
export const E2B_ROUTE_EDQM_ICH_OID = '2.16.840.1.113883.3.989.2.1.1.28';

/** An EDQM route term in its concept class-concept code form ('ROA-20053000'), as G.k.4.r.10.2b carries it. */
const EDQM_ROUTE = /^ROA-[0-9]{8}$/;

export function isEdqmRouteCode(code: string): boolean {
  return EDQM_ROUTE.test(code);
}

export function isR2RouteCode(code: string): boolean {
  return ROUTE_CODES.includes(code);
}

/** G.k.4.r.10.2b from Via's value: the ICH / E2B(R2) route list (048 oral, 042 intravenous not otherwise specified…). */
export const E2B_ROUTE_BY_VALUE: Readonly<Record<string, string>> = {
  ORAL: '048',
  INTRAVENOSA: '042',
  INTRAMUSCULAR: '030',
  SUBCUTANEA: '058',
  TOPICA: '061',
  INHALATORIA: '055',
  OFTALMICA: '047',
  RECTAL: '054',
  VAGINAL: '067',
  SUBLINGUAL: '060',
  TRANSDERMICA: '062',
  NASAL: '045',
  OTICA: '001',
  OTRA: '050',
};

/**
 * G.k.4.r.10.2b from Via's value: the EDQM Standard Terms route of administration (class ROA) of the
 * seeded routes that are exactly one EDQM term, whose Spanish designation is our route's name — read
 * from the public value set 'Route of administration from EDQM, ROA' in github.com/hl7-eu/unicom-ig,
 * input/fsh/value-set/edqm/RouteOfAdministration.fsh @ 20fc5214 (each code with its English display
 * and Spanish designation, given after the code). Left out (list 14 stays their code): Tópica (EDQM
 * tells cutaneous from other topical routes; list 14 has both, 003 and 061) and Otra (no EDQM term
 * means 'other': 20062000 is 'not applicable').
 */
export const E2B_ROUTE_EDQM_BY_VALUE: Readonly<Record<string, string>> = {
  ORAL: 'ROA-20053000', // Oral use — Vía oral
  INTRAVENOSA: 'ROA-20045000', // Intravenous use — Vía intravenosa
  INTRAMUSCULAR: 'ROA-20035000', // Intramuscular use — Vía intramuscular
  SUBCUTANEA: 'ROA-20066000', // Subcutaneous use — Vía subcutánea
  INHALATORIA: 'ROA-20020000', // Inhalation use — Vía inhalatoria
  OFTALMICA: 'ROA-20051000', // Ocular use — Vía oftálmica
  RECTAL: 'ROA-20061000', // Rectal use — Vía rectal
  VAGINAL: 'ROA-20072000', // Vaginal use — Vía vaginal
  SUBLINGUAL: 'ROA-20067000', // Sublingual use — Vía sublingual
  TRANSDERMICA: 'ROA-20070000', // Transdermal use — Vía transdérmica
  NASAL: 'ROA-20049000', // Nasal use — Vía nasal
  OTICA: 'ROA-20001000', // Auricular use — Vía ótica
};

/**
 * A route's two codes (G.k.4.r.10.2b), EDQM and ICH list 14. A route as seeded (no Código E2B in
 * Parámetros, or the seeded code of either list) has both of its seeded codes; a code an ADMIN gave it
 * that differs from the seed is the route's only code, whatever the receiver: the value may no longer
 * mean the seeded route, so the seed's other code is not sent beside it (never a guess).
 */
export function e2bRouteCodes(value: string | null | undefined, stored: string | null | undefined): { edqm: string | null; r2: string | null } {
  const code = stored?.trim() ?? '';
  const seeded = { edqm: (value ? E2B_ROUTE_EDQM_BY_VALUE[value] : undefined) ?? null, r2: (value ? E2B_ROUTE_BY_VALUE[value] : undefined) ?? null };
  if (code === '' || code === seeded.edqm || code === seeded.r2) return seeded;
  if (isEdqmRouteCode(code)) return { edqm: code, r2: null };
  if (isR2RouteCode(code)) return { edqm: null, r2: code };
  return seeded; // a stored code that is not valid counts as none, as e2bReferenceCode reads it
}

/**
 * Which route list a receiver gets first (docs/e2b.md 'Route codes'): the FDA (ZZFDA) ICH code list 14,
 * which its regional table accepts ('FDA SPL or E2B codelist') and whose XPath names, while an EDQM
 * code there must carry the EDQM term's version (G.k.4.r.10.2a), which the public list does not give;
 * every other receiver EDQM (EudraVigilance requires EDQM routes since 30 June 2022).
 */
export function e2bRouteListFor(receiverId: string | null | undefined): 'EDQM' | 'R2' {
  return receiverId && isFdaReceiver(receiverId.trim()) ? 'R2' : 'EDQM';
}

/** G.k.4.r.10.2b of a route for a receiver: the code of its list, else the other one, else null (the export refuses). */
export function e2bRouteCodeFor(receiverId: string | null | undefined, value: string | null | undefined, stored: string | null | undefined): string | null {
  const { edqm, r2 } = e2bRouteCodes(value, stored);
  return e2bRouteListFor(receiverId) === 'R2' ? (r2 ?? edqm) : (edqm ?? r2);
}

/** The code system of a G.k.4.r.10.2b / G.k.4.r.11.2b code: EDQM for 'ROA-…', ICH list 14 otherwise. */
export function e2bRouteCodeSystem(code: string): string {
  return isEdqmRouteCode(code) ? E2B_ROUTE_EDQM_OID : E2B_ROUTE_R2_OID;
}

/**
 * G.k.4.r.9.2b from FormaFarmaceutica's value: the EDQM Standard Terms code of the seeded dose forms
 * whose name is exactly one EDQM term, as EMA's SPOR list 200000000004 (Pharmaceutical dose form,
 * 'EDQM code' property) gives it — read from the public copy in github.com/hl7-eu/unicom-ig,
 * input/fsh/codesystems/pharmDoseForm.fsh @ 20fc5214. Left out (a form without code is sent as text):
 * Cápsula and Cápsula gastrorresistente (EDQM tells hard from soft), Gotas orales and Colirio
 * (solution, suspension or emulsion), Inhalador (a device, not a dose form).
 */
export const E2B_DOSE_FORM_BY_VALUE: Readonly<Record<string, string>> = {
  COMPRIMIDO: '10219000', // Tablet
  COMPRIMIDO_RECUBIERTO: '10220000', // Coated tablet
  COMPRIMIDO_EFERVESCENTE: '10222000', // Effervescent tablet
  COMPRIMIDO_LIBERACION_PROLONGADA: '10226000', // Prolonged-release tablet
  JARABE: '10117000', // Syrup
  SUSPENSION_ORAL: '10106000', // Oral suspension
  POLVO_SUSPENSION_ORAL: '10111000', // Powder for oral suspension
  SOLUCION_ORAL: '10105000', // Oral solution
  SOLUCION_INYECTABLE: '11201000', // Solution for injection
  POLVO_SOLUCION_INYECTABLE: '11205000', // Powder for solution for injection
  CREMA: '10502000', // Cream
  GEL: '10503000', // Gel
  UNGUENTO: '10504000', // Ointment
  SUSPENSION_NASAL: '10809000', // Nasal spray, suspension
  PARCHE: '10519000', // Transdermal patch
  SUPOSITORIO: '11013000', // Suppository
  OVULO: '10909000', // Pessary
};

export const E2B_REFERENCE_CODE_RULES: Readonly<Record<E2bReferenceList, E2bReferenceCodeRule>> = {
  Via: {
    element: 'G.k.4.r.10.2b',
    allowed: null,
    pattern: /^(ROA-[0-9]{8}|0(0[1-9]|[1-5][0-9]|6[0-7]))$/,
    format: 'código EDQM de vía de administración (ROA-20053000 vía oral) o de la lista 14 de ICH (E2B(R2), 001 a 067; 048 oral)',
    required: true,
    seeded: E2B_ROUTE_BY_VALUE,
  },
  FormaFarmaceutica: {
    element: 'G.k.4.r.9.2b',
    allowed: null,
    pattern: /^[0-9]{8}$/,
    format: 'código EDQM de forma farmacéutica de 8 dígitos (10219000 comprimido)',
    required: false,
    seeded: E2B_DOSE_FORM_BY_VALUE,
  },
  AccionMedicamento: {
    element: 'G.k.8',
    allowed: ['0', '1', '2', '3', '4', '9'],
    pattern: null,
    format: 'acción tomada de E2B: 1 retirado, 2 dosis reducida, 3 dosis aumentada, 4 sin cambios, 0 desconocido, 9 no aplica',
    required: true,
    seeded: E2B_ACTION_BY_VALUE,
  },
  ReporteOriginador_Tipo: {
    element: 'C.1.3',
    allowed: ['1', '2', '3', '4'],
    pattern: null,
    format: 'tipo de informe de E2B: 1 espontáneo, 2 de estudio, 3 otro, 4 no disponible para el remitente',
    required: true,
    seeded: E2B_REPORT_TYPE_BY_VALUE,
  },
};

export function isE2bReferenceList(name: string): name is E2bReferenceList {
  return (E2B_REFERENCE_LISTS as readonly string[]).includes(name);
}

/** Whether `code` is a valid E2B code for the list (the server checks it; the screen shows the same rule). */
export function isValidE2bReferenceCode(list: E2bReferenceList, code: string): boolean {
  const rule = E2B_REFERENCE_CODE_RULES[list];
  return rule.allowed ? rule.allowed.includes(code) : rule.pattern ? rule.pattern.test(code) : true;
}

/** A value's E2B code: the one of Parámetros, else the seeded one, else null (the export refuses or sends text only). */
export function e2bReferenceCode(list: E2bReferenceList, value: string | null | undefined, stored: string | null | undefined): string | null {
  if (stored && isValidE2bReferenceCode(list, stored)) return stored;
  return (value ? E2B_REFERENCE_CODE_RULES[list].seeded[value] : undefined) ?? null;
}
