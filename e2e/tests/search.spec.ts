import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { demoRole } from '../support/demo-users';
import { expectFilter, pickFilter, resultsPager, resultsTable, sentCasesOf } from '../support/search';
import { signIn, signInAt } from '../support/session';
import { typeDate } from '../support/wizard';

/**
 * Issue 16 §2, §3, §6: the event search keeps its filters, order and page in the URL, so a case
 * opened from page 2 comes Back to the same list; the Excel export holds the rows the screen lists.
 */
test.describe.configure({ timeout: 180_000 });

test('a CL lands on the search, filters by product, opens a case from page 2 and comes Back to the same list', async ({ page, browser }) => {
  // 21 cases of one product only this test uses: two pages of 20.
  const references = await sentCasesOf(browser, 'Atorvamar 20', 21);

  const cl = demoRole('CL');
  expect(cl.home).toBe('/eventsearch');
  await signIn(page, cl.email);
  await expect(page).toHaveURL(/\/eventsearch\?.*PaisId=\d+/);
  await expect(page.getByRole('heading', { name: 'Ver eventos reportables', level: 1 })).toBeVisible();
  await expectFilter(page, 'País', 'Uruguay');

  await pickFilter(page, 'Fabricante (laboratorio)', 'Laboratorio Terramar');
  await pickFilter(page, 'Producto', 'Atorvamar 20');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(/ProductoId=\d+/);

  const table = resultsTable(page);
  const pager = resultsPager(page);
  await expect(pager.getByText('Página 1 de 2')).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(20);
  await expect(page.getByText('Total encontrados: 21')).toBeVisible();

  await pager.getByRole('button', { name: 'Página siguiente' }).click();
  await expect(pager.getByText('Página 2 de 2')).toBeVisible();
  await expect(page).toHaveURL(/pageNumber=2&pageKey=after%3A/);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  const listedUrl = page.url();
  const reference = (await table.locator('tbody tr').first().getByRole('link').first().textContent())?.trim() ?? '';
  expect(references).toContain(reference);

  await table.getByRole('link', { name: `Abrir el evento ${reference}` }).click();
  await expect(page).toHaveURL(/\/reportableEvent\/[^/]+\/view\/details$/);
  await expect(page.getByText(reference).first()).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(listedUrl);
  await expectFilter(page, 'Producto', 'Atorvamar 20');
  await expectFilter(page, 'Fabricante (laboratorio)', 'Laboratorio Terramar');
  await expect(pager.getByText('Página 2 de 2')).toBeVisible();
  await expect(table.getByRole('link', { name: reference, exact: true })).toBeVisible();

  // The same URL in a fresh load (a bookmark, a shared link) lists the same page.
  await page.reload();
  await expect(resultsPager(page).getByText('Página 2 de 2')).toBeVisible();
  await expect(resultsTable(page).getByRole('link', { name: reference, exact: true })).toBeVisible();
});

test('the dates of Búsqueda avanzada refuse an end before its start', async ({ page }) => {
  await signInAt(page, 'qppv@demo.atalaya', '/workflow');
  await page.goto('/eventsearch');
  await expect(page).toHaveURL(/\/eventsearch\?/);
  const before = page.url();
  await page.getByRole('button', { name: 'Búsqueda avanzada' }).click();
  await typeDate(page, 'Modificado desde', '02/05/2026');
  await typeDate(page, 'Modificado hasta', '01/05/2026');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByText('La fecha de fin de modificación debe ser posterior a la de inicio')).toBeVisible();
  expect(page.url()).toBe(before);
});

