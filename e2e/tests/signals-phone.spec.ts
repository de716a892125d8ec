import { expect, test, type Page } from '@playwright/test';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';
import { signalCase } from '../support/signals';

/**
 * Señales on a phone (the 'phone' project, Pixel 7: isMobile, hasTouch): for a QPPV and an RLF,
 * with data (the table scrolls sideways inside its frame) and without (a period with no case);
 * nothing is wider than the screen either way.
 */
test.describe.configure({ timeout: 180_000 });

async function nothingWider(page: Page): Promise<void> {
  const width = await page.evaluate(() => window.innerWidth);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function check(page: Page, email: string): Promise<void> {
  await signInAt(page, email, '/workflow');
  await page.goto('/signals');
  await expect(page.getByRole('heading', { level: 1, name: 'Señales' })).toBeVisible({ timeout: 60_000 });
  // With data: the table is wider than the screen and scrolls inside its frame.
  const table = page.getByRole('table', { name: 'Tabla de desproporcionalidad' });
  await expect(table).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('signal-row').first()).toBeVisible();
  const width = await page.evaluate(() => window.innerWidth);
  const box = await table.boundingBox();
  expect(box && box.width > width).toBe(true);
  await nothingWider(page);
  await expect(page.getByRole('button', { name: 'Exportar xlsx' })).toBeVisible();
  await nothingWider(page);

  // Without data: a period with no case.
  const filters = page.getByRole('form', { name: 'Filtros de señales' });
  await filters.getByRole('textbox', { name: 'Desde (mes)' }).fill('2099-01');
  await filters.getByRole('button', { name: 'Aplicar filtros' }).tap();
  await expect(page.getByText('No hay pares fármaco × PT con estos filtros.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('signal-row')).toHaveCount(0);
  await nothingWider(page);
}

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const helper = await context.newPage();
  const rlf = await accessToken(helper, 'rlf@demo.atalaya');
  await signalCase(helper, rlf, 'Atorvamar 20', 'prurito');
  await context.close();
});

test('a QPPV’s Señales on a phone, with and without data', async ({ page }) => {
  await check(page, 'qppv@demo.atalaya');
});

test('an RLF’s Señales on a phone (its country fixed), with and without data', async ({ page }) => {
  await check(page, 'rlf@demo.atalaya');
  await expect(page.getByRole('form', { name: 'Filtros de señales' }).getByRole('combobox', { name: 'País', exact: true })).toBeDisabled();
});
