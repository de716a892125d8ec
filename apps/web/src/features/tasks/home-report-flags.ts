import type { HomeReportRow } from '@atalaya/domain';

/** The marks of an inbox row (event spec §3 'Inbox row'), each with its Spanish name. */
export type HomeReportFlag = 'serious' | 'pregnancy' | 'lactation' | 'acceptsContact';

export const HOME_REPORT_FLAG_LABELS: Record<HomeReportFlag, string> = {
  serious: 'Reacción grave',
  pregnancy: 'Embarazo',
  lactation: 'Lactancia',
  acceptsContact: 'Acepta ser contactado',
};

/**
 * Which marks a row shows: some reaction Grave SI; a female patient pregnant or breastfeeding;
 * the reporter accepts being contacted.
 */
export function homeReportFlags(row: Pick<HomeReportRow, 'Data'>): HomeReportFlag[] {
  const { Paciente: patient, RAM: reactions, InformacionContacto: contact } = row.Data;
  const female = patient.Sexo === 'F';
  const flags: HomeReportFlag[] = [];
  if (reactions.some((ram) => ram.Grave === 'SI')) flags.push('serious');
  if (female && patient.Embarazo === 'SI') flags.push('pregnancy');
  if (female && patient.Lactancia === 'SI') flags.push('lactation');
  if (contact.AceptaContacto === 'SI') flags.push('acceptsContact');
  return flags;
}

/** 'Médico' for a health professional's report, 'Paciente' for a patient's or relative's. */
export function reporterKind(isMedic: boolean): string {
  return isMedic ? 'Médico' : 'Paciente';
}
