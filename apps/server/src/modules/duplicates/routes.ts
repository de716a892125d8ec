import { duplicatesApi, MSG } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { metaParams } from '../../http/case-routes.js';
import { contractRoute } from '../../http/contract-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { type CaseEvents, onCaseCreated, onCaseSent } from '../cases/index.js';
import type { ImportEvents } from '../imports/index.js';
import type { PairRecorder } from './recorder.js';
import { duplicateScan, startDuplicateScan } from './scan.js';
import { candidatesForCase, candidatesForReport, decidePair, suspectedPairs } from './service.js';

export interface DuplicatesModuleOptions {
  db: Db;
  /** The import runner's events: the whole-database scan is one of its jobs. */
  events: ImportEvents;
  /** The case events: a case's suspected pairs are stored once it is sent (or created sent, a follow-up). */
  caseEvents: CaseEvents;
  /** The queue that stores the pairs (created with the app, `app.duplicatePairs`). */
  recorder: PairRecorder;
}

const TAGS = ['Duplicados'];
const withNotFound = { ...errorResponses, 404: messageSchema };

/** Duplicate detection (docs/duplicates.md): the candidates, the decisions, the QPPV's list. */
export const duplicatesModule: FastifyPluginAsyncZod<DuplicatesModuleOptions> = async (app, { db, events, caseEvents, recorder }) => {
  // The pairs are written where cases are written, after the commit (docs/duplicates.md 'The stored pairs'); the GETs only read.
  const stopSent = onCaseSent(caseEvents, (sent) => recorder.record(sent.id));
  // A follow-up is created sent (En revisión RLF); a draft created from a report waits for its sending.
  const stopCreated = onCaseCreated(caseEvents, (created) => recorder.record(created.id));
  app.addHook('onClose', async () => {
    stopSent();
    stopCreated();
    await recorder.settled();
  });

  app.route({
    ...contractRoute(duplicatesApi.getDuplicateCandidatesByMeta, {
      tags: TAGS,
      summary: "'Posibles duplicados' de un caso: los casos al alcance con puntaje igual o mayor al umbral, con cada campo comparado; y sus vínculos",
      params: metaParams,
      errors: withNotFound,
    }),
    handler: (request) => candidatesForCase(db, requireUser(request), request.params.meta),
  });

  app.route({
    ...contractRoute(duplicatesApi.getDuplicateCandidatesByHomeReport, {
      tags: TAGS,
      summary: "'Posibles duplicados' de un reporte recibido (modal de resumen del triaje): los casos al alcance con puntaje igual o mayor al umbral",
      params: z.object({ id: z.string().max(64, MSG.homeReports.reportNotFound) }),
      errors: withNotFound,
    }),
    handler: (request) => candidatesForReport(db, requireUser(request), request.params.id),
  });

  app.route({
    ...contractRoute(duplicatesApi.setDuplicateDecision, {
      tags: TAGS,
      summary: "'Es duplicado' (con el caso a conservar) o 'No es duplicado' de un par, con comentario; auditado",
      description: 'Meta (un caso) o HomeReportId (un reporte recibido), y OtroMeta (el candidato). Es duplicado: el otro caso queda vinculado al maestro y anulado; un reporte queda descartado. No es duplicado: el par no se vuelve a proponer. Un par ya evaluado es 409.',
      errors: { ...withNotFound, 409: messageSchema },
    }),
    handler: (request) => decidePair(db, requireUser(request), request.body),
  });

  app.route({
    ...contractRoute(duplicatesApi.getDuplicatePairs, {
      tags: TAGS,
      summary: "Pantalla 'Duplicados': los pares sospechosos guardados al alcance del QPPV, sobre el umbral y sin decidir, el caso más reciente primero (de a 50; desde = el cursor Siguiente)",
      description: 'Solo lee: los pares los guarda la búsqueda en todo el registro y el envío de cada caso (al terminar el asistente, o un seguimiento).',
      errors: errorResponses,
    }),
    handler: (request) => suspectedPairs(db, requireUser(request), request.query.desde),
  });

  app.route({
    ...contractRoute(duplicatesApi.getDuplicateScan, {
      tags: TAGS,
      summary: "La última búsqueda de duplicados en todo el registro (código DUP-…, estado y avance), o null si nunca se hizo",
      errors: errorResponses,
    }),
    handler: () => duplicateScan(db),
  });

  app.route({
    ...contractRoute(duplicatesApi.startDuplicateScan, {
      tags: TAGS,
      summary: "'Buscar en todo el registro': encola la búsqueda de duplicados en todo el registro (trabajo en segundo plano); otra pendiente o en curso: 409",
      errors: { ...errorResponses, 409: messageSchema },
    }),
    handler: (request) => startDuplicateScan(db, events, app.log, requireUser(request)),
  });
};
