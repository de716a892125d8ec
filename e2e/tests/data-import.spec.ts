import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { draftCase } from '../support/cases';
import { columnIndex, parseCsv, writeCsv } from '../support/csv';
import { daysAgo, expectImportStatus, importEntry, openDataImport, panel, progressOf, submitImport } from '../support/data-import';
import { DEMO_TERMS, releaseFiles, releaseZip, withDemo, type ReleaseTerms } from '../support/meddra-release';
import { accessToken } from '../support/public-form';
import { signInAt } from '../support/session';
import { advance, apiGet, field, pickRadio, typeDate } from '../support/wizard';

/**
 * Issue 19 item 6, 'Importación de datos' as the demo ADMIN (platform spec §2, §4, §5, §7):
 * a MedDRA release with a password is imported and watched to 100 %, and an RLF codes a
 * reaction with a term only that release has; the Productos CSV template comes back with a
 * new product, which an RLF then finds in the wizard; a wrong password ends the import as
 * Error with its reason; the modal works from the keyboard.
 *
 * The specs share one server. The release therefore holds the whole demo dictionary besides
 * its new terms (support/meddra-release.ts): the other specs' terms stay current afterwards.
 */
test.describe.configure({ timeout: 180_000 });

const RLF = 'rlf@demo.atalaya';
const STAMP = Date.now();
/**
 * A version of its own, so a retry of the spec loads another, in MedDRA's form 'NN.N': it becomes
 * the E.i.2.1a of the E2B exports that follow (e2b.spec), which ICH limits to 4 characters.
 */
const VERSION = `99.${STAMP % 10}`;
const PASSWORD = 'Clave-ñandú-2026';

const SOC_EAR = 10013993; // 'Trastornos del oído y del laberinto', in the demo dictionary.
const NEW_PT = { code: 10096801, name: 'Acúfeno pulsátil únicaprueba', primarySocCode: SOC_EAR, hltCodes: [10096201] };
/** The term the RLF codes with: accents and an ñ, in this release only. */
const NEW_LLT = { code: 10096901, name: 'Zumbido pulsátil por la mañana únicaprueba', ptCode: NEW_PT.code, current: true };
/** A term of the release that is no longer current: never offered by the typeahead. */
const OLD_LLT = { code: 10096902, name: 'Acúfeno antiguo únicaprueba', ptCode: NEW_PT.code, current: false };
const NEW_TERMS: ReleaseTerms = {
  socs: [],
  hlgts: [{ code: 10096001, name: 'Trastornos del oído interno únicaprueba', socCodes: [SOC_EAR] }],
  hlts: [{ code: 10096201, name: 'Acúfenos únicaprueba', hlgtCodes: [10096001] }],
  pts: [NEW_PT],
  llts: [{ code: NEW_PT.code, name: NEW_PT.name, ptCode: NEW_PT.code, current: true }, NEW_LLT, OLD_LLT],
};

async function rlfPage(browser: Browser): Promise<{ page: Page; token: string }> {
  const page = await (await browser.newContext()).newPage();
  await signInAt(page, RLF, '/workflow');
  return { page, token: await accessToken(page, RLF) };
}

/** The names the typeahead (`getMedDRALLT/{term}`) offers for `term`. */
async function offered(page: Page, token: string, term: string): Promise<string[]> {
  const terms = await apiGet<{ llt_name: string }[]>(page, token, `getMedDRALLT/${encodeURIComponent(term)}`);
  return terms.map((item) => item.llt_name);
}

