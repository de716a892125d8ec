import { type ErOrigin, MSG, type Origin } from '@atalaya/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { preparedByText } from '../../db/prepared.js';
import { eventOrigins, files } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { notFound } from '../../http/errors.js';
import { changedFields, type ChangeLine, lockEditableCase, recordCaseOperation } from '../cases/index.js';
import { findCaseInReach } from '../reach/index.js';
import { checkListValue, listNames, nameOr } from './lists.js';

/**
 * Step 1 'Origen del reporte' (insertOriginReport / updateOriginReport / getOriginReportByMeta):
 * one origin per case. The origin document itself is uploaded apart (uploadFileOriginReport);
 * saving the form never touches it: when 'No disponible' is chosen the file stays attached
 * (downloadable, and in the history), and the wizard's gate goes by `Have`.
 */

/** Spanish labels of the origin's fields (the form's; the file is not one) in the history, in form order. */
const ORIGIN_LABELS: Record<keyof Origin, string> = {
  Have: 'Documento de origen disponible',
  NotHave: 'Motivo de no disponibilidad',
  OrigenId: 'Origen',
  ReceptorId: 'Receptor',
  TipoId: 'Tipo',
  ProvieneDeLiteratura: 'Proviene de literatura',
  ReferenciaBibliografica: 'Referencia bibliográfica',
  Country: 'País de origen',
  NombreEstudio: 'Nombre del estudio',
  TipoEstudio: 'Tipo de estudio',
  NumeroRegistroEstudio: 'Número de registro del estudio',
  NumeroSponsor: 'Número de sponsor',
};

/** The case's origin with its file's name, prepared once per connection (opening a case reads it). */
const originRead = preparedByText((db) =>
  db
    .select({ origin: eventOrigins, fileName: files.name, extension: files.extension })
    .from(eventOrigins)
    .leftJoin(files, eq(files.id, eventOrigins.fileId))
    .where(eq(eventOrigins.eventId, sql.placeholder('eventId'))),
);

/** The stored origin of a case (by its internal id) with its document's name, or null while none. */
export async function readOrigin(db: DbOrTx, eventId: string, meta: string): Promise<ErOrigin | null> {
  const [row] = await originRead(db).execute({ eventId });
  if (!row) return null;
  const { origin } = row;
  return {
    IdER: meta,
    Have: origin.have,
    NotHave: origin.notHave,
    OrigenId: origin.originId,
    ReceptorId: origin.receiverId,
    TipoId: origin.typeId,
    ProvieneDeLiteratura: origin.fromLiterature,
    ReferenciaBibliografica: origin.bibliographicReference,
    Country: origin.originCountryId,
    NombreEstudio: origin.studyName,
    TipoEstudio: origin.studyType,
    NumeroRegistroEstudio: origin.studyRegistrationNumber,
    NumeroSponsor: origin.sponsorNumber,
    FileName: row.fileName,
    Extension: row.extension,
  };
}

type OriginView = Pick<ErOrigin, keyof Origin>;

/** The origin as the Operaciones tab shows it: list values by name. */
async function displayed(tx: Tx, origins: readonly (OriginView | null)[]): Promise<(Record<string, unknown> | null)[]> {
  const present = origins.filter((origin): origin is OriginView => origin !== null);
  const originNames = await listNames(tx, 'reportOrigins', present.map((origin) => origin.OrigenId));
  const receiverNames = await listNames(tx, 'reportReceivers', present.map((origin) => origin.ReceptorId));
  const typeNames = await listNames(tx, 'reportTypes', present.map((origin) => origin.TipoId));
  const countryNames = await listNames(tx, 'originCountries', present.map((origin) => origin.Country));
  return origins.map((origin) =>
    origin === null
      ? null
      : {
          ...origin,
          OrigenId: nameOr(originNames, origin.OrigenId),
          ReceptorId: nameOr(receiverNames, origin.ReceptorId),
          TipoId: nameOr(typeNames, origin.TipoId),
          Country: nameOr(countryNames, origin.Country),
        },
  );
}

/**
 * Writes the origin of a case (inserted the first time, updated after) and answers whether it
 * was created and the lines of what changed. The attached document (fileId) is kept as it is.
 * List values must be enabled rows (or the values already stored): 400 otherwise.
 */
