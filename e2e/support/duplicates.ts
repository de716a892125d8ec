import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { apiPost, draftCase } from './cases';
import { fillReport, sendPublicReport, startReport } from './public-report';

/**
 * Issue 31 (docs/duplicates.md): what the duplicates specs share — a patient of their own
 * (three random initials), the two related reports of one reaction (the patient's and the treating
 * physician's, through the public form) and the triage modal of a report.
 */

/** Three random letters: a patient whose initials no other spec's case shares (most likely). */
export function uniqueInitials(): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from({ length: 3 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
}

/** A report through the public form in a browser of its own (the patient's or the physician's); its RH number. */
export async function sendReport(browser: Browser, isMedic: boolean, initials: string, reaction: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('/');
    const dialog = await startReport(page, isMedic);
    await fillReport(dialog, isMedic, { initials, reaction });
    return await sendPublicReport(dialog);
  } finally {
    await context.close();
  }
}

/** The two reports of one reaction: the patient's, then their physician's, with the same initials. */
export async function sendRelatedReports(browser: Browser): Promise<{ initials: string; patientReference: string; physicianReference: string }> {
  const initials = uniqueInitials();
  const patientReference = await sendReport(browser, false, initials, `Urticaria tras la toma ${initials}`);
  const physicianReference = await sendReport(browser, true, initials, `Urticaria generalizada ${initials}`);
  return { initials, patientReference, physicianReference };
}

/** Opens an incoming report's triage summary from Tareas (clicked, or tapped on a phone); the modal. */
export async function openReport(page: Page, reference: string, options: { tap?: boolean } = {}): Promise<Locator> {
  await page.goto('/workflow');
  const open = page.getByRole('button', { name: `Abrir el reporte ${reference}` });
  if (options.tap) await open.tap();
  else await open.click();
  const modal = page.getByRole('dialog', { name: 'Reporte generado por médico / paciente' });
  await expect(modal).toBeVisible();
  return modal;
}

/** The patient of `sentPatientCase`, as the wizard's 'Datos del paciente' takes it. */
export interface DuplicatePatient {
  initials: string;
  /** 'F' or 'M'. */
  sex: 'F' | 'M';
  ageYears: number;
}

/**
 * A case sent into the workflow (status 2) through the API by the user of `token`: `draftCase`'s
 * Enaltar 10 and 'cefalea' reaction, the patient given; answers its Meta and reference.
 */
export async function sentPatientCase(page: Page, token: string, patient: DuplicatePatient): Promise<{ meta: string; reference: string }> {
  const draft = await draftCase(page, token);
  await apiPost(page, token, 'setPaciente', { IdER: draft.meta, Initials: patient.initials, Genere: patient.sex, Age: patient.ageYears, Escala: 'Años', Weight: 61.5 });
  await apiPost(page, token, 'insertER', { Event: { Meta: draft.meta }, comentario: 'Enviado para la prueba de duplicados' });
  return draft;
}
