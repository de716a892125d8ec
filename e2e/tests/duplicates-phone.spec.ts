import { expect, test, type Page } from '@playwright/test';
import { openReport, sendRelatedReports } from '../support/duplicates';
import { signInAt } from '../support/session';

/**
 * Issue 31 on a phone (the 'phone' project, Pixel 7: isMobile, hasTouch): the triage modal's
 * 'Posibles duplicados' card for an RLF, without and with a candidate, and the QPPV's
 * 'Duplicados' screen with its scan; nothing wider than the screen.
 */
test.describe.configure({ timeout: 240_000 });

async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
}

test("an RLF's triage card on a phone: none for a first report, the case for the second report of the same reaction", async ({ page, browser }) => {
  const { patientReference, physicianReference } = await sendRelatedReports(browser);

  await signInAt(page, 'rlf@demo.atalaya', '/workflow');
  const first = await openReport(page, patientReference, { tap: true });
  const empty = first.getByRole('region', { name: 'Posibles duplicados' });
  await expect(empty).toBeVisible({ timeout: 15_000 });
  await fitsTheScreen(page);
  await first.getByRole('combobox', { name: 'Tipo de acontecimiento' }).tap();
  await page.getByRole('option', { name: 'Reacción adversa a medicamento', exact: true }).tap();
  await first.getByRole('button', { name: 'Ingresar' }).tap();
  await expect(first).toBeHidden({ timeout: 30_000 });

  const second = await openReport(page, physicianReference, { tap: true });
  const card = second.getByRole('region', { name: 'Posibles duplicados' });
  const candidate = card.getByTestId('duplicate-candidate').first();
  await expect(candidate).toBeVisible({ timeout: 20_000 });
  await expect(candidate.getByText(/Iniciales del paciente: coinciden/)).toBeVisible();
  await expect(candidate.getByRole('button', { name: 'Comparar' })).toBeVisible();
  await fitsTheScreen(page);
});

test("the QPPV's 'Duplicados' screen on a phone: the scan button, its outcome and the list fit the screen", async ({ page }) => {
  await signInAt(page, 'qppv@demo.atalaya', '/workflow');
  await page.goto('/duplicates');
  const start = page.getByRole('button', { name: 'Buscar en todo el registro' });
  await expect(start).toBeEnabled({ timeout: 30_000 });
  await fitsTheScreen(page);
  await start.tap();
  await expect(page.getByTestId('duplicate-scan')).toHaveAttribute('data-status', 'S', { timeout: 120_000 });
  await expect(page.getByTestId('duplicate-pair').first().or(page.getByText('No se encontraron posibles duplicados'))).toBeVisible({ timeout: 15_000 });
  await fitsTheScreen(page);
});
