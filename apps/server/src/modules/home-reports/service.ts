import { MSG, type PublicReport, type ReportCreated } from '@atalaya/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest } from '../../http/errors.js';
import { type CaptchaSolution, verifyCaptcha } from '../auth/index.js';
import type { HomeReportEvents } from './events.js';
import { insertWaitingReport, numberReport } from './numbering.js';
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
 * Checks the references (one read of the reference data, outside any transaction), then stores
 * the report in one statement: captcha spent and the report written to the intake table
 * without a number, both or neither. Nothing is stored when any step fails. Then numbers it
 * (with every other report waiting, see numbering.ts), announces what it numbered and answers
 * the report's final RH number.
 */
async function storeHomeReport(deps: HomeReportDeps, report: PublicReport, sender: Sender): Promise<ReportCreated> {
  const now = deps.now?.() ?? new Date();
  const year = now.getUTCFullYear();
  const refs = await resolveReferences(deps.db, report);
  const stored = await insertWaitingReport(
    deps.db,
    {
      year,
      countryId: refs.country.id,
      subGroupId: refs.subGroup.id,
      data: storedReport(report, refs, sender.user?.email ?? null),
      ...reportColumns(report),
      reporterUserId: sender.user?.id ?? null,
      createdAt: now,
    },
    sender.captcha ? { solution: sender.captcha, now } : null,
  );
  if (!stored) throw badRequest(MSG.login.robot);
  return { Reference: await numberReport(deps, year, stored.id), Id: stored.id };
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
