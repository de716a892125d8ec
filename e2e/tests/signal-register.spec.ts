import { devices, expect, type Page, test } from '@playwright/test';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';

/**
 * Issue 32 §4 (docs/signals.md 'Gestión de señales'): a QPPV opens a drug × PT pair of the
 * 'Señales' table as a signal (through the API, with the row's statistics), finds it in the
 * 'Registro de señales', and validates it with a comment that the history then shows. On a phone
 * (Pixel 7) the register is cards that fit the screen, with and without signals.
 */

const QPPV = 'qppv@demo.atalaya';
test.describe.configure({ timeout: 180_000 });

interface Row {
  FarmacoId: number;
  Farmaco: string;
  PtCodigo: number;
  Pt: string;
  A: number;
  E: number;
  PRR: number | null;
  ROR: number | null;
  IC: number | null;
}

/** Opens, as the QPPV, the first pair of the demo data's table that has no signal yet; its title. */
async function openSignalByApi(page: Page): Promise<{ id: number; title: string }> {
  const token = await accessToken(page, QPPV);
  const headers = { authorization: `Bearer ${token}` };
  const table = await page.request.get('/api/signals?limite=50', { headers });
  expect(table.status()).toBe(200);
  const rows = ((await table.json()) as { Filas: Row[] }).Filas;
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const title = `${row.Farmaco} × ${row.Pt} ${Date.now()}`;
    const response = await page.request.post('/api/signal-register', {
      headers,
      data: { TipoFarmaco: 'principio', FarmacoId: row.FarmacoId, PtCodigo: row.PtCodigo, Titulo: title, Estadisticas: { A: row.A, E: row.E, PRR: row.PRR, ROR: row.ROR, IC: row.IC } },
    });
    if (response.status() === 409) continue;
    expect(response.status(), await response.text()).toBe(200);
    return { id: ((await response.json()) as { Id: number }).Id, title };
  }
  throw new Error('every pair of the table has a signal already');
}

test('a QPPV opens a signal, finds it in the register and validates it with a comment', async ({ page }) => {
  await signInAt(page, QPPV, '/workflow');
  const { title } = await openSignalByApi(page);

  // The register is a tab of Señales (no menu entry of its own); the URL names the tab.
  await page.getByRole('link', { name: 'Señales', exact: true }).first().click();
  await expect(page).toHaveURL(/\/signals$/);
  await page.getByRole('tab', { name: 'Registro de señales' }).click();
  await expect(page).toHaveURL(/\/signals\?tab=registro(&|$)/);
  await expect(page.getByRole('link', { name: 'Registro de señales' })).toHaveCount(0);
  const row = page.getByTestId('signal-row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText('En evaluación')).toBeVisible();

  await row.getByRole('button', { name: title }).click();
  const drawer = page.getByRole('dialog', { name: 'Señal' });
  await expect(drawer.getByTestId('signal-status')).toHaveText('En evaluación');
  await drawer.getByRole('combobox', { name: 'Nuevo estado' }).click();
  await page.getByRole('option', { name: 'Validada', exact: true }).click();
  await drawer.getByRole('textbox', { name: 'Comentario del cambio' }).fill('Confirmada tras revisar los casos');
  await drawer.getByRole('button', { name: 'Cambiar estado' }).click();
  await expect(drawer.getByTestId('signal-status')).toHaveText('Validada');
  await expect(drawer.getByTestId('signal-history-entry').filter({ hasText: 'En evaluación → Validada' })).toContainText('Confirmada tras revisar los casos');

  await drawer.getByRole('button', { name: 'Cerrar la señal' }).click();
  await expect(page.getByTestId('signal-row').filter({ hasText: title }).getByText('Validada')).toBeVisible();
});

/** A Pixel 7 (viewport, touch, mobile user agent), in the browser the project runs. */
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];

test.describe('on a phone', () => {
  test.use(pixel7);

  async function fitsTheScreen(page: Page) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
  }

  test('the register is cards that fit the screen, with and without signals, and a tap opens a signal', async ({ page }) => {
    await signInAt(page, QPPV, '/workflow');
    expect(await page.evaluate(() => navigator.maxTouchPoints)).toBeGreaterThan(0);
    const { title } = await openSignalByApi(page);
    // The old address redirects to the tab.
    await page.goto('/signalregister');
    await expect(page).toHaveURL(/\/signals\?tab=registro(&|$)/);
    await expect(page.getByRole('tab', { name: 'Registro de señales', selected: true })).toBeVisible();

    // Without signals: a status nobody has here yet.
    await page.getByRole('combobox', { name: 'Estado' }).tap();
    await page.getByRole('option', { name: 'Refutada', exact: true }).tap();
    await expect(page.getByText('No hay señales con estos filtros.')).toBeVisible();
    await fitsTheScreen(page);

    // With signals.
    await page.getByRole('combobox', { name: 'Estado' }).tap();
    await page.getByRole('option', { name: 'En evaluación', exact: true }).tap();
    const list = page.getByRole('list', { name: 'Señales' });
    const card = list.getByRole('listitem').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await fitsTheScreen(page);
    await card.getByRole('button', { name: title }).tap();
    const drawer = page.getByRole('dialog', { name: 'Señal' });
    await expect(drawer.getByTestId('signal-status')).toHaveText('En evaluación');
    await fitsTheScreen(page);
  });
});
