import { expect, test } from '@playwright/test';
import { openReport, sendRelatedReports } from '../support/duplicates';
import { signInAt } from '../support/session';
import { openEnteredCase } from '../support/triage';

/**
 * Issue 31 (docs/duplicates.md): a patient and their physician report the same reaction. At
 * triage the second report shows the first one's case as a likely duplicate, with its score and
 * reasons and a side-by-side comparison; the RLF marks it 'Es duplicado', the report leaves the
 * inbox, and the master case's view shows the link.
 */

const RLF = 'rlf@demo.atalaya';

test('the physician’s report of the patient’s reaction is flagged at triage, marked a duplicate, and linked to the case', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { initials, patientReference, physicianReference } = await sendRelatedReports(browser);

  // The RLF enters the patient's report as a case.
  await signInAt(page, RLF, '/workflow');
  const first = await openReport(page, patientReference);
  await first.getByRole('combobox', { name: 'Tipo de acontecimiento' }).click();
  await page.getByRole('option', { name: 'Reacción adversa a medicamento', exact: true }).click();
  await first.getByRole('button', { name: 'Ingresar' }).click();
  const caseReference = await openEnteredCase(page);
  const meta = decodeURIComponent(/\/reportableEvent\/([^/]+)\/edit/i.exec(page.url())?.[1] ?? '');
  expect(meta).not.toBe('');

  // At triage, the physician's report shows that case as a likely duplicate, with the reasons.
  const second = await openReport(page, physicianReference);
  const duplicates = second.getByRole('region', { name: 'Posibles duplicados' });
  const candidate = duplicates.getByTestId('duplicate-candidate').filter({ hasText: caseReference });
  await expect(candidate).toBeVisible({ timeout: 15_000 });
  await expect(candidate.getByText(/^Puntaje \d/)).toBeVisible();
  await expect(candidate.getByText(/Iniciales del paciente: coinciden/)).toBeVisible();

  // The side-by-side comparison highlights the agreeing fields.
  await candidate.getByRole('button', { name: 'Comparar' }).click();
  const comparison = page.getByRole('dialog', { name: `Comparar ${physicianReference} con ${caseReference}` });
  await expect(comparison).toBeVisible();
  const initialsRow = comparison.getByRole('row').filter({ hasText: 'Iniciales del paciente' });
  await expect(initialsRow).toContainText(initials);
  await expect(initialsRow).toContainText('Coincide');
  await expect(initialsRow).toHaveAttribute('data-agree', 'true');
  await comparison.getByRole('button', { name: 'Cerrar comparación' }).click();
  await expect(comparison).toBeHidden();

  // 'Es duplicado', with a comment: the report is discarded, linked to the case.
  await candidate.getByRole('button', { name: 'Es duplicado', exact: true }).click();
  const decision = page.getByRole('dialog', { name: 'Es duplicado', exact: true });
  await expect(decision).toContainText(`El reporte ${physicianReference} quedará descartado y vinculado al caso ${caseReference}`);
  await decision.getByRole('button', { name: 'Es duplicado', exact: true }).click();
  await expect(decision.getByText('Debe ingresar un comentario')).toBeVisible();
  await decision.getByLabel('Comentario').fill('La médica tratante reporta la misma reacción');
  await decision.getByRole('button', { name: 'Es duplicado', exact: true }).click();
  await expect(decision).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('alert').filter({ hasText: `${physicianReference} marcado como duplicado de ${caseReference}` })).toBeVisible();
  await second.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('button', { name: `Abrir el reporte ${physicianReference}` })).toBeHidden({ timeout: 15_000 });

  // The master's view shows the link.
  await page.goto(`/reportableEvent/${encodeURIComponent(meta)}/view/details`);
  const links = page.getByTestId('duplicate-links');
  await expect(links).toContainText('Duplicados vinculados');
  await expect(links).toContainText(physicianReference);
  await expect(links).toContainText('La médica tratante reporta la misma reacción');
});