test('what is typed while a search is on its way stays in the form: the URL the search pushed does not reset it (Back does: the first test)', async ({ page }) => {
  await signInAt(page, 'qppv@demo.atalaya', '/workflow');
  await page.goto('/eventsearch');
  // The search settles its URL first (the user's country): that URL resets the form.
  await expect(page).toHaveURL(/\/eventsearch\?.*PaisId=\d+/);
  await expect(page.getByText(/^Total encontrados: /)).toBeVisible();
  const filters = page.getByRole('form', { name: 'Filtros de la búsqueda' });
  const identifier = filters.getByLabel('Identificador del evento');
  await identifier.fill('UY-2026-900001');
  // Buscar, then a keystroke in the same task: the search's navigation renders after the typing,
  // as on a slow device where the user goes on typing before the list comes.
  await expect(identifier).toHaveValue('UY-2026-900001');
  await identifier.evaluate((input: HTMLInputElement) => {
    const buscar = Array.from(input.form?.querySelectorAll('button') ?? []).find((element) => element.textContent?.trim() === 'Buscar');
    if (!buscar) throw new Error('Buscar is missing');
    buscar.click();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, 'UY-2026-900002');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await expect(page).toHaveURL(/[?&]IdEvento=UY-2026-900001(&|$)/);
  await expect(page.getByText('No se encontraron eventos reportables asociados')).toBeVisible();
  await expect(identifier).toHaveValue('UY-2026-900002');
});

test('a QPPV exports the filtered search to Excel and the file holds the listed rows', async ({ page, browser }) => {
  const references = await sentCasesOf(browser, 'Budemar Nasal', 3);

  await signInAt(page, 'qppv@demo.atalaya', '/workflow');
  await page.goto('/eventsearch');
  await expectFilter(page, 'País', 'Uruguay');
  await pickFilter(page, 'Fabricante (laboratorio)', 'Laboratorio Terramar');
  await pickFilter(page, 'Producto', 'Budemar Nasal');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const table = resultsTable(page);
  // Three cases of this attempt, and three more of a first attempt when this one is the retry.
  await expect(page.getByText(/^Total encontrados: (3|6)$/)).toBeVisible();
  for (const reference of references) await expect(table.getByRole('link', { name: reference, exact: true })).toBeVisible();
  const shown = new Set(await table.getByRole('link', { name: /^UY-\d{4}-\d+$/ }).allTextContents());

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar a Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('ListadoEventos.xlsx');

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.getWorksheet('Eventos filtrados');
  expect(sheet, 'the sheet Eventos filtrados').toBeDefined();
  const cells: string[] = [];
  sheet?.eachRow((row) => {
    row.eachCell((cell) => cells.push(String(cell.text)));
  });
  const listed = cells.filter((text) => /^UY-\d{4}-\d+/.test(text));
  expect(new Set(listed)).toEqual(shown);
  for (const reference of references) expect(listed).toContain(reference);
  expect(cells).toContain('Budemar Nasal');
});

test('the product search lists a country laboratories, then the laboratory products; a row gives its PDF and its audit', async ({ page, browser }) => {
  const [reference] = await sentCasesOf(browser, 'Losamar D', 1);

  await signInAt(page, 'qppv@demo.atalaya', '/workflow');
  await page.getByRole('link', { name: 'Búsqueda por producto' }).first().click();
  await expect(page).toHaveURL(/\/productSearch\?.*PaisId=\d+/);
  await expect(page.getByRole('heading', { name: 'Ver eventos reportables', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Compañía', exact: true })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Producto', exact: true })).toBeDisabled();
  await pickFilter(page, 'Laboratorio', 'Laboratorio Terramar');
  await pickFilter(page, 'Producto', 'Losamar D');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByText('Total encontrados: 1')).toBeVisible();
  await expect(resultsTable(page).getByRole('link', { name: reference ?? '', exact: true })).toBeVisible();

  // The row's PDF is ER-{reference}.pdf; Auditoría opens the case's Operaciones tab.
  const row = resultsTable(page).locator('tbody tr').filter({ hasText: reference ?? '' });
  await expect(row.getByRole('button', { name: `Ver comentarios ${reference}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Ver reportes de seguimiento ${reference}` })).toHaveCount(0);
  const pdf = page.waitForEvent('download');
  await row.getByRole('button', { name: `Descargar PDF ${reference}` }).click();
  expect((await pdf).suggestedFilename()).toBe(`ER-${reference}.pdf`);

  // Hiding the filters leaves the list.
  await page.getByRole('button', { name: 'Ocultar filtros' }).click();
  await expect(page.getByRole('button', { name: 'Buscar', exact: true })).toBeHidden();
  await expect(resultsTable(page)).toBeVisible();

  await row.getByRole('link', { name: `Auditoría ${reference}` }).click();
  await expect(page).toHaveURL(/\/reportableEvent\/[^/]+\/view\/operations$/);
});