export async function saveOrigin(tx: Tx, eventId: string, origin: Origin, userId: string): Promise<{ created: boolean; lines: ChangeLine[] }> {
  const [stored] = await tx.select().from(eventOrigins).where(eq(eventOrigins.eventId, eventId));

  await checkListValue(tx, 'reportOrigins', origin.OrigenId, stored?.originId ?? null, ORIGIN_LABELS.OrigenId);
  await checkListValue(tx, 'reportReceivers', origin.ReceptorId, stored?.receiverId ?? null, ORIGIN_LABELS.ReceptorId);
  await checkListValue(tx, 'reportTypes', origin.TipoId, stored?.typeId ?? null, ORIGIN_LABELS.TipoId);
  await checkListValue(tx, 'originCountries', origin.Country, stored?.originCountryId ?? null, ORIGIN_LABELS.Country);

  const now = new Date();
  const values = {
    have: origin.Have,
    notHave: origin.NotHave,
    originId: origin.OrigenId,
    receiverId: origin.ReceptorId,
    typeId: origin.TipoId,
    fromLiterature: origin.ProvieneDeLiteratura,
    bibliographicReference: origin.ReferenciaBibliografica,
    originCountryId: origin.Country,
    studyName: origin.NombreEstudio,
    studyType: origin.TipoEstudio,
    studyRegistrationNumber: origin.NumeroRegistroEstudio,
    sponsorNumber: origin.NumeroSponsor,
    updatedAt: now,
    updatedBy: userId,
  };
  if (stored) {
    await tx.update(eventOrigins).set(values).where(eq(eventOrigins.eventId, eventId));
  } else {
    await tx.insert(eventOrigins).values({ eventId, ...values, createdAt: now, createdBy: userId });
  }

  const before: OriginView | null = stored
    ? {
        Have: stored.have,
        NotHave: stored.notHave,
        OrigenId: stored.originId,
        ReceptorId: stored.receiverId,
        TipoId: stored.typeId,
        ProvieneDeLiteratura: stored.fromLiterature,
        ReferenciaBibliografica: stored.bibliographicReference,
        Country: stored.originCountryId,
        NombreEstudio: stored.studyName,
        TipoEstudio: stored.studyType,
        NumeroRegistroEstudio: stored.studyRegistrationNumber,
        NumeroSponsor: stored.sponsorNumber,
      }
    : null;
  const [shownBefore, shownAfter] = await displayed(tx, [before, origin]);
  return { created: !stored, lines: changedFields(ORIGIN_LABELS, shownBefore ?? null, shownAfter ?? null) };
}

/**
 * The origin of a case (its internal id) written inside the caller's transaction; the lines of
 * what changed, for the caller's history entry. Also used by the follow-up report (insertES).
 */
export async function upsertOrigin(tx: Tx, eventId: string, origin: Origin, userId: string): Promise<ChangeLine[]> {
  return (await saveOrigin(tx, eventId, origin, userId)).lines;
}

/**
 * `getOriginReportByMeta`: the origin of a case within reach; null while step 1 has not been
 * saved (a case entered from a public report has none until then: not an error, so no 404 in
 * the browser's console). An unknown case or one out of reach: 404.
 */
export async function getOrigin(db: Db, user: AuthUser, meta: string): Promise<ErOrigin | null> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  return readOrigin(db, found.id, found.meta);
}

/**
 * `insertOriginReport` / `updateOriginReport` (both upsert): in one transaction, the case locked
 * and editable by the user, writes the origin and records 'Origen del reporte creado' (I) or
 * 'Origen del reporte actualizado' (U) with a line per changed field.
 */
export function setOrigin(db: Db, user: AuthUser, meta: string, origin: Origin): Promise<ErOrigin> {
  return db.transaction(async (tx) => {
    const found = await lockEditableCase(tx, user, meta);
    const { created, lines } = await saveOrigin(tx, found.id, origin, user.id);
    await recordCaseOperation(tx, user, found, {
      description: created ? 'Origen del reporte creado' : 'Origen del reporte actualizado',
      operationType: created ? 'I' : 'U',
      lines,
    });
    const stored = await readOrigin(tx, found.id, found.meta);
    if (!stored) throw new Error('Origin not stored');
    return stored;
  });
}
