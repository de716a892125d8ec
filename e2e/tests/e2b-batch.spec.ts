import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { sentCase } from '../support/cases';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';

/**
 * Issue 29 point 3, the batch export from the event search (docs/e2b.md): an RLF ticks two of its
 * cases in 'Eventos reportables', chooses the receiver and 'Exportar E2B'; the dialog says the batch
 * holds both and downloads one MCCI_IN200100UV01 with a PORR_IN049016UV per case. Runs on the
 * desktop ('app') and on a phone ('phone': Pixel 7, touch), where the list is cards and nothing
 * may scroll the page sideways.
 */

const RLF = 'rlf@demo.atalaya';

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect.soft(overflow.scrollWidth, where).toBeLessThanOrEqual(overflow.width);
}

test('an RLF exports two cases of the search as one E2B batch and downloads it', async ({ page, isMobile }) => {
  test.setTimeout(180_000);
  await signInAt(page, RLF, '/workflow');
  const token = await accessToken(page, RLF);
  const first = await sentCase(page, token);
  const second = await sentCase(page, token);

  // The newest cases first (Actualizado, descending: the search's default order).
  await page.goto('/eventsearch');
  await expect(page.getByRole('heading', { name: 'Ver eventos reportables', level: 1 })).toBeVisible();
  const press = async (locator: ReturnType<Page['getByRole']>) => (isMobile ? locator.tap() : locator.click());
  const tick = (reference: string) => page.getByRole('checkbox', { name: `Seleccionar ${reference} para exportar E2B` });
  await expect(tick(first.reference)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Exportar E2B' })).toBeDisabled();

  // All of the page, then none: the count follows.
  await press(page.getByRole('checkbox', { name: 'Seleccionar todos los de esta página' }));
  await expect(page.getByText(/^\d+ casos seleccionados$/)).toBeVisible();
  await press(page.getByRole('button', { name: 'Quitar selección' }));
  await expect(page.getByText('0 casos seleccionados')).toBeVisible();

  await press(tick(first.reference));
  await press(tick(second.reference));
  await expect(page.getByText('2 casos seleccionados')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Receptor E2B' })).toHaveValue(/.+/);
  await expectNoSidewaysScroll(page, 'two cases selected');

  await press(page.getByRole('button', { name: 'Exportar E2B' }));
  const dialog = page.getByRole('dialog', { name: 'Lote E2B generado' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText(/^Lote .+: 2 casos exportados para .+\.$/)).toBeVisible();
  await expectNoSidewaysScroll(page, 'the batch dialog');

  const downloading = page.waitForEvent('download');
  await press(dialog.getByRole('button', { name: 'Descargar XML' }));
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^E2B-lote-.+\.xml$/);
  const xml = readFileSync(await download.path(), 'utf8');
  expect(xml).toContain('<MCCI_IN200100UV01');
  expect(xml.match(/<PORR_IN049016UV>/g)).toHaveLength(2);
  for (const { reference } of [first, second]) expect(xml).toContain(`-${reference}"`);
  // The selection was exported: it is cleared.
  await page.keyboard.press('Escape');
  await expect(page.getByText('0 casos seleccionados')).toBeVisible();
});
