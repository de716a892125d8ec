import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { imports, meddraVersions } from '../../db/schema/index.js';

export interface LoadedMeddraVersion {
  version: string;
  language: string;
  /** The import that switched it in. */
  codeImport: string;
  loadedAt: Date;
}

/** The MedDRA version the dictionary holds: the latest switched in; null while it holds only the demo sample. */
export async function loadedMeddraVersion(db: DbOrTx): Promise<LoadedMeddraVersion | null> {
  const [row] = await db
    .select({ version: meddraVersions.version, language: meddraVersions.language, codeImport: imports.codeImport, loadedAt: meddraVersions.loadedAt })
    .from(meddraVersions)
    .innerJoin(imports, eq(imports.id, meddraVersions.importId))
    .orderBy(desc(meddraVersions.loadedAt), desc(meddraVersions.id))
    .limit(1);
  return row ?? null;
}
