import type { AgeUnit } from '../age-groups.js';
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
