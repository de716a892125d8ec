import { expect, test } from '@playwright/test';
import { sentCase } from '../support/cases';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';
import { signalCase } from '../support/signals';

/**
 * Issue 32 point 3 (docs/signals.md 'The screen'): twelve cases of Atorvamar 20 (atorvastatina)
 * with pruritus and six of Enaltar 10 with headache, sent by the RLF; the QPPV opens Señales from the menu, filters by the active
 * ingredient, sees the pair flagged, and its count 'a' opens the event search on those cases.
 */
test.describe.configure({ timeout: 180_000 });

test('a QPPV filters by an ingredient, sees a flagged pair and opens its cases in the search', async ({ page, browser }) => {
  const context = await browser.newContext();
  const helper = await context.newPage();
  const rlf = await accessToken(helper, 'rlf@demo.atalaya');
  const references: string[] = [];
  // Twelve: the other specs' cases of atorvastatina with other reactions (b) grow through a run, and
  // four were once too few to flag the pair against them (ROR025 0.68 at b = 21).
  for (let i = 0; i < 12; i += 1) references.push(await signalCase(helper, rlf, 'Atorvamar 20', 'prurito'));
  // A background for the 2×2 tables: cases of another drug and reaction (Enaltar 10, headache).
  for (let i = 0; i < 6; i += 1) await sentCase(helper, rlf);
  await context.close();

  await signInAt(page, 'qppv@demo.atalaya', '/workflow');
  await page.getByRole('navigation').getByRole('link', { name: 'Señales', exact: true }).click();
  await expect(page).toHaveURL(/\/signals$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Señales' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('tab', { name: 'Tabla' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Tabla de desproporcionalidad' })).toBeVisible({ timeout: 60_000 });

  const filters = page.getByRole('form', { name: 'Filtros de señales' });
  await filters.getByRole('combobox', { name: 'Principio activo', exact: true }).fill('atorvast');
  await page.getByRole('option', { name: /atorvastatina/i }).click();
  await filters.getByRole('button', { name: 'Aplicar filtros' }).click();

  const rows = page.getByTestId('signal-row');
  await expect(rows.first()).toContainText(/atorvastatina/i, { timeout: 60_000 });
  for (const text of await rows.allInnerTexts()) expect(text).toMatch(/atorvastatina/i);
  const pair = rows.filter({ hasText: 'Prurito' });
  await expect(pair).toHaveCount(1);
  await expect(pair).toHaveAttribute('data-flagged', 'true');
  await expect(pair.getByText('ROR025 > 1')).toBeVisible();

  // The IC chart of the pair, and the volcano.
  await pair.getByRole('button', { name: /IC por trimestre de/ }).click();
  const chart = page.getByRole('region', { name: 'IC acumulado por trimestre' });
  await expect(chart).toContainText(/Prurito/);
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Volcán: IC frente a a' }).locator('svg.recharts-surface')).toBeVisible();

  // Sorting by a header asks again in that order.
  await page.getByRole('button', { name: 'Ordenar por PT' }).click();
  await expect(page.getByRole('columnheader', { name: /PT/ }).first()).toHaveAttribute('aria-sort', 'ascending');

  const count = Number((await pair.getByRole('link').innerText()).trim());
  expect(count).toBeGreaterThanOrEqual(12);
  await pair.getByRole('link').click();
  await expect(page).toHaveURL(/\/eventsearch\?.*PtCodigo=10037087/);
  await expect(page.getByText('PT MedDRA 10037087')).toBeVisible();
  for (const reference of references) await expect(page.getByText(reference).first()).toBeVisible({ timeout: 60_000 });
});
