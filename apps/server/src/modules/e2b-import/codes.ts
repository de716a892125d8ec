import { e2bReferenceCode, e2bRouteCodes, type E2bReferenceList } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { type DbOrTx, readAll } from '../../db/client.js';
import { administrationRoutes, medicationActions, pharmaceuticalForms } from '../../db/schema/index.js';

/**
 * The reference rows an imported code maps back to (docs/e2b-import.md 'Codes mapped back'): for
 * each list, the E2B code of each enabled row (its Código E2B of Parámetros, else the seeded code,
 * as the export takes it; a route both its EDQM and its list-14 code) → the row's id. A code that
 * two rows share names neither: it is not mapped (never a guess), and stays in the stored ICSR.
 */
export type ReferenceCodes = Readonly<Record<Exclude<E2bReferenceList, 'ReporteOriginador_Tipo'>, ReadonlyMap<string, number>>>;

const TABLES = { Via: administrationRoutes, FormaFarmaceutica: pharmaceuticalForms, AccionMedicamento: medicationActions } as const;

export async function referenceCodes(db: DbOrTx): Promise<ReferenceCodes> {
  const entries = await readAll(
    db,
    (Object.keys(TABLES) as (keyof typeof TABLES)[]).map((list) => async () => {
      const table = TABLES[list];
      const rows = await db.select({ id: table.id, value: table.value, code: table.e2bCode }).from(table).where(eq(table.eliminado, false));
      const ids = new Map<string, number[]>();
      for (const row of rows) {
        // A route answers to both of its codes, EDQM and ICH list 14 (`e2bRouteCodes`, as the export takes them).
        const rowCodes = list === 'Via' ? Object.values(e2bRouteCodes(row.value, row.code)) : [e2bReferenceCode(list, row.value, row.code)];
        for (const code of rowCodes) if (code) ids.set(code, [...(ids.get(code) ?? []), row.id]);
      }
      const unique = new Map<string, number>();
      for (const [code, found] of ids) if (found.length === 1 && found[0] !== undefined) unique.set(code, found[0]);
      return [list, unique] as const;
    }),
  );
  return Object.fromEntries(entries) as unknown as ReferenceCodes;
}

/** The row of `list` a term id maps to, or null (no code, an unknown code, or a code two rows share). */
export function rowOfCode(codes: ReferenceCodes, list: keyof ReferenceCodes, code: string | null | undefined): number | null {
  const trimmed = code?.trim();
  return trimmed ? (codes[list].get(trimmed) ?? null) : null;
}
