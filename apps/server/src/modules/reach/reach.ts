import { ER_STATUS } from '@atalaya/domain';
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { intArray } from '../../db/int-array.js';
import { preparedByText } from '../../db/prepared.js';
import { countries, events, laboratories, userLaboratories } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';

/** What reach needs of the caller (an `AuthUser` will do). */
export type ReachUser = Pick<AuthUser, 'id' | 'role' | 'countryCode'>;

/**
 * Whether the `user_laboratories` row in scope covers the `laboratories` row in scope
 * (docs/roles.md 'Laboratory assignment'): a laboratory grant covers that laboratory; a
 * company grant every laboratory of the company; a country grant every laboratory of the
 * country; a grant with no id at all every laboratory.
 */
export function grantCoversLaboratory(): SQL {
  return sql`(${userLaboratories.laboratoryId} = ${laboratories.id}
    or (${userLaboratories.laboratoryId} is null
      and (${userLaboratories.companyId} = ${laboratories.companyId}
        or (${userLaboratories.companyId} is null
          and (${userLaboratories.countryId} is null or ${userLaboratories.countryId} = ${laboratories.countryId})))))`;
}

/**
 * The ids of the laboratories assigned to a user, as a subquery: every laboratory one of the
 * user's `user_laboratories` rows covers (`grantCoversLaboratory`).
 */
export function userLaboratoryIds(userId: string | SQL | Placeholder): SQL {
  return sql`select ${laboratories.id} from ${laboratories} where exists (
    select 1 from ${userLaboratories}
    where ${userLaboratories.userId} = ${userId} and ${grantCoversLaboratory()})`;
}

/**
 * Which cases (reportable events) a user may see: a condition on `events`, to put in the
 * WHERE of any query whose FROM holds `events` (unaliased). Every list, read and write of a
 * case goes through it; a case out of reach answers the same 404 as an unknown one.
 *
 * - RLF: the cases of their own country (`events.countryId` = the user's country).
 * - QPPV, CL, Fabricante: the cases with at least one related medication of one of their
 *   laboratories (`userLaboratoryIds`): `events.laboratory_ids`, which the database keeps
 *   equal to the laboratories of the case's `event_medications` (triggers of migration 0009,
 *   in the same transaction as the medications), overlaps them.
 * - ADMIN: no case.
 * - A case in status 1 (Pendiente) is a draft: besides RLF of its country, only its creator
 *   sees it (a QPPV, CL or Fabricante does not see another user's draft even when it holds
 *   their laboratory).
 * - The creator of a case always sees it (a draft may have no medication yet, and the
 *   creator may annul it).
 * - A deleted case (delER, with an electronic signature) is kept but nobody sees it.
 *
 * `laboratoryIds`: the user's laboratories already loaded (`loadUserLaboratoryIds`); lists
 * pass them so that the condition is `laboratory_ids && '{…}'::int[]` with constants, which
 * PostgreSQL checks on each row read in order from a keyset index (a QPPV with every
 * laboratory) or answers from the GIN index `events_laboratory_ids_idx` (a Fabricante with
 * few). Without them the laboratories are a subquery (fine for one case). No list of cases
 * ever travels from the server; bench/README.md lists the indexes and the query shapes.
 */
export function caseReach(user: ReachUser | Asker, laboratoryIds?: readonly number[]): SQL {
  return sql`(${events.deletedAt} is null and ${roleReach(user, laboratoryIds)})`;
}

/**
 * `caseReach` as disjoint conditions whose union is the same cases, each one an index can
 * answer on its own: an RLF's `created_by = me or country_id = X` hides the country from the
 * (country_id, …) indexes, so it is the cases of the country, then the user's own cases of
 * other countries (`events_created_by_status_idx`). Lists count a union of these branches
 * (`boundedTotal`), each an index-only range. Every other role: `caseReach` alone.
 */
export function caseReachBranches(user: ReachUser, laboratoryIds?: readonly number[]): SQL[] {
  if (user.role !== 'RLF') return [caseReach(user, laboratoryIds)];
  const country = sql`(select ${countries.id} from ${countries} where ${countries.code} = ${user.countryCode})`;
  return [
    sql`(${events.deletedAt} is null and ${events.countryId} = ${country})`,
    sql`(${events.deletedAt} is null and ${events.createdBy} = ${user.id} and ${events.countryId} <> ${country})`,
  ];
}