test('ADMIN imports a MedDRA release with a password and watches it reach 100 %; an RLF codes a reaction with its new term', async ({ page, browser }) => {
  await openDataImport(page);
  const meddra = panel(page, 'MedDRA');
  await meddra.getByRole('button', { name: 'Importar MedDRA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar MedDRA' });
  await expect(dialog).toBeVisible();

  const release = withDemo(NEW_TERMS);
  const fileName = `MedDRA_${VERSION}_Spanish.zip`;
  await dialog.locator('input[type="file"]').setInputFiles({
    name: fileName,
    mimeType: 'application/zip',
    buffer: await releaseZip(releaseFiles(VERSION, release), PASSWORD),
  });
  await dialog.getByLabel('Contraseña del ZIP (opcional)', { exact: true }).fill(PASSWORD);
  const code = await submitImport(page, 'meddra', () => dialog.getByRole('button', { name: 'Importar', exact: true }).click());
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Importación iniciada')).toBeVisible();

  // The new import is listed at once, and the hub (or the 10 s poll) brings it to the end.
  const entry = importEntry(page, 'meddra', code);
  await expect(entry).toBeVisible();
  await expectImportStatus(entry, 'Correcto');
  await expect(progressOf(entry, code)).toHaveAttribute('aria-valuenow', '100');
  await expect(entry.getByTestId('import-percentage')).toHaveText('100%');
  await expect(entry).toContainText(VERSION);
  await expect(entry).toContainText(fileName);
  await expect(entry.getByRole('button', { name: `Cancelar ${code}` })).toHaveCount(0);

  // The per-table detail: one entry a file, each finished, with what it inserted.
  await entry.getByRole('button', { name: `Ver tablas de ${code}` }).click();
  const tables = page.getByRole('table', { name: `Tablas de la importación ${code}` });
  for (const file of ['meddra_release.asc', 'soc.asc', 'hlgt.asc', 'hlt.asc', 'pt.asc', 'llt.asc', 'mdhier.asc']) {
    // The file's own row: 'hlgt.asc' is also in 'soc_hlgt.asc'.
    const row = tables.getByRole('row').filter({ has: page.getByRole('cell', { name: file, exact: true }) });
    await expect(row.getByTestId('import-status')).toHaveText('Correcto');
  }
  await expect(tables.getByRole('row').filter({ has: page.getByRole('cell', { name: 'llt.asc', exact: true }) }).getByRole('cell').last()).toHaveText(String(release.llts.length));

  // An RLF: the typeahead offers the new current term (not the non-current one), and the demo terms still.
  const rlf = await rlfPage(browser);
  const found = await offered(rlf.page, rlf.token, 'únicaprueba');
  expect(found).toContain(NEW_LLT.name);
  expect(found).not.toContain(OLD_LLT.name);
  expect(await offered(rlf.page, rlf.token, 'cefalea')).toContain('Cefalea');

  // … and codes a reaction of a case with it in the wizard's step 3.
  const { meta } = await draftCase(rlf.page, rlf.token);
  await rlf.page.goto(`/reportableEvent/${meta}/edit/`);
  for (let step = 1; step <= 3; step += 1) await advance(rlf.page);
  await rlf.page.getByRole('button', { name: 'Agregar evento' }).click();
  const ram = rlf.page.getByRole('dialog', { name: 'Agregar evento' });
  await field(ram, 'Término MedDRA').fill('zumbido pulsátil');
  await rlf.page.getByRole('option', { name: new RegExp(`^${NEW_LLT.name}`) }).first().click();
  await field(ram, 'Descripción').fill('Zumbido pulsátil al despertar tras la segunda dosis');
  await pickRadio(ram, '¿Es esperado?', 'No');
  await typeDate(ram, 'Fecha de inicio del evento', daysAgo(3));
  await ram.getByRole('button', { name: 'Confirmar' }).click();
  await expect(ram).toBeHidden();
  await expect(rlf.page.getByText('Zumbido pulsátil al despertar tras la segunda dosis')).toBeVisible();
  const rams = await apiGet<{ MedraLLT: { llt_code: number; llt_name: string } | null }[]>(rlf.page, rlf.token, `getRAMByMeta/${meta}`);
  expect(rams.map((item) => item.MedraLLT?.llt_code)).toContain(NEW_LLT.code);
  await rlf.page.context().close();
});

