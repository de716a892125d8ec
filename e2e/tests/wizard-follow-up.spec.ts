import { expect, test, type Page } from '@playwright/test';
import { accessToken } from '../support/public-form';
import { signIn } from '../support/session';
import { apiGet, field, next } from '../support/wizard';

/**
 * Event spec §2.4 (edit/2, 'Finalizar la creación del Reporte de Seguimiento'), issue 5 §3: a
 * follow-up report is added to a sent case; it becomes a linked event `{case}-S{n}` holding
 * what the follow-up says, and the case lists it among its follow-ups.
 */

const RLF = 'rlf@demo.atalaya';

async function post<T>(page: Page, token: string, path: string, body: unknown): Promise<T> {
  const response = await page.request.post(`/api/${path}`, { headers: { authorization: `Bearer ${token}` }, data: body });
  expect(response.ok(), `${path} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A complete case sent into the workflow through the wizard's own calls; answers its Meta and reference. */
async function sentCase(page: Page, token: string): Promise<{ meta: string; reference: string }> {
  const created = await post<{ MetaData: string; NumeroReferencia: string }>(page, token, 'createER', { Country: 'UY', SubGrupoId: 1 });
  const meta = created.MetaData;
  await post(page, token, 'setPaciente', { IdER: meta, Initials: 'RGT', Genere: 'M', Weight: 80 });
  await post(page, token, 'insertOriginReport', { IdER: meta, Have: false, NotHave: 'Llamada telefónica', OrigenId: 1, TipoId: 1 });
  const products = await apiGet<{ Id: number; ComercialName: string; Laboratorio: { Id: number }; FormaFarmaceuticaId: number | null; PrincipiosActivos: { PrincipioActivoId: number; Concentracion: number | null; Unidad: number | null }[] }[]>(
    page, token, `getProductsCountryByMeta/${meta}`,
  );
  const product = products.find((candidate) => candidate.ComercialName === 'Enaltar 10') ?? products[0];
  if (!product) throw new Error('no product sold in UY');
  const lines = await apiGet<{ Id: number }[]>(page, token, `getLinesByLaboratory/${product.Laboratorio.Id}`);
  await post(page, token, 'insertMedicamentoRelacionado', {
    IdER: meta, ERType: 1, Medicine: { Id: product.Id }, LineaId: lines[0]?.Id, FormaFarmaceuticaId: product.FormaFarmaceuticaId,
    PrincipiosActivos: product.PrincipiosActivos.map((ingredient) => ({ ...ingredient, Concentracion: ingredient.Concentracion ?? 1 })),
    Cant: 10,
  });
  const [term] = await apiGet<{ llt_code: number; llt_name: string }[]>(page, token, 'getMedDRALLT/cefalea');
  await post(page, token, 'insertRAM', { ram: { IdER: meta, MedraLLT: term, Description: 'Cefalea leve', IsExpected: true } });
  await post(page, token, 'insertER', { Event: { Meta: meta }, comentario: 'Enviado para la prueba' });
  return { meta, reference: created.NumeroReferencia };
}

test('a follow-up report is added to a sent case and becomes its linked event', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, RLF, { expectUrl: '/workflow' });
  const token = await accessToken(page, RLF);
  const { meta, reference } = await sentCase(page, token);

  await page.goto(`/reportableEvent/${meta}/edit/2`);
  await expect(page.getByRole('heading', { name: new RegExp(`Reporte de Seguimiento.*${reference}`) })).toBeVisible({ timeout: 15_000 });

  // The draft starts from the case: the follow-up says the patient now weighs 77 kg.
  await expect(field(page, 'Alias')).toHaveValue('RGT');
  await field(page, 'Peso').fill('77');
  await next(page);
  await expect(page.getByRole('form', { name: 'Origen del reporte' })).toBeVisible();
  await next(page);
  await expect(page.getByText('Enaltar 10').first()).toBeVisible();
  await next(page);
  await expect(page.getByText('Cefalea leve')).toBeVisible();
  for (let step = 4; step <= 7; step += 1) await next(page);

  await page.getByRole('button', { name: 'Enviar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Finalizar la creación del Reporte de Seguimiento' });
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page).toHaveURL(/\/reportableEvent\/[^/]+\/view\/details\/3$/i, { timeout: 15_000 });
  const followUpMeta = new URL(page.url()).pathname.split('/')[2] ?? '';
  expect(followUpMeta).not.toBe(meta);

  // The follow-up event holds what the report says; the case lists the report.
  expect(await apiGet(page, token, `getERByMeta/${followUpMeta}`)).toMatchObject({
    NumeroReferencia: `${reference}-S1`, EventType: 3, ParentMeta: meta, Status: 2,
  });
  expect(await apiGet(page, token, `getPacienteByERMeta/${followUpMeta}`)).toMatchObject({ Initials: 'RGT', Weight: 77 });
  expect(await apiGet(page, token, `getPacienteByERMeta/${meta}`)).toMatchObject({ Weight: 80 });
  const followUps = await apiGet<unknown[]>(page, token, `getERFollowUpByMeta/${meta}`);
  expect(followUps).toHaveLength(1);
});
