import { expect, test } from '@playwright/test';
import { signInAt } from '../support/session';

/**
 * Issue 18 item 2: 'Eventos que no cumplen KPI's'. The demo cases were received days ago and
 * nobody notified the authority or the provider: the deadline engine stored them overdue when
 * the demo data was loaded. A QPPV sees the card and the list, filters by country, and opens a
 * case from the list.
 */
test.describe.configure({ timeout: 120_000 });

test('a QPPV sees an overdue case in /nokpis and opens it', async ({ page }) => {
  await signInAt(page, 'qppv@demo.atalaya', '/workflow');
  await page.goto('/nokpis');
  await expect(page.getByRole('heading', { name: "Eventos que no cumplen KPI's", level: 1 })).toBeVisible();
  await expect(page.getByText('Eventos No KPI')).toBeVisible();
  const table = page.getByRole('table', { name: 'Eventos que no cumplen' });
  await expect(table.getByRole('columnheader')).toHaveText(['Evento', 'Estado', 'Fecha', 'KPI', 'Tiempo KPI']);
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  // The first missed metric and its limit ('48 h', '72 h', '15 días'…).
  await expect(rows.first().locator('td').nth(4)).toHaveText(/^\d+ (h|días)$/);

  // A country without cases shows the empty text; back to every country, the list again.
  const countries = page.getByRole('combobox', { name: 'Paises' });
  await countries.click();
  await page.getByRole('option', { name: 'México' }).click();
  await expect(page.getByText('Eventos que no cumplan con los KPIs')).toBeVisible();
  await countries.click();
  await page.getByRole('option', { name: 'México' }).click();
  await expect(rows.first()).toBeVisible();

  const link = rows.first().getByRole('link');
  const reference = (await link.textContent()) ?? '';
  expect(reference).toMatch(/^[A-Z]{2}-\d{4}-\d+$/);
  await link.click();
  await expect(page).toHaveURL(/\/reportableevent\/[^/]+\/view\/details$/i);
  await expect(page.getByText(reference).first()).toBeVisible();
});

test('a failure shows the generic error, not the server’s details', async ({ page }) => {
  await signInAt(page, 'qppv@demo.atalaya', '/workflow');
  await page.route('**/api/getNoKpiMetrics', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"Message":"detalle interno","ExceptionMessage":"stack"}' }),
  );
  await page.goto('/nokpis');
  await expect(page.getByText('No se pudieron cargar los eventos que no cumplen KPI. Intente de nuevo.')).toBeVisible();
  await expect(page.getByText('detalle interno')).toHaveCount(0);
});
