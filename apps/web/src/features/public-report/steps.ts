import { firstPublicFormStep, PUBLIC_FORM_STEP } from '@atalaya/domain';

/** The title of each step of the public report form. */
export const STEP_TITLES: Record<number, string> = {
  [PUBLIC_FORM_STEP.REPORT_TYPE]: 'Tipo de reporte',
  [PUBLIC_FORM_STEP.PATIENT]: 'Paciente',
  [PUBLIC_FORM_STEP.REACTIONS]: 'Reacciones adversas',
  [PUBLIC_FORM_STEP.SUSPECT_DRUGS]: 'Medicamentos sospechosos',
  [PUBLIC_FORM_STEP.CONCOMITANTS]: 'Medicamentos concomitantes',
  [PUBLIC_FORM_STEP.MEDICAL_CONTACT]: 'Contacto médico e historia clínica',
  [PUBLIC_FORM_STEP.CONTACT_INFORMATION]: 'Información de contacto',
  [PUBLIC_FORM_STEP.REVIEW]: 'Revisión y envío',
  [PUBLIC_FORM_STEP.THANKS]: 'Reporte enviado',
};

/** Position of a step among those the reporter goes through (1-based) and how many there are before thanks. */
export function stepProgress(step: number, isMedic: boolean): { position: number; total: number } {
  const first = firstPublicFormStep(isMedic);
  return { position: Math.min(step, PUBLIC_FORM_STEP.REVIEW) - first + 1, total: PUBLIC_FORM_STEP.REVIEW - first + 1 };
}
