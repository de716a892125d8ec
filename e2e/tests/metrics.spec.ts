import { expect, type Page, test } from '@playwright/test';
import { signInAt } from '../support/session';

/**
 * Issue 17 item 6: the Metricas screen (platform spec §2 'Metrics screen'). A QPPV changes a
 * metric's time and an ADMIN turns one off; both are kept after a reload. Each metric is put
 * back as it was at the end (the demo database is shared by the specs).
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const TIME_METRIC = 'Notificación al titular / proveedor';
const TOGGLE_METRIC = 'Evaluación QPPV';

async function openMetrics(page: Page): Promise<void> {
  await page.goto('/metrics');
  await expect(page.getByRole('heading', { name: 'Metricas', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tiempos de notificación' })).toBeVisible();
}

const timeSelect = (page: Page, metric: string) => page.getByRole('combobox', { name: `Tiempo: ${metric}` });
const activeSwitch = (page: Page, metric: string) => page.getByRole('switch', { name: `Activa: ${metric}` });
/** What a pointer hits of a switch: its track, around the hidden input (a click on the input itself is the track's). */
const switchTrack = (page: Page, metric: string) => activeSwitch(page, metric).locator('xpath=..');

test('a QPPV changes a metric’s time; it is kept after a reload', async ({ page }) => {
  await signInAt(page, 'qppv@demo.atalaya', '/workflow');
  await openMetrics(page);
  const table = page.getByRole('table', { name: 'Tiempos de notificación' });
  await expect(table.getByRole('row')).toHaveCount(7);
  await expect(table.getByRole('row', { name: /Ingreso del reporte/ }).getByText('IR', { exact: true })).toBeVisible();
  await expect(timeSelect(page, TIME_METRIC)).toHaveValue('5');
  await expect(timeSelect(page, TIME_METRIC).locator('option:checked')).toHaveText('15 días');

  await timeSelect(page, TIME_METRIC).selectOption({ label: '30 días' });
  await expect(page.getByText('Tiempo de notificación actualizado')).toBeVisible();
  await page.reload();
  await expect(timeSelect(page, TIME_METRIC).locator('option:checked')).toHaveText('30 días');

  await timeSelect(page, TIME_METRIC).selectOption({ label: '15 días' });
  await expect(timeSelect(page, TIME_METRIC)).toBeEnabled();
  await page.reload();
  await expect(timeSelect(page, TIME_METRIC).locator('option:checked')).toHaveText('15 días');
});

test('an ADMIN turns a metric off; it is kept after a reload', async ({ page }) => {
  await signInAt(page, 'admin@demo.atalaya', '/adminusers');
  await openMetrics(page);
  await expect(activeSwitch(page, TOGGLE_METRIC)).toBeChecked();

  await switchTrack(page, TOGGLE_METRIC).click();
  await expect(page.getByText('Métrica desactivada')).toBeVisible();
  await expect(activeSwitch(page, TOGGLE_METRIC)).not.toBeChecked();
  await page.reload();
  await expect(activeSwitch(page, TOGGLE_METRIC)).not.toBeChecked();

  await switchTrack(page, TOGGLE_METRIC).click();
  await expect(page.getByText('Métrica activada')).toBeVisible();
  await page.reload();
  await expect(activeSwitch(page, TOGGLE_METRIC)).toBeChecked();
});

test('a failed toggle goes back silently', async ({ page }) => {
  await signInAt(page, 'admin@demo.atalaya', '/adminusers');
  await page.route('**/api/activeMetric', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"ExceptionMessage":"x"}' }));
  await openMetrics(page);
  await expect(activeSwitch(page, 'Revisión RLF')).toBeChecked();
  const answered = page.waitForResponse('**/api/activeMetric');
  await switchTrack(page, 'Revisión RLF').click();
  await answered;
  await expect(activeSwitch(page, 'Revisión RLF')).toBeChecked();
  await expect(activeSwitch(page, 'Revisión RLF')).toBeEnabled();
  // Silently: no notice of any kind.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
});

test('a failed time change shows the error and restores the old time', async ({ page }) => {
  await signInAt(page, 'qppv@demo.atalaya', '/workflow');
  await page.route('**/api/updateMetricTime', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: '{"Message":"La opción de tiempo no existe"}' }));
  await openMetrics(page);
  await expect(timeSelect(page, 'Ingreso del reporte').locator('option:checked')).toHaveText('48 h');
  await timeSelect(page, 'Ingreso del reporte').selectOption({ label: '7 días' });
  await expect(page.getByText('La opción de tiempo no existe')).toBeVisible();
  await expect(timeSelect(page, 'Ingreso del reporte').locator('option:checked')).toHaveText('48 h');
});
