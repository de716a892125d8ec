import type { E2bMeddraVersionSource, IcsrSender } from '@atalaya/domain';
import type { DbOrTx } from '../../db/client.js';
import { readSettings } from '../../shared/settings.js';
import { currentMeddraVersion, DEFAULT_E2B_SENDER } from './load.js';

/** The sender's identifier when Configuración has none (or an invalid one). */
export const DEFAULT_E2B_SENDER_ID = 'ATALAYA';

/**
 * E.i.2.1a of an export: the version of the MedDRA release loaded ('Importar MedDRA', recorded in
 * meddra_versions); when none was ever imported (the demo sample, a fresh installation), the
 * fallback version of Configuración (`e2b.meddraFallbackVersion`); otherwise none, and the export
 * is refused. Never guessed (docs/e2b.md).
 */
export async function exportMeddraVersion(db: DbOrTx): Promise<{ version: string; source: E2bMeddraVersionSource } | null> {
  const imported = await currentMeddraVersion(db);
  if (imported) return { version: imported, source: 'import' };
  const fallback = (await readSettings(db, ['e2b.meddraFallbackVersion'])).get('e2b.meddraFallbackVersion') ?? '';
  return fallback ? { version: fallback, source: 'setting' } : null;
}

/** The sender of Configuración: N.1.3 / N.2.r.2 and the code in C.1.1 / C.1.8.1, and C.3.2. */
export async function exportSender(db: DbOrTx): Promise<{ senderId: string; sender: IcsrSender }> {
  const values = await readSettings(db, ['e2b.senderId', 'e2b.senderOrganisation']);
  return {
    senderId: values.get('e2b.senderId') ?? DEFAULT_E2B_SENDER_ID,
    sender: { ...DEFAULT_E2B_SENDER, organisation: values.get('e2b.senderOrganisation') ?? DEFAULT_E2B_SENDER.organisation },
  };
}
