import { UNCLASSIFIED_SUB_GROUP } from './event-status.js';

/** The nine steps of the public report form (platform spec §2, §4). */
export const PUBLIC_FORM_STEP = {
  REPORT_TYPE: 1,
  PATIENT: 2,
  REACTIONS: 3,
  SUSPECT_DRUGS: 4,
  CONCOMITANTS: 5,
  MEDICAL_CONTACT: 6,
  CONTACT_INFORMATION: 7,
  REVIEW: 8,
  THANKS: 9,
} as const;

/** A health professional starts at step 1; anyone else at step 2. */
export function firstPublicFormStep(isMedic: boolean): number {
  return isMedic ? PUBLIC_FORM_STEP.REPORT_TYPE : PUBLIC_FORM_STEP.PATIENT;
}

/** Back is shown on steps 2–8 for a health professional and 3–8 for others. */
export function showsBackButton(step: number, isMedic: boolean): boolean {
  return step > firstPublicFormStep(isMedic) && step <= PUBLIC_FORM_STEP.REVIEW;
}

/** A repeatable list item (RAM, suspect drug, concomitant) can be deleted only while there are several. */
export function canDeleteListItem(count: number): boolean {
  return count > 1;
}

interface ReportTypeValues {
  isMedic: boolean;
  Tipo?: { Pais?: string | number | null; SubGroup?: string | number | null; SubGroupName?: string | null } | null;
  Paciente?: { Pais?: string | number | null } | null;
}

/**
 * Step 7 consolidation (platform spec §4): a health professional keeps the chosen type and
 * country; anyone else reports sub-group '0' with the patient's country.
 */
export function consolidateReportType(values: ReportTypeValues): {
  Pais: string | number | null;
  SubGroup: string | number | null;
  SubGroupName: string | null;
} {
  if (values.isMedic) {
    return {
      Pais: values.Tipo?.Pais ?? null,
      SubGroup: values.Tipo?.SubGroup ?? null,
      SubGroupName: values.Tipo?.SubGroupName ?? null,
    };
  }
  return { Pais: values.Paciente?.Pais ?? null, SubGroup: UNCLASSIFIED_SUB_GROUP, SubGroupName: null };
}
