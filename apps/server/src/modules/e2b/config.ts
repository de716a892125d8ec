import { isSenderTypeCode, type E2bMeddraVersionSource, type IcsrSender, type SettingName } from '@atalaya/domain';
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

/** The C.3 settings of Configuración and the sender field each fills. */
const SENDER_SETTINGS = {
  'e2b.senderDepartment': 'department',
  'e2b.senderTitle': 'title',
  'e2b.senderGivenName': 'givenName',
  'e2b.senderFamilyName': 'familyName',
  'e2b.senderStreet': 'street',
  'e2b.senderCity': 'city',
  'e2b.senderState': 'state',
  'e2b.senderPostcode': 'postcode',
  'e2b.senderCountry': 'country',
  'e2b.senderTelephone': 'telephone',
  'e2b.senderFax': 'fax',
  'e2b.senderEmail': 'email',
} as const satisfies Partial<Record<SettingName, keyof IcsrSender>>;

/**
 * The sender of Configuración: N.1.3 / N.2.r.2 and the code in C.1.1 / C.1.8.1, and C.3: the sender
 * type (C.3.1), organisation (C.3.2), person (C.3.3.x) and address (C.3.4.x). A blank setting is
 * left out of the report (null), never sent empty.
 */
export async function exportSender(db: DbOrTx): Promise<{ senderId: string; sender: IcsrSender }> {
  const names = ['e2b.senderId', 'e2b.senderOrganisation', 'e2b.senderType', ...(Object.keys(SENDER_SETTINGS) as (keyof typeof SENDER_SETTINGS)[])] as const;
  const values = await readSettings(db, [...names]);
  const type = values.get('e2b.senderType');
  const sender: IcsrSender = {
    ...DEFAULT_E2B_SENDER,
    type: type && isSenderTypeCode(type) ? type : DEFAULT_E2B_SENDER.type,
    organisation: values.get('e2b.senderOrganisation') ?? DEFAULT_E2B_SENDER.organisation,
  };
  for (const [name, field] of Object.entries(SENDER_SETTINGS) as [keyof typeof SENDER_SETTINGS, (typeof SENDER_SETTINGS)[keyof typeof SENDER_SETTINGS]][]) {
    const value = values.get(name)?.trim();
    sender[field] = value ? value : null;
  }
  return { senderId: values.get('e2b.senderId') ?? DEFAULT_E2B_SENDER_ID, sender };
}