/** The cells of the row of `reference`, by their column's header. */
async function rowByHeader(page: Page, reference: string): Promise<Record<string, string>> {
  const table = resultsTable(page);
  const headers = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
  const cells = (await table.locator('tbody tr').filter({ hasText: reference }).first().locator('td').allInnerTexts()).map((text) => text.trim());
  return Object.fromEntries(headers.map((header, index) => [header, cells[index] ?? '']));
}

test('the result list shows the spec columns: creation date, group and report type apart, RAM type, active ingredient; the page never widens', async ({ page, browser }) => {
  const [reference] = await sentCasesOf(browser, 'Enaltar 20', 1);
  await signInAt(page, 'qppv@demo.atalaya', '/workflow');
  await page.goto('/eventsearch');
  await expectFilter(page, 'País', 'Uruguay');
  await page.getByLabel('Identificador del evento').fill(reference ?? '');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  const table = resultsTable(page);
  await expect(table.getByRole('link', { name: reference ?? '', exact: true })).toBeVisible();

  for (const header of ['Creado', 'País', 'Compañía', 'Grupo', 'Identificador', 'Principio activo', 'Producto', 'Tipo de RAM', 'Tipo de reporte']) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toHaveCount(1);
  }
  const row = await rowByHeader(page, reference ?? '');
  expect(row['Creado']).toMatch(/^\d{2}\/\d{2}\/\d{4}/);
  expect(row['Grupo']).toBe('Reacción adversa a medicamento');
  expect(row['Tipo de reporte']).not.toBe('');
  expect(row['Tipo de reporte']).not.toContain('Reacción adversa a medicamento\n');
  expect(row['Principio activo']).toBe('enalapril');
  expect(row['Producto']).toBe('Enaltar 20');
  expect(row['Tipo de RAM']).not.toBe('');
  // A wide table scrolls inside its frame: the page itself does not.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
});

test('the product search asks for an active ingredient on its own, after the country: one molecule across brands and laboratories', async ({ page, browser }) => {
  const [terramar] = await sentCasesOf(browser, 'Ibuterra 400', 1);
  const [cipres] = await sentCasesOf(browser, 'Ibuprés Infantil', 1);

  await signInAt(page, 'qppv@demo.atalaya', '/workflow');
  await page.goto('/productSearch');
  await expectFilter(page, 'País', 'Uruguay');
  // No laboratory nor product chosen: the product waits for a laboratory, the ingredient does not.
  await expect(page.getByRole('combobox', { name: 'Producto', exact: true })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Principio activo', exact: true })).toBeEnabled();
  await pickFilter(page, 'Principio activo', 'ibuprofeno');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(/PrincipioActivoId=\d+/);
  expect(page.url()).not.toMatch(/LaboratorioId=|ProductoId=/);
  const table = resultsTable(page);
  // The list before the search (the country's newest cases) shows both cases too: wait for the
  // searched list, where no row lacks the ingredient, before reading the rows.
  await expect(table.locator('tbody tr').filter({ hasNotText: 'ibuprofeno' })).toHaveCount(0);
  for (const reference of [terramar, cipres]) await expect(table.getByRole('link', { name: reference ?? '', exact: true })).toBeVisible();
  expect((await rowByHeader(page, terramar ?? ''))['Producto']).toBe('Ibuterra 400');
  expect((await rowByHeader(page, cipres ?? ''))['Producto']).toBe('Ibuprés Infantil');
  for (const text of await table.locator('tbody tr').allInnerTexts()) expect(text).toContain('ibuprofeno');

  // A laboratory chosen afterwards keeps the ingredient.
  await pickFilter(page, 'Laboratorio', 'Laboratorio Terramar');
  await expectFilter(page, 'Principio activo', 'ibuprofeno');
});