/** Who is asking, as the reach condition needs it: values, or placeholders of a prepared read. */
export interface Asker {
  role: ReachUser['role'];
  id: string | Placeholder;
  countryCode: string | Placeholder;
}

/** `caseReach` before the deleted filter: who sees which case. */
function roleReach(user: Asker, laboratoryIds?: readonly number[]): SQL {
  const creator = sql`${events.createdBy} = ${user.id}`;
  switch (user.role) {
    case 'ADMIN':
      return sql`false`;
    case 'RLF':
      return sql`(${creator} or ${events.countryId} = (select ${countries.id} from ${countries} where ${countries.code} = ${user.countryCode}))`;
    case 'QPPV':
    case 'CL':
    case 'Fabricante': {
      if (laboratoryIds && laboratoryIds.length === 0) return creator;
      const theirs = laboratoryIds
        ? sql`${events.laboratoryIds} && ${intArray(laboratoryIds)}`
        : sql`${events.laboratoryIds} && array(${userLaboratoryIds(user.id)})`;
      return sql`(${creator} or (${events.status} <> ${ER_STATUS.PENDIENTE} and ${theirs}))`;
    }
  }
}

/**
 * Whether these laboratories are every laboratory there is (none outside them). A case's
 * `laboratory_ids` hold the laboratories of its medicines' products (triggers of migration 0009),
 * each a row of `laboratories`: a user holding every one reaches every case with a laboratory, and
 * the Indicadores and Señales then read the whole registry's counts instead of testing each set.
 */
export async function holdsEveryLaboratory(db: DbOrTx, ids: readonly number[]): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from ${laboratories} where ${laboratories.id} <> all(${intArray(ids)}) limit 1`);
  return rows.rows.length === 0;
}

/** The ids of the user's laboratories (`userLaboratoryIds`), for `caseReach` in lists. */
export async function loadUserLaboratoryIds(db: DbOrTx, userId: string): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(userLaboratoryIds(userId));
  return rows.rows.map((row) => Number(row.id));
}

/** Whether a role's reach depends on its laboratories. */
export function reachesByLaboratory(role: ReachUser['role']): boolean {
  return role === 'QPPV' || role === 'CL' || role === 'Fabricante';
}

/** A case found by its Meta within the caller's reach. */
export interface CaseInReach {
  id: string;
  meta: string;
  referenceNumber: string;
  status: number;
  createdBy: string;
  /** Entered from another system's E2B file (docs/e2b-import.md): it allows only the PDF export. */
  isHistoric: boolean;
}

/**
 * The case with this Meta if the user may see it, else null (unknown and out of reach look
 * the same). `forUpdate` locks the row until the transaction ends (pass a transaction).
 */
export async function findCaseInReach(db: DbOrTx, user: ReachUser, meta: string, options: { forUpdate?: boolean } = {}): Promise<CaseInReach | null> {
  const [row] = options.forUpdate
    ? await caseByMeta(db, eq(events.meta, meta), caseReach(user)).for('update')
    : await caseByMetaRead(db, user.role).execute({ meta, userId: user.id, countryCode: user.countryCode });
  return row ?? null;
}

function caseByMeta(db: DbOrTx, byMeta: SQL, reach: SQL) {
  return db
    .select({ id: events.id, meta: events.meta, referenceNumber: events.referenceNumber, status: events.status, createdBy: events.createdBy, isHistoric: events.isHistoric })
    .from(events)
    .where(and(byMeta, reach));
}

/** `findCaseInReach` without a lock: built once per role (its reach's shape), the user's values placeholders (every case read starts here). */
const caseByMetaRead = preparedByText((db, role: ReachUser['role']) =>
  caseByMeta(
    db,
    eq(events.meta, sql.placeholder('meta')),
    caseReach({ role, id: sql.placeholder('userId'), countryCode: sql.placeholder('countryCode') }),
  ),
);
