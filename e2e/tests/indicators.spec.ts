import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { sentCase } from '../support/cases';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';
import { apiGet } from '../support/wizard';

/**
 * Issue 18 item 3: the Indicadores screen as the demo QPPV. The cards, the pie 'Por estado'
 * and its table show what the indicator calls answer; a new case sent this month adds one to
 * 'Mes actual'; the country filter changes the numbers to the country's. (That the calls'
 * numbers equal counts made directly in SQL is the server's test, modules/indicators.)
 */
test.describe.configure({ timeout: 120_000 });

interface Values {
  UltimoMes: number;
  EsteMes: number;
  UltimaSemana: number;
  EstaSemana: number;
}
interface SeriesItem {
  ID: number;
  Name: string;
  Total: number;
}

const QPPV = 'qppv@demo.atalaya';

function card(page: Page, label: string): Locator {
  return page.getByRole('list', { name: 'Reportes por período' }).getByRole('listitem', { name: label });
}

async function expectCards(page: Page, values: Values): Promise<void> {
  for (const [label, value] of [
    ['Mes anterior', values.UltimoMes],
    ['Mes actual', values.EsteMes],
    ['Semana anterior', values.UltimaSemana],
    ['Semana actual', values.EstaSemana],
  ] as const) {
    await expect(card(page, label).getByTestId('indicator-card-value')).toHaveText(value.toLocaleString('es'));
  }
}

/** The rows of the 'Por estado' table (name → total), shown with 'Ver como tabla'. */
async function statusTable(page: Page): Promise<Record<string, number>> {
  const section = page.getByRole('region', { name: 'Por estado' });
  const table = section.getByRole('table');
  await expect(table).toBeVisible();
  const rows = await table.locator('tbody tr').allInnerTexts();
  return Object.fromEntries(rows.map((row) => row.split('\t')).map(([name, total]) => [name?.trim() ?? '', Number(total?.trim() ?? 'NaN')]));
}

const byName = (series: SeriesItem[]) => Object.fromEntries(series.map((item) => [item.Name, item.Total]));

test('the QPPV reads the cards, the pie and its table, and the country filter changes the numbers', async ({ page }) => {
  await signInAt(page, QPPV, '/workflow');
  const token = await accessToken(page, QPPV);
  await sentCase(page, token);

  await page.goto('/indicators');
  await expect(page.getByRole('heading', { name: 'Indicadores', level: 1 })).toBeVisible();
  const all = await apiGet<Values>(page, token, 'getIndicatorsValuesPanel');
  expect(all.EsteMes).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('list', { name: 'Reportes por período' }).getByRole('listitem')).toHaveCount(4);
  await expectCards(page, all);

  // The pie is drawn (an SVG with a slice per status that has reports); the other two charts too.
  const pie = page.getByRole('region', { name: 'Por estado' });
  await expect(pie.locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Por edad' }).locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Por tipo de reporte' }).locator('svg.recharts-surface').first()).toBeVisible();

  // 'Ver como tabla': the pie's numbers as a table, equal to the call's.
  await pie.getByRole('button', { name: 'Ver como tabla' }).click();
  const statuses = await apiGet<SeriesItem[]>(page, token, 'getIndicatorsEventsStatus');
  expect(await statusTable(page)).toEqual(byName(statuses));
  await pie.getByRole('button', { name: 'Ver gráfico' }).click();
  await expect(pie.locator('svg.recharts-surface').first()).toBeVisible();

  // The chart as PNG (its SVG drawn on a canvas).
  const image = page.waitForEvent('download');
  await pie.getByRole('button', { name: 'Descargar PNG' }).click();
  const png = await image;
  expect(png.suggestedFilename()).toBe('indicadores-por-estado.png');
  const bytes = await readFile(await png.path());
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.length).toBeGreaterThan(2000);

  // CSV of the table.
  const download = page.waitForEvent('download');
  await pie.getByRole('button', { name: 'Descargar CSV' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toBe('indicadores-por-estado.csv');
  const csvLines = (await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(csvLines[0]).toBe('Nombre;Reportes');
  expect(csvLines.slice(1)).toEqual(statuses.map((item) => `${item.Name};${item.Total}`));

  // A new case this month: 'Mes actual' grows by one.
  await sentCase(page, token);
  await page.reload();
  await expect(card(page, 'Mes actual').getByTestId('indicator-card-value')).toHaveText((all.EsteMes + 1).toLocaleString('es'));

  // The country filter: the numbers become the country's (the call's with ?pais=).
  const countries = await apiGet<{ Code: string; Name: string }[]>(page, token, 'filtercountryindicators');
  expect(countries.map((country) => country.Code)).toContain('UY');
  const totalsAll = (await apiGet<SeriesItem[]>(page, token, 'getIndicatorsEventsStatus')).reduce((sum, item) => sum + item.Total, 0);
  let chosen = countries[0];
  for (const country of countries) {
    const total = (await apiGet<SeriesItem[]>(page, token, `getIndicatorsEventsStatus?pais=${country.Code}`)).reduce((sum, item) => sum + item.Total, 0);
    if (total !== totalsAll) {
      chosen = country;
      break;
    }
  }
  if (!chosen) throw new Error('no country');
  await page.getByLabel('País').selectOption({ label: chosen.Name });
  const filtered = await apiGet<Values>(page, token, `getIndicatorsValuesPanel?pais=${chosen.Code}`);
  await expectCards(page, filtered);
  await pie.getByRole('button', { name: 'Ver como tabla' }).click();
  const filteredStatuses = await apiGet<SeriesItem[]>(page, token, `getIndicatorsEventsStatus?pais=${chosen.Code}`);
  expect(await statusTable(page)).toEqual(byName(filteredStatuses));
  if (countries.length > 1) expect(filteredStatuses.reduce((sum, item) => sum + item.Total, 0)).not.toBe(totalsAll);

  // The laboratory filter lists the country's laboratories in reach.
  const laboratories = await apiGet<{ Id: number; Name: string }[]>(page, token, `filterlabindicators?pais=${chosen.Code}`);
  const laboratory = page.getByLabel('Laboratorio');
  await expect(laboratory).toBeEnabled();
  await expect(laboratory.locator('option')).toHaveCount(laboratories.length + 1);
});

test("'Por tipo de reporte' is a column chart, as the spec draws it: the groups along the bottom, upright bars", async ({ page }) => {
  await signInAt(page, QPPV, '/workflow');
  const token = await accessToken(page, QPPV);
  await sentCase(page, token);
  const groups = await apiGet<SeriesItem[]>(page, token, 'getIndicatorsEventsTypeGroup');
  const drawn = groups.filter((group) => group.Total > 0);
  expect(drawn.length).toBeGreaterThan(0);

  await page.goto('/indicators');
  const chart = page.getByRole('region', { name: 'Por tipo de reporte' });
  await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
  // The category axis is the horizontal one: each group's name labels a tick of the X axis, none of the Y axis.
  const xLabels = chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await expect(xLabels).toHaveCount(groups.length);
  const first = groups[0]?.Name.split(' ')[0] ?? '';
  await expect(xLabels.first()).toContainText(first);
  await expect(chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').filter({ hasText: first })).toHaveCount(0);
  // Columns stand on one baseline: every bar's bottom edge is the same.
  const bars = chart.locator('.recharts-bar-rectangle path');
  await expect(bars.first()).toBeVisible();
  const bottoms = await bars.evaluateAll((paths) => paths.map((path) => Math.round(path.getBoundingClientRect().bottom)));
  expect(bottoms.length).toBe(drawn.length);
  expect(new Set(bottoms).size).toBe(1);
});
