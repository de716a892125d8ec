import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { sha256Hex } from '../../shared/canonical-json.js';

/** The `prevHash` of the first row of the chain. */
export const GENESIS_HASH = '0'.repeat(64);

/** Where and why the chain breaks: the first row (in chain order) that does not verify. */
export interface AuditChainBreak {
  /** The audit row's id; null when the newest rows are missing (the chain head is ahead). */
  id: number | null;
  /** The position in the chain that was expected there. */
  position: number;
  reason: string;
}

export type AuditChainReport = { ok: true; count: number; lastHash: string } | { ok: false; count: number; break: AuditChainBreak };

type ChainRow = {
  id: number;
  chain_seq: number | null;
  prev_hash: string | null;
  hash: string | null;
  content: string;
};

const PAGE = 2_000;

/**
 * The canonical content of an audit row, computed here independently of the database's
 * `atalaya_audit_content` (drizzle/0005), which the insert trigger uses: an attacker who
 * replaced that function would not change what this verifies. Keep the two identical.
 */
const CONTENT = sql.raw(`jsonb_build_object(
    'id', a.id,
    'chainSeq', a.chain_seq,
    'operationType', a.operation_type,
    'pkId', a.pk_id,
    'referenceNumber', a.reference_number,
    'metadata', a.metadata,
    'instance', a.instance,
    'tableName', a.table_name,
    'userId', a.user_id,
    'dateUtc', to_char(a.date_utc AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'description', a.description,
    'oldValues', a.old_values,
    'newValues', a.new_values,
    'kind', a.kind,
    'ipAddress', a.ip_address,
    'userAgent', a.user_agent
  )::text`);

/**
 * Walks the audit hash chain in order (docs/adr/0006-tamper-evident-record.md): every row
 * must hold the next position, the previous row's hash, and the SHA-256 of that hash and its
 * canonical content; the last row must be the chain head's. Answers the count, or the first
 * break: a row edited (its hash), deleted (a missing position, or the head ahead of the last
 * row), inserted around the trigger (no hash) or reordered. Give it a transaction with one
 * snapshot (REPEATABLE READ) when writers may be running: `verifyAuditLog` does.
 */
export async function verifyAuditChain(db: DbOrTx): Promise<AuditChainReport> {
  let expectedPrev = GENESIS_HASH;
  let position = 0;
  // Rows written around the trigger (no position) are breaks wherever they are: report the first.
  const unchained = await db.execute<{ id: number }>(sql`select id from audit_log where chain_seq is null order by id limit 1`);
  const loose = unchained.rows[0];
  for (;;) {
    const page = await db.execute<ChainRow>(
      sql`select a.id, a.chain_seq, a.prev_hash, a.hash, ${CONTENT} as content
          from audit_log a where a.chain_seq > ${position} order by a.chain_seq limit ${PAGE}`,
    );
    for (const raw of page.rows) {
      const row = { ...raw, id: Number(raw.id), chain_seq: Number(raw.chain_seq) };
      const expected = position + 1;
      if (row.chain_seq !== expected) {
        return broken(position, { id: row.id, position: expected, reason: `falta la fila de la posición ${expected} (borrada): la fila ${row.id} tiene la posición ${row.chain_seq}` });
      }
      if (row.prev_hash !== expectedPrev) {
        return broken(position, { id: row.id, position: expected, reason: 'su hash anterior no es el de la fila anterior de la cadena (una fila anterior fue modificada o reemplazada)' });
      }
      if (row.hash !== sha256Hex(expectedPrev + row.content)) {
        return broken(position, { id: row.id, position: expected, reason: 'su contenido no corresponde a su hash (la fila fue modificada)' });
      }
      position = expected;
      expectedPrev = row.hash;
    }
    if (page.rows.length < PAGE) break;
  }
  if (loose) return broken(position, { id: Number(loose.id), position: position + 1, reason: 'la fila no está encadenada (escrita sin el disparador de la cadena)' });
  const head = await db.execute<{ last_seq: number; last_hash: string }>(sql`select last_seq, last_hash from audit_chain_head where id = 1`);
  const last = head.rows[0];
  if (!last) return broken(position, { id: null, position: position + 1, reason: 'falta la cabeza de la cadena (audit_chain_head)' });
  if (Number(last.last_seq) !== position) {
    return broken(position, {
      id: null,
      position: position + 1,
      reason: `la cabeza de la cadena está en la posición ${last.last_seq} y la última fila en la ${position} (faltan las filas más recientes)`,
    });
  }
  if (last.last_hash !== expectedPrev) {
    return broken(position, { id: null, position, reason: 'el hash de la última fila no es el de la cabeza de la cadena (la última fila fue reemplazada)' });
  }
  return { ok: true, count: position, lastHash: expectedPrev };
}

function broken(count: number, where: AuditChainBreak): AuditChainReport {
  return { ok: false, count, break: where };
}

/** `verifyAuditChain` on one snapshot of the database, while writers may keep writing. */
export function verifyAuditLog(db: Db): Promise<AuditChainReport> {
  return db.transaction((tx) => verifyAuditChain(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
