import { expect, type Page } from '@playwright/test';
import { apiGet } from './wizard';

/** POST an API call as the signed-in user of the page; answers the JSON. */
export async function apiPost<T>(page: Page, token: string, path: string, body: unknown): Promise<T> {
  const response = await page.request.post(`/api/${path}`, { headers: { authorization: `Bearer ${token}` }, data: body });
  expect(response.ok(), `${path} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

interface CountryProduct {
  Id: number;
  ComercialName: string;
  Laboratorio: { Id: number };
  FormaFarmaceuticaId: number | null;
  PrincipiosActivos: { PrincipioActivoId: number; Concentracion: number | null; Unidad: number | null }[];
}

/**
 * A complete Pendiente case of Uruguay built through the wizard's own calls (patient, origin,
 * the suspect medicine — Enaltar 10 unless `product` names another sold in UY —, a 'cefalea'
 * reaction); answers its Meta and reference.
 */
export async function draftCase(page: Page, token: string, options: { product?: string } = {}): Promise<{ meta: string; reference: string }> {
  const created = await apiPost<{ MetaData: string; NumeroReferencia: string }>(page, token, 'createER', { Country: 'UY', SubGrupoId: 1 });
  const meta = created.MetaData;
  await apiPost(page, token, 'setPaciente', { IdER: meta, Initials: 'RGT', Genere: 'M', Weight: 80 });
  await apiPost(page, token, 'insertOriginReport', { IdER: meta, Have: false, NotHave: 'Llamada telefónica', OrigenId: 1, TipoId: 1 });
  const products = await apiGet<CountryProduct[]>(page, token, `getProductsCountryByMeta/${meta}`);
  const wanted = options.product ?? 'Enaltar 10';
  const product = products.find((candidate) => candidate.ComercialName === wanted);
  if (!product) throw new Error(`${wanted} is not sold in UY`);
  const lines = await apiGet<{ Id: number }[]>(page, token, `getLinesByLaboratory/${product.Laboratorio.Id}`);
  await apiPost(page, token, 'insertMedicamentoRelacionado', {
    IdER: meta,
    ERType: 1,
    Medicine: { Id: product.Id },
    LineaId: lines[0]?.Id,
    FormaFarmaceuticaId: product.FormaFarmaceuticaId,
    PrincipiosActivos: product.PrincipiosActivos.map((ingredient) => ({ ...ingredient, Concentracion: ingredient.Concentracion ?? 1 })),
    Cant: 10,
  });
  const [term] = await apiGet<{ llt_code: number; llt_name: string }[]>(page, token, 'getMedDRALLT/cefalea');
  await apiPost(page, token, 'insertRAM', { ram: { IdER: meta, MedraLLT: term, Description: 'Cefalea leve', IsExpected: true } });
  return { meta, reference: created.NumeroReferencia };
}

/** `draftCase`, sent into the workflow (status 2) with insertER. */
export async function sentCase(page: Page, token: string): Promise<{ meta: string; reference: string }> {
  const draft = await draftCase(page, token);
  await apiPost(page, token, 'insertER', { Event: { Meta: draft.meta }, comentario: 'Enviado para la prueba' });
  return draft;
}

/** Adds `product` (sold in UY) as a second suspect medicine of the draft `meta`. */
export async function addMedicine(page: Page, token: string, meta: string, product: string): Promise<void> {
  const products = await apiGet<{ Id: number; ComercialName: string; FormaFarmaceuticaId: number | null; Laboratorio: { Id: number }; PrincipiosActivos: { Concentracion: number | null }[] }[]>(
    page,
    token,
    `getProductsCountryByMeta/${meta}`,
  );
  const found = products.find((candidate) => candidate.ComercialName === product);
  if (!found) throw new Error(`${product} is not sold in UY`);
  const lines = await apiGet<{ Id: number }[]>(page, token, `getLinesByLaboratory/${found.Laboratorio.Id}`);
  await apiPost(page, token, 'insertMedicamentoRelacionado', {
    IdER: meta,
    ERType: 1,
    Medicine: { Id: found.Id },
    LineaId: lines[0]?.Id,
    FormaFarmaceuticaId: found.FormaFarmaceuticaId,
    PrincipiosActivos: found.PrincipiosActivos.map((ingredient) => ({ ...ingredient, Concentracion: ingredient.Concentracion ?? 1 })),
    Cant: 30,
  });
}

/**
 * A case sent into the workflow that every case role reaches: Pampril 5 (the demo Fabricante's
 * Pampa Vital) and Enaltar 10 (the demo CL's Terramar), in Uruguay (the demo RLF's country);
 * built by the RLF whose token is given.
 */
export async function caseForEveryRole(page: Page, rlfToken: string): Promise<{ meta: string; reference: string }> {
  const draft = await draftCase(page, rlfToken, { product: 'Pampril 5' });
  await addMedicine(page, rlfToken, draft.meta, 'Enaltar 10');
  await apiPost(page, rlfToken, 'insertER', { Event: { Meta: draft.meta }, comentario: 'Enviado para la prueba de pantallas' });
  return draft;
}
