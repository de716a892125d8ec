import { expect, test, type Page } from '@playwright/test';
import { expectImportStatus, importEntry, importList, openDataImport, panel, submitImport } from '../support/data-import';
import { DEMO_TERMS, releaseFiles, releaseZip } from '../support/meddra-release';

/**
 * 'Importación de datos' on a touch phone (the 'phone' project, Pixel 7; issue 19 item 4): the
 * 'Importar MedDRA' modal takes the whole screen and is used by touch; the imports are cards
 * with their status, reason and per-table detail; nothing scrolls sideways, at 412 or 390 px.
 */
test.describe.configure({ timeout: 180_000 });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
}

test('on a phone the MedDRA modal is used by touch and the imports are cards', async ({ page }) => {
  await openDataImport(page);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // The panel's icon is big enough for a finger and opens the modal over the whole screen.
  const icon = panel(page, 'MedDRA').getByRole('button', { name: 'Importar MedDRA' });
  expect((await icon.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await icon.tap();
  const dialog = page.getByRole('dialog', { name: 'Importar MedDRA' });
  await expect(dialog).toBeVisible();
  expect((await dialog.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual((page.viewportSize()?.width ?? 0) - 1);

  const importButton = dialog.getByRole('button', { name: 'Importar', exact: true });
  await importButton.tap();
  await expect(dialog.getByText('Debe seleccionar un archivo .ZIP')).toBeVisible();

  // A protected release with a wrong password: the import ends as Error with its reason.
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'MedDRA_telefono.zip',
    mimeType: 'application/zip',
    buffer: await releaseZip(releaseFiles('97.0', DEMO_TERMS), 'la-clave-correcta'),
  });
  await expect(dialog.getByText('Debe seleccionar un archivo .ZIP')).toHaveCount(0);
  await dialog.getByLabel('Contraseña del ZIP (opcional)', { exact: true }).tap();
  await page.keyboard.type('no-es-la-clave');
  const code = await submitImport(page, 'meddra', () => importButton.tap());
  await expect(dialog).toBeHidden();

  const card = importEntry(page, 'meddra', code);
  await expect(card).toBeVisible();
  await expect(importList(page, 'meddra').getByRole('listitem').first()).toBeVisible();
  await expectImportStatus(card, 'Error');
  await expect(card.getByTestId('import-error')).toHaveText(/contraseña/i);
  await expect(card).toContainText('MedDRA_telefono.zip');

  // Its per-table detail opens inside the card, still without a table.
  const details = card.getByRole('button', { name: `Ver tablas de ${code}` });
  await details.tap();
  await expect(card.getByRole('button', { name: `Ocultar tablas de ${code}` })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  await expectNoSidewaysScroll(page);
});
