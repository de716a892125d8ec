import { type SQL, sql } from 'drizzle-orm';
import { countries, homeReports } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';

/**
 * Which incoming reports a user reaches (docs/roles.md 'Reach'): an RLF those of its own
 * country, a QPPV every country's; no other role triages reports (their routes refuse them).
 */
export function reachesHomeReport(user: AuthUser, countryCode: string): boolean {
  if (user.role === 'QPPV') return true;
  return user.role === 'RLF' && countryCode === user.countryCode;
}

/** The same rule as a condition on `home_reports` for the lists; undefined: no restriction. */
export function homeReportReach(user: AuthUser): SQL | undefined {
  if (user.role === 'QPPV') return undefined;
  if (user.role !== 'RLF') return sql`false`;
  return sql`${homeReports.countryId} = (select ${countries.id} from ${countries} where ${countries.code} = ${user.countryCode})`;
}
