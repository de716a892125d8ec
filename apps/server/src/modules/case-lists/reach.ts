import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { staticStatement } from '../../db/prepared.js';
import { countries } from '../../db/schema/index.js';
import { caseReach, caseReachBranches, type ReachUser, reachesByLaboratory, userLaboratoryIds } from '../reach/index.js';
import type { CaseListCondition } from './filters.js';

/*
 * The reach (step 2 of a page request, `list.ts`): who the user is for a list — the time zone
 * its dates are read in, the laboratories its reach goes by — and which cases that lets them see.
 */

/** What a list's condition and rows are built from: the user's time zone and, for laboratory roles, their laboratories. */
export interface ListContext {
  timeZone: string;
  /** The user's laboratories (`userLaboratoryIds`) for QPPV, CL and Fabricante; undefined for the other roles. */
  laboratoryIds: number[] | undefined;
}

/**
 * The user's country's time zone (UTC when unknown) and, for the roles whose reach goes by laboratory (`reachesByLaboratory`),
 * `loadUserLaboratoryIds`, in one statement: read on every list request (nothing cached, so an
 * assignment changed in administration counts from the next request on).
 */
export async function listContext(db: DbOrTx, user: ReachUser): Promise<ListContext> {
  const byLaboratory = reachesByLaboratory(user.role);
  const [row] = byLaboratory
    ? await contextWithLaboratories(db, { country: user.countryCode, user: user.id })
    : await contextWithoutLaboratories(db, { country: user.countryCode });
  const ids = row?.laboratory_ids;
  return {
    timeZone: row?.time_zone ?? 'UTC',
    laboratoryIds: byLaboratory ? (Array.isArray(ids) ? ids.map(Number) : []) : undefined,
  };
}

type ContextRow = { time_zone: string | null; laboratory_ids: unknown };
const contextWithLaboratories = staticStatement<ContextRow, 'country' | 'user'>(
  (param) => sql`select (select ${countries.timeZone} from ${countries} where ${countries.code} = ${param('country')}) as time_zone,
    array(${userLaboratoryIds(param('user'))}) as laboratory_ids`,
);
const contextWithoutLaboratories = staticStatement<ContextRow, 'country'>(
  (param) => sql`select (select ${countries.timeZone} from ${countries} where ${countries.code} = ${param('country')}) as time_zone, null::int[] as laboratory_ids`,
);

/** Who may see a case of the list (`caseReach`), and the same as disjoint branches (`caseReachBranches`) for counting. */
export function caseListReach(user: ReachUser, laboratoryIds: readonly number[] | undefined): Pick<CaseListCondition, 'reach' | 'reachBranches'> {
  return { reach: caseReach(user, laboratoryIds), reachBranches: caseReachBranches(user, laboratoryIds) };
}
