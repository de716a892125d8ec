import { formatHomeReference, HOME_REPORT_PREFIX, HOME_REPORT_STATUS, MSG, OPERATION_TYPES, type PublicReport, type ReportCreated } from '@atalaya/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { nextReferenceSequence } from '../../db/reference-sequences.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest } from '../../http/errors.js';
import { type CaptchaSolution, spendCaptcha, verifyCaptcha } from '../auth/index.js';
import { announceHomeReportCreated, type HomeReportEvents } from './events.js';
import { insertHomeReport, insertStatusHistory } from './queries.js';
import { resolveReferences } from './references.js';
import { reportColumns, storedReport } from './stored-report.js';

export interface HomeReportDeps {
  db: Db;
  events: HomeReportEvents;
  log: FastifyBaseLogger;
}

/** Who sends the report: the public with a solved captcha, or a signed-in user. */
type Sender = { captcha: CaptchaSolution; user: null } | { captcha: null; user: AuthUser };

/**
 * Stores an incoming report in one transaction: references checked, captcha spent, an RH
 * number taken, the report (status 1 Nuevo) and its first status-history row written. Then
 * announces it. Nothing is stored when any step fails.
 */
async function storeHomeReport(deps: HomeReportDeps, report: PublicReport, sender: Sender): Promise<ReportCreated> {
  const now = new Date();
  const year = now.getUTCFullYear();
  const created = await deps.db.transaction(async (tx) => {
    const refs = await resolveReferences(tx, report);
    if (sender.captcha && !(await spendCaptcha(tx, sender.captcha, now))) throw badRequest(MSG.login.robot);
    const reference = formatHomeReference(year, await nextReferenceSequence(tx, HOME_REPORT_PREFIX, year));
    const row = await insertHomeReport(tx, {
      reference,
      status: HOME_REPORT_STATUS.NUEVO,
      countryId: refs.country.id,
      subGroupId: refs.subGroup.id,
      data: storedReport(report, refs, sender.user?.email ?? null),
      ...reportColumns(report),
      reporterUserId: sender.user?.id ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await insertStatusHistory(tx, {
      homeReportId: row.id,
      fromStatus: null,
      toStatus: HOME_REPORT_STATUS.NUEVO,
      comment: OPERATION_TYPES.I,
      userId: sender.user?.id ?? null,
      createdAt: now,
    });
    return { id: row.id, reference, countryCode: refs.country.code, subGroupId: refs.subGroup.id, createdAt: row.createdAt };
  });
  announceHomeReportCreated(deps.events, { ...created, isMedic: report.isMedic }, deps.log);
  return { Reference: created.reference, Id: created.id };
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
