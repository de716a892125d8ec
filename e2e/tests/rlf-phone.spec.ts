import { expect, test, type Page } from '@playwright/test';
import { sentCase } from '../support/cases';
import { DEMO_PASSWORD, demoRole } from '../support/demo-users';
import { accessToken } from '../support/public-form';
import { postStaffReport } from '../support/public-report';
import { next } from '../support/wizard';
import { openEnteredCase } from '../support/triage';

/**
 * Issue 20 §1: what an RLF meets on a phone ('phone' project: Pixel 7, touch), by tap: the
 * sign-in screen, Tareas, the summary modal of a public report, the wizard (entering that
 * report and moving a step) and the case view with its tabs. No screen scrolls sideways.
 */

const RLF = demoRole('RLF').email;

async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: `${screen} scrolls sideways` })
    .toBeLessThanOrEqual(0);
}

async function signInByTap(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(RLF);
  await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
  await expectNoSidewaysScroll(page, 'the sign-in screen');
  await page.getByText('No soy un robot', { exact: true }).tap();
  await expect(page.locator('altcha-widget input[name="altcha"]')).toHaveValue(/.+/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Ingresar', exact: true }).tap();
  await expect(page).toHaveURL(/\/workflow$/);
}

test('un RLF en el teléfono: ingresa, abre Tareas, el resumen de un reporte, el asistente y la vista del caso tocando', async ({ page }) => {
  test.setTimeout(120_000);
  await signInByTap(page);
  const token = await accessToken(page, RLF);
  const initials = 'TEL';
  const reaction = `Mareos al levantarse ${Date.now()}`;
  const reference = await postStaffReport(page, token, { initials, reaction });

  // Tareas, with the new report in the inbox.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Tareas' })).toBeVisible();
  const open = page.getByRole('button', { name: `Abrir el reporte ${reference}` });
  await expect(open).toBeVisible();
  await expectNoSidewaysScroll(page, 'Tareas');

  // The inbox's 'Descartados' tab (docs/tasks.md): its cards fit the phone too; back to 'Pendientes'.
  await page.getByRole('tab', { name: 'Descartados' }).tap();
  await expect(page.getByRole('tab', { name: 'Descartados' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('article', { name: /^Reporte RH-/ }).first()).toBeVisible();
  await expect(open).toBeHidden();
  await expectNoSidewaysScroll(page, 'Tareas, Descartados');
  await page.getByRole('tab', { name: 'Pendientes' }).tap();
  await expect(open).toBeVisible();

  // The summary modal: the report as typed; a type of occurrence chosen by tap lets it in.
  await open.tap();
  const modal = page.getByRole('dialog', { name: 'Reporte generado por médico / paciente' });
  await expect(modal.getByText(reaction)).toBeVisible();
  await expectNoSidewaysScroll(page, 'the summary modal');
  await modal.getByRole('combobox', { name: 'Tipo de acontecimiento' }).tap();
  await page.getByRole('option', { name: 'Reacción adversa a medicamento', exact: true }).tap();
  await modal.getByRole('button', { name: 'Ingresar' }).tap();

  // The wizard: the reporter's patient, then a step further.
  await openEnteredCase(page, { tap: true });
  await expect(page.getByRole('textbox', { name: 'Alias', exact: true })).toHaveValue(initials, { timeout: 15_000 });
  await expectNoSidewaysScroll(page, 'the wizard');
  await next(page);
  await expect(page.getByText(`Origen de reporte ( ${reference} )`)).toBeVisible();
  await expectNoSidewaysScroll(page, 'the wizard’s second step');

  // The case view of a case in the workflow, tab by tab.
  const { meta, reference: caseReference } = await sentCase(page, token);
  await page.goto(`/reportableEvent/${meta}/view/details`);
  await expect(page.getByText(`Evento Reportable: ${caseReference}`)).toBeVisible();
  await expectNoSidewaysScroll(page, 'the case view');
  for (const tab of ['Operaciones', 'Imputabilidad', 'Historial de PDFs']) {
    await page.getByRole('tab', { name: tab, exact: true }).tap();
    await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expectNoSidewaysScroll(page, `the case view's ${tab} tab`);
  }
});
