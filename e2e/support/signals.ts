import type { Page } from '@playwright/test';
import { apiPost } from './cases';
import { apiGet } from './wizard';

interface CountryProduct {
  Id: number;
  ComercialName: string;
  Laboratorio: { Id: number };
  FormaFarmaceuticaId: number | null;
  PrincipiosActivos: { PrincipioActivoId: number; Concentracion: number | null; Unidad: number | null }[];
}

/**
 * A case of Uruguay sent into the workflow through the wizard's own calls, with one suspect
 * `product` (sold in UY) and one reaction, the first LLT `term` finds (docs/signals.md: a sent
 * case counts in Señales). Answers its reference.
 */
export async function signalCase(page: Page, token: string, product: string, term: string): Promise<string> {
  const created = await apiPost<{ MetaData: string; NumeroReferencia: string }>(page, token, 'createER', { Country: 'UY', SubGrupoId: 1 });
  const meta = created.MetaData;
  await apiPost(page, token, 'setPaciente', { IdER: meta, Initials: 'SEN', Genere: 'F', Weight: 60 });
  await apiPost(page, token, 'insertOriginReport', { IdER: meta, Have: false, NotHave: 'Llamada telefónica', OrigenId: 1, TipoId: 1 });
  const products = await apiGet<CountryProduct[]>(page, token, `getProductsCountryByMeta/${meta}`);
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
    Cant: 10,
  });
  const [llt] = await apiGet<{ llt_code: number; llt_name: string }[]>(page, token, `getMedDRALLT/${encodeURIComponent(term)}`);
  await apiPost(page, token, 'insertRAM', { ram: { IdER: meta, MedraLLT: llt, Description: `${term} tras el inicio`, IsExpected: false } });
  await apiPost(page, token, 'insertER', { Event: { Meta: meta }, comentario: 'Enviado para la prueba de señales' });
  return created.NumeroReferencia;
}
