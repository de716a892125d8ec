import { expect, test, type Page } from '@playwright/test';
import { apiPost, sentCase } from '../support/cases';
import { accessToken } from '../support/public-form';
import { signOut, signInAt } from '../support/session';

/**
 * Issue 20 §2: the action bar of a case gives the action that moves the case forward the one
 * filled button; the others are quieter or wait in 'Más acciones'; 'Anular' is red. At 1280 px
 * the bar is one row.
 */

test.use({ viewport: { width: 1280, height: 800 } });

const RLF = 'rlf@demo.atalaya';
const QPPV = 'qppv@demo.atalaya';

/** The bar's buttons: exactly one filled (named `primary`), all on one row. */
async function expectOneRowWithPrimary(page: Page, primary: string): Promise<void> {
  const bar = page.getByRole('group', { name: 'Acciones del evento' });
  const filled = bar.locator('button[data-variant="filled"]');
  await expect(filled).toHaveCount(1);
  await expect(filled).toHaveAccessibleName(primary);
  const tops = await bar.getByRole('button').evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
  expect(tops.length).toBeGreaterThan(1);
  expect(new Set(tops).size, `rows of the bar: ${tops.join(', ')}`).toBe(1);
}

test('the action bar has one primary action and fits one row at 1280 px', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAt(page, RLF, '/workflow');
  const token = await accessToken(page, RLF);
  const { meta } = await sentCase(page, token);

  await page.goto(`/reportableEvent/${meta}/view/details`);
  await expectOneRowWithPrimary(page, 'Aprobar');
  const bar = page.getByRole('group', { name: 'Acciones del evento' });
  await expect(bar.getByRole('button', { name: 'Anular', exact: true })).toHaveAttribute('data-variant', 'light');
  // The rest wait in the menu.
  await bar.getByRole('button', { name: 'Más acciones' }).click();
  await expect(page.getByRole('menuitem', { name: 'Archivar' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Descargar PDF' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The QPPV, with the most actions of any status.
  await apiPost(page, token, 'sendAccion', { Event: { Accion: 'AprobarRLF', Event: meta, Comments: 'Pasa al QPPV' } });
  await signOut(page);
  await signInAt(page, QPPV, '/workflow');
  await page.goto(`/reportableEvent/${meta}/view/details`);
  await expectOneRowWithPrimary(page, 'Solicitar evaluación al fabricante');
  await page.getByRole('group', { name: 'Acciones del evento' }).getByRole('button', { name: 'Más acciones' }).click();
  for (const item of ['Archivar', 'Descargar PDF', 'Auditoría']) await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
});
