import { e2bReceiverCodeError, e2bReceiverNameError, MSG, type E2bReceiver, type E2bReceiverSaveInput } from '@atalaya/domain';
import { asc, count, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { e2bReceivers, e2bSubmissions } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, notFound } from '../../http/errors.js';
import { writeAudit } from '../audit/index.js';

/**
 * The receivers of E2B exports (Configuración, docs/e2b.md): listed for the ADMIN who edits them
 * and for the QPPV and RLF who choose one when they export. A receiver with submissions keeps its
 * code (the submissions name it) and cannot be removed.
 */

async function submissionCounts(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db.select({ receiver: e2bSubmissions.receiver, total: count() }).from(e2bSubmissions).groupBy(e2bSubmissions.receiver);
  return new Map(rows.map((row) => [row.receiver, row.total]));
}

/** Every receiver, by code. */
export async function listReceivers(db: DbOrTx): Promise<E2bReceiver[]> {
  const rows = await db.select({ id: e2bReceivers.id, code: e2bReceivers.code, name: e2bReceivers.name }).from(e2bReceivers).orderBy(asc(e2bReceivers.id));
  const counts = await submissionCounts(db);
  return rows.map((row) => ({ Id: row.id, Codigo: row.code, Nombre: row.name, Envios: counts.get(row.code) ?? 0 }));
}

/** The receiver of a code, or null when Configuración has none. */
export async function receiverByCode(db: DbOrTx, code: string): Promise<{ code: string; name: string } | null> {
  const [row] = await db.select({ code: e2bReceivers.code, name: e2bReceivers.name }).from(e2bReceivers).where(eq(e2bReceivers.code, code));
  return row ?? null;
}

/** The name shown for a receiver's code (the code itself when the receiver was removed). */
export async function receiverNames(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await db.select({ code: e2bReceivers.code, name: e2bReceivers.name }).from(e2bReceivers);
  return new Map(rows.map((row) => [row.code, row.name]));
}

async function usedBy(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db.select({ id: e2bSubmissions.id }).from(e2bSubmissions).where(eq(e2bSubmissions.receiver, code)).limit(1);
  return row !== undefined;
}

/**
 * `POST /api/e2bReceiverSave`: adds a receiver (no Id) or changes one. The code is unique
 * (case-insensitively: 'evhuman' is EVHUMAN); a receiver with submissions keeps its code.
 */
export async function saveReceiver(db: Db, user: AuthUser, input: E2bReceiverSaveInput): Promise<E2bReceiver[]> {
  const code = input.Codigo.trim();
  const name = input.Nombre.trim();
  const problem = e2bReceiverCodeError(code) ?? e2bReceiverNameError(name);
  if (problem) throw badRequest(problem);
  await db.transaction(async (tx) => {
    // One save at a time: the uniqueness below is checked under the lock of the whole list.
    await tx.select({ id: e2bReceivers.id }).from(e2bReceivers).for('update');
    const all = await tx.select().from(e2bReceivers);
    const twin = all.find((row) => row.code.toUpperCase() === code.toUpperCase() && row.id !== input.Id);
    if (twin) throw badRequest(MSG.e2bReceivers.duplicated(twin.code));
    if (input.Id === undefined) {
      const [row] = await tx.insert(e2bReceivers).values({ code, name, updatedBy: user.id }).returning({ id: e2bReceivers.id });
      await writeAudit(tx, {
        kind: 'settings.e2b-receiver-added',
        actor: user,
        description: `Receptor E2B ${code} agregado`,
        pkId: String(row?.id ?? ''),
        oldValues: null,
        newValues: { Codigo: code, Nombre: name },
      });
      return;
    }
    const current = all.find((row) => row.id === input.Id);
    if (!current) throw notFound(MSG.e2bReceivers.notFound);
    if (current.code === code && current.name === name) return;
    if (current.code !== code && (await usedBy(tx, current.code))) throw badRequest(MSG.e2bReceivers.codeLocked(current.code));
    await tx.update(e2bReceivers).set({ code, name, updatedBy: user.id, updatedAt: new Date() }).where(eq(e2bReceivers.id, current.id));
    await writeAudit(tx, {
      kind: 'settings.e2b-receiver-changed',
      actor: user,
      description: `Receptor E2B ${code} modificado`,
      pkId: String(current.id),
      oldValues: { Codigo: current.code, Nombre: current.name },
      newValues: { Codigo: code, Nombre: name },
    });
  });
  return listReceivers(db);
}

/** `POST /api/e2bReceiverDelete/{id}`: removes a receiver that has no submissions. */
export async function deleteReceiver(db: Db, user: AuthUser, id: number): Promise<E2bReceiver[]> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(e2bReceivers).where(eq(e2bReceivers.id, id)).for('update');
    if (!current) throw notFound(MSG.e2bReceivers.notFound);
    if (await usedBy(tx, current.code)) throw badRequest(MSG.e2bReceivers.inUse(current.code));
    await tx.delete(e2bReceivers).where(eq(e2bReceivers.id, id));
    await writeAudit(tx, {
      kind: 'settings.e2b-receiver-removed',
      actor: user,
      description: `Receptor E2B ${current.code} eliminado`,
      pkId: String(current.id),
      oldValues: { Codigo: current.code, Nombre: current.name },
      newValues: null,
    });
  });
  return listReceivers(db);
}
