import { MSG, type PublicReport, type ReportCreated } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { homeReports } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest } from '../../http/errors.js';
import { type CaptchaSolution, spendCaptcha, verifyCaptcha } from '../auth/index.js';
import type { HomeReportEvents } from './events.js';
import { insertWaitingReport, numberAndAnnounce } from './numbering.js';
import { resolveReferences } from './references.js';
import { reportColumns, storedReport } from './stored-report.js';

export interface HomeReportDeps {
  db: Db;
  events: HomeReportEvents;
  log: FastifyBaseLogger;
  /** The clock (tests number reports of a year of their own); the system clock by default. */
  now?: () => Date;
}

/** Who sends the report: the public with a solved captcha, or a signed-in user. */
type Sender = { captcha: CaptchaSolution; user: null } | { captcha: null; user: AuthUser };

/**
 * Checks the references (reads of the reference data, outside any transaction, so a pool
 * connection is held only per query), then stores the report in one short transaction:
 * captcha spent, the report written to the intake table without a number. Nothing is stored
 * when any step fails. Then
 * numbers it (with every other report waiting, see numbering.ts), announces what it numbered
 * and answers the report's final RH number.
 */
async function storeHomeReport(deps: HomeReportDeps, report: PublicReport, sender: Sender): Promise<ReportCreated> {
  const now = deps.now?.() ?? new Date();
  const year = now.getUTCFullYear();
  const refs = await resolveReferences(deps.db, report);
  const stored = await deps.db.transaction(async (tx) => {
    if (sender.captcha && !(await spendCaptcha(tx, sender.captcha, now))) throw badRequest(MSG.login.robot);
    return insertWaitingReport(tx, {
      year,
      countryId: refs.country.id,
      subGroupId: refs.subGroup.id,
      data: storedReport(report, refs, sender.user?.email ?? null),
      ...reportColumns(report),
      reporterUserId: sender.user?.id ?? null,
      createdAt: now,
    });
  });
  const numbered = await numberAndAnnounce(deps, year);
  const reference = numbered.find((row) => row.id === stored.id)?.reference ?? (await storedReference(deps.db, stored.id));
  return { Reference: reference, Id: stored.id };
}

/** The number of a report another submission's move numbered. */
async function storedReference(db: Db, id: string): Promise<string> {
  const [row] = await db.select({ reference: homeReports.reference }).from(homeReports).where(eq(homeReports.id, id));
  if (!row) throw new Error(`Incoming report ${id} was not numbered`);
  return row.reference;
}

/** `POST /api/postreporthome`: the public's report, with a captcha solution that is spent. */
export async function submitPublicReport(
  deps: HomeReportDeps & { captchaHmacKey: string },
  report: PublicReport,
  captcha: string | undefined,
): Promise<ReportCreated> {
  const solution = await verifyCaptcha(captcha, deps.captchaHmacKey);
  if (!solution) throw badRequest(MSG.login.robot);
  return storeHomeReport(deps, report, { captcha: solution, user: null });
}

/** `POST /api/postreporthomeusuario`: a signed-in user's report; the user is its reporter. */
export function submitUserReport(deps: HomeReportDeps, report: PublicReport, user: AuthUser): Promise<ReportCreated> {
  return storeHomeReport(deps, report, { captcha: null, user });
}
