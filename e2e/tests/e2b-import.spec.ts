import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { devices, expect, test, type Page } from '@playwright/test';
import { resultsTable } from '../support/search';
import { signInAt } from '../support/session';

/**
 * Issue 29 §4 / §8 (docs/e2b-import.md): a QPPV imports a reference E2B(R3) instance as a
 * historic case through 'Importar E2B' in Tareas (file, progress, preview, Casos históricos,
 * confirm, ACK), and finds it in the event search, where its only action is the PDF. On a phone
 * (Pixel 7, touch) the modal and its preview fit the screen.
 */

const QPPV = 'qppv@demo.atalaya';
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const referenceDir = resolve(process.env.ATALAYA_REFERENCE_DIR ?? join(repoRoot, '..', 'shared', 'reference'));

function instance(name: string): string {
  const path = join(referenceDir, 'e2b-r3-examples', 'ich-style', name);
  if (!existsSync(path)) throw new Error(`Reference file missing: ${path} (set ATALAYA_REFERENCE_DIR)`);
  return path;
}

/** Opens 'Importar E2B' in Tareas, reads `file` and waits for its preview. */
async function readBatch(page: Page, file: string, tap: boolean) {
  await signInAt(page, QPPV, '/workflow');
  const open = page.getByRole('button', { name: 'Importar E2B' });
  await (tap ? open.tap() : open.click());
  const dialog = page.getByRole('dialog', { name: 'Importar E2B' });
  await expect(dialog).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Leer archivo' }).click();
  const preview = dialog.getByRole('table', { name: 'Vista previa de los informes' });
  await expect(preview).toBeVisible({ timeout: 30_000 });
  return { dialog, preview };
}

test('a QPPV imports a reference instance as a historic case and finds it in the search with only the PDF', async ({ page }) => {
  test.setTimeout(120_000);
  const { dialog, preview } = await readBatch(page, instance('ICH-2-x_newNum_followup_HC.xml'), false);
  await expect(preview.getByRole('row')).toHaveCount(2);

  await dialog.getByLabel('Casos históricos').check();
  await dialog.getByRole('combobox', { name: /Producto para los medicamentos/ }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Confirmar importación' }).click();
  await expect(dialog.getByText('Importación guardada')).toBeVisible({ timeout: 30_000 });
  const reference = ((await preview.getByText(/^UY-\d{4}-\d+$/).first().textContent()) ?? '').trim();
  expect(reference).toMatch(/^UY-\d{4}-\d+$/);

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Descargar ACK' }).click();
  expect((await download).suggestedFilename()).toMatch(/^ACK-E2B-\d{4}-\d+\.xml$/);
  // The footer's Cerrar (the header's close button has the same name).
  await dialog.getByRole('button', { name: 'Cerrar' }).last().click();

  await page.goto(`/eventsearch?IdEvento=${encodeURIComponent(reference)}`);
  const table = resultsTable(page);
  const row = table.getByRole('row').filter({ hasText: reference });
  if (!(await row.isVisible().catch(() => false))) await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByRole('button', { name: `Descargar PDF ${reference}` })).toBeVisible();
  // A historic case offers only the PDF: no open, comments, follow-ups or Auditoría.
  for (const other of ['Abrir el evento', 'Ver comentarios', 'Ver reportes de seguimiento', 'Auditoría']) {
    await expect(row.getByRole('link', { name: `${other} ${reference}` }).or(row.getByRole('button', { name: `${other} ${reference}` }))).toHaveCount(0);
  }
});

test.describe('on a phone', () => {
  // Pixel 7 without its browser type (a describe block cannot change it; it is Chromium anyway).
  const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
  test.use(pixel7);

  test('the Importar E2B modal and its preview fit the screen', async ({ page }) => {
    test.setTimeout(120_000);
    expect(page.viewportSize()?.width).toBe(412);
    const { dialog } = await readBatch(page, instance('ICH-1-1_literature_initial.xml'), true);
    await expect(dialog.getByLabel('Bandeja de entrada')).toBeVisible();
    const fit = await page.evaluate(() => {
      const width = window.innerWidth;
      const box = document.querySelector('[role="dialog"]')?.getBoundingClientRect();
      const wide = Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"] *'))
        .filter((element) => element.getBoundingClientRect().right > width + 1 && !element.closest('.mantine-ScrollArea-root'))
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className.toString().slice(0, 50)}`);
      return { width, scrollWidth: document.documentElement.scrollWidth, left: box?.left ?? -1, right: box?.right ?? Infinity, wide };
    });
    expect(fit.width).toBe(412);
    expect(fit.scrollWidth, fit.wide.join(' | ')).toBeLessThanOrEqual(fit.width);
    expect(fit.left).toBeGreaterThanOrEqual(0);
    expect(fit.right, fit.wide.join(' | ')).toBeLessThanOrEqual(fit.width + 1);
    expect(fit.wide).toEqual([]);
    await expect(dialog.getByRole('button', { name: 'Confirmar importación' })).toBeInViewport({ ratio: 0.5 }).catch(async () => {
      await dialog.getByRole('button', { name: 'Confirmar importación' }).scrollIntoViewIfNeeded();
      await expect(dialog.getByRole('button', { name: 'Confirmar importación' })).toBeInViewport();
    });
    await dialog.getByRole('button', { name: 'Cancelar' }).tap();
    await expect(dialog).toBeHidden();
  });
});
