import { expect, test, type Browser, type Page } from '@playwright/test';
import { fillReport, sendPublicReport, startReport } from '../support/public-report';
import { signInAt } from '../support/session';
import { field, metaOf } from '../support/wizard';
import { openEnteredCase } from '../support/triage';

/**
 * Issue 20 §6: a case entered from a public report opens (in the wizard and in its view)
 * without a failed request or an error in the browser console.
 */

const RLF = 'rlf@demo.atalaya';

async function sendPatientReport(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('/');
    const dialog = await startReport(page, false);
    await fillReport(dialog, false, { initials: 'QRS', reaction: 'Mareos al levantarse' });
    return await sendPublicReport(dialog);
  } finally {
    await context.close();
  }
}

/** Every answer of 400 or more and every console error the page meets from now on. */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });
  return failures;
}

test('a case entered from a public report opens with no 404 and no console error', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const reference = await sendPatientReport(browser);

  await signInAt(page, RLF, '/workflow');
  await page.getByRole('button', { name: `Abrir el reporte ${reference}` }).click();
  const modal = page.getByRole('dialog', { name: 'Reporte generado por médico / paciente' });
  await modal.getByRole('combobox', { name: 'Tipo de acontecimiento' }).click();
  await page.getByRole('option', { name: 'Reacción adversa a medicamento', exact: true }).click();
  const failures = watchFailures(page);
  await modal.getByRole('button', { name: 'Ingresar' }).click();
  await openEnteredCase(page);
  await expect(field(page, 'Alias')).toHaveValue('QRS', { timeout: 15_000 });
  const meta = metaOf(page);

  await page.goto(`/reportableEvent/${meta}/view/details`);
  await expect(page.getByRole('region', { name: 'Datos del paciente' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contacto médico' })).toBeVisible();
  await page.getByRole('tab', { name: 'Documentos', exact: true }).click();
  await page.getByRole('tab', { name: 'Operaciones', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Historial de operaciones' })).toBeVisible();
  expect(failures).toEqual([]);
});