test('ADMIN imports a new product from the Productos CSV template and an RLF finds it in the wizard', async ({ page, browser }) => {
  await openDataImport(page);
  const products = panel(page, 'Productos');

  // Both templates download; the CSV is the Productos sheet with a header and an example line.
  const excel = page.waitForEvent('download', { timeout: 30_000 });
  await products.getByRole('button', { name: 'Descargar plantilla Excel' }).click();
  const excelFile = await excel;
  expect(excelFile.suggestedFilename()).toBe('plantilla-catalogo.xlsx');
  expect((await readFile(await excelFile.path())).subarray(0, 2).toString()).toBe('PK');
  const downloading = page.waitForEvent('download', { timeout: 30_000 });
  await products.getByRole('button', { name: 'Descargar plantilla CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('plantilla-productos.csv');
  const csv = parseCsv(await readFile(await download.path(), 'utf8'));
  const [header, example] = csv.rows;
  if (!header || !example) throw new Error('The template has no header and example line');

  // The example line becomes a new product: a new Codigo and Nombre, the other columns as they are.
  const codeColumn = columnIndex(header, 'Codigo');
  const nameColumn = columnIndex(header, 'Nombre');
  const exampleCode = example[codeColumn] ?? '';
  const productCode = /^\d+$/.test(exampleCode) ? `9${String(STAMP).slice(-7)}` : `E2E${String(STAMP).slice(-7)}`;
  const productName = `Únicaprueba Pasiflora ${String(STAMP).slice(-6)}`;
  example[codeColumn] = productCode;
  example[nameColumn] = productName;
  await products.locator('input[type="file"]').setInputFiles({ name: 'productos.csv', mimeType: 'text/csv', buffer: Buffer.from(writeCsv(csv), 'utf8') });
  const code = await submitImport(page, 'data', () => products.getByRole('button', { name: 'Importar', exact: true }).click());
  await expect(page.getByText('Importación iniciada')).toBeVisible();

  const entry = importEntry(page, 'data', code);
  await expectImportStatus(entry, 'Correcto');
  await expect(progressOf(entry, code)).toHaveAttribute('aria-valuenow', '100');
  await expect(entry).toContainText('productos.csv');
  await expect(entry.getByRole('button', { name: 'Descargar informe de errores' })).toHaveCount(0);

  // An RLF of Uruguay (the example line's countries) picks the new product in step 2.
  const rlf = await rlfPage(browser);
  const { meta } = await draftCase(rlf.page, rlf.token);
  await rlf.page.goto(`/reportableEvent/${meta}/edit/`);
  for (let step = 1; step <= 2; step += 1) await advance(rlf.page);
  const medication = rlf.page.getByRole('form', { name: 'Nuevo medicamento' });
  await field(medication, 'Medicamento').fill(productName);
  await expect(rlf.page.getByRole('option', { name: new RegExp(productName) })).toBeVisible();
  await rlf.page.context().close();
});

test('a wrong password ends the MedDRA import as Error with its reason, and the dictionary stays as it was', async ({ page }) => {
  await openDataImport(page);
  await panel(page, 'MedDRA').getByRole('button', { name: 'Importar MedDRA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar MedDRA' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'MedDRA_protegido.zip',
    mimeType: 'application/zip',
    buffer: await releaseZip(releaseFiles('98.0', DEMO_TERMS), 'la-clave-correcta'),
  });
  await dialog.getByLabel('Contraseña del ZIP (opcional)', { exact: true }).fill('una-clave-equivocada');
  const code = await submitImport(page, 'meddra', () => dialog.getByRole('button', { name: 'Importar', exact: true }).click());
  await expect(dialog).toBeHidden();

  const entry = importEntry(page, 'meddra', code);
  await expectImportStatus(entry, 'Error');
  await expect(entry.getByTestId('import-error')).toHaveText(/contraseña/i);
  await expect(entry.getByTestId('import-status').first()).toHaveAttribute('data-status', 'E');

  // Nothing was switched in: the demo terms are still offered.
  const response = await page.request.get('/api/getMedDRALLT/cefalea');
  expect(response.ok()).toBe(true);
  expect(((await response.json()) as { llt_name: string }[]).map((term) => term.llt_name)).toContain('Cefalea');
});

test('the Importar MedDRA modal works from the keyboard and the pickers refuse a wrong file', async ({ page }) => {
  await openDataImport(page);

  // The catalogue form: no file, or a file that is neither .xlsx nor .csv.
  const products = panel(page, 'Productos');
  await products.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(products.getByText('Debe seleccionar un archivo .XLSX o .CSV')).toBeVisible();

  // The MedDRA panel's icon opens the modal from the keyboard; focus moves into it.
  const icon = panel(page, 'MedDRA').getByRole('button', { name: 'Importar MedDRA' });
  await icon.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Importar MedDRA' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);

  // Only a .ZIP is taken (spec §5), before anything is sent.
  const importButton = dialog.getByRole('button', { name: 'Importar', exact: true });
  await importButton.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Debe seleccionar un archivo .ZIP')).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'llt.asc', mimeType: 'text/plain', buffer: Buffer.from('10019211$Cefalea$10019211$') });
  await expect(dialog.getByText('Debe seleccionar un archivo .ZIP')).toBeVisible();

  // Escape closes it and the focus goes back to the icon.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(icon).toBeFocused();
});
