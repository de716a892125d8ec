import { homeReportsApi, RATE_LIMITS } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { contractRoute } from '../../http/contract-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { CAPTCHA_HEADER } from '../auth/index.js';
import type { CaseEvents } from '../cases/index.js';
import type { HomeReportEvents } from './events.js';
import { homeReportDetailRoutes } from './details.js';
import { homeReportByReferenceRoutes } from './get-by-reference.js';
import { homeReportInboxRoutes } from './inbox.js';
import { numberLeftoverReports } from './numbering.js';
import { submitPublicReport, submitUserReport } from './service.js';
import { homeReportTriageRoutes } from './triage.js';

export interface HomeReportsModuleOptions {
  db: Db;
  /** The key that signs ALTCHA challenges (`AuthKeys.captchaHmacKey`). */
  captchaHmacKey: string;
  /** Told about every stored report (see `onHomeReportCreated`). */
  events: HomeReportEvents;
  /** Told about every case entered from a report (Ingresar). */
  caseEvents: CaseEvents;
}

/** A report is JSON text only; 1 MB is far more than the nine steps can hold. */
const REPORT_BODY_LIMIT_BYTES = 1024 * 1024;

const reportErrors = { ...errorResponses, 413: messageSchema, 415: messageSchema };

/** Incoming reports: the public report form (and its signed-in variant), their reads, lists and triage. */
export const homeReportsModule: FastifyPluginAsyncZod<HomeReportsModuleOptions> = async (app, { db, captchaHmacKey, events, caseEvents }) => {
  await app.register(homeReportByReferenceRoutes, { db });
  await app.register(homeReportDetailRoutes, { db });
  await app.register(homeReportInboxRoutes, { db });
  await app.register(homeReportTriageRoutes, { db, caseEvents });

  // Reports a crash left between their two transactions get their number (and announcement)
  // now, not only at the next submission of their year.
  app.addHook('onReady', async () => {
    try {
      await numberLeftoverReports({ db, events, log: app.log });
    } catch (error) {
      app.log.error({ err: error }, 'incoming reports waiting for a number could not be numbered');
    }
  });

  app.route({
    ...contractRoute(homeReportsApi.postreporthome, {
      tags: ['Reporte público'],
      summary: 'Enviar un reporte del formulario público (captcha ALTCHA en recaptcha-token)',
      headers: z.looseObject({ [CAPTCHA_HEADER]: z.string().optional() }),
      errors: reportErrors,
      config: { rateLimit: RATE_LIMITS.write },
      bodyLimit: REPORT_BODY_LIMIT_BYTES,
    }),
    handler: (request) => {
      const captcha = request.headers[CAPTCHA_HEADER];
      return submitPublicReport(
        { db, events, log: request.log, captchaHmacKey },
        request.body,
        typeof captcha === 'string' ? captcha : undefined,
      );
    },
  });

  app.route({
    ...contractRoute(homeReportsApi.postreporthomeusuario, {
      tags: ['Reporte público'],
      summary: 'Enviar un reporte del formulario público con sesión: el usuario es quien reporta',
      errors: reportErrors,
      config: { rateLimit: RATE_LIMITS.write },
      bodyLimit: REPORT_BODY_LIMIT_BYTES,
    }),
    handler: (request) => submitUserReport({ db, events, log: request.log }, request.body, requireUser(request)),
  });
};
