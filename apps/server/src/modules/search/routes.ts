import { PassThrough } from 'node:stream';
import { MSG, SEARCH_EXPORT, searchApi } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { contractRoute } from '../../http/contract-route.js';
import { downloadRoute } from '../../http/download-route.js';
import { AppError } from '../../http/errors.js';
import { Semaphore } from '../../http/resource-limits.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { prepareExport, XLSX_MIME_TYPE } from './export.js';
import { searchCases } from './service.js';

export interface SearchModuleOptions {
  db: Db;
  /** Exports written at once by this process (each holds a database connection while it streams). */
  maxConcurrentExports?: number;
  /** How long an export waits for a slot before 503 (ms). */
  exportWaitMs?: number;
}

const TAG = ['Búsqueda'];

/**
 * The event search (`getERByFilters`) and its Excel export (`exportERByFilters`), event spec
 * §2.5, §7, §9; docs/api.md 'Event search'. Every case reader may search within its reach;
 * ADMIN, who reaches no case, is refused (403) like on the other case lists.
 */
export const searchModule: FastifyPluginAsyncZod<SearchModuleOptions> = async (app, { db, maxConcurrentExports = 2, exportWaitMs = 10_000 }) => {
  const exportSlots = new Semaphore(maxConcurrentExports);

  app.route({
    ...contractRoute(searchApi.getERByFilters, {
      tags: TAG,
      summary: 'Busca los eventos reportables al alcance del usuario por filtros (20 por página, con sus reacciones)',
      errors: errorResponses,
    }),
    handler: (request) => searchCases(db, requireUser(request), request.body),
  });

  app.route(
    downloadRoute(searchApi.exportERByFilters, {
      tags: TAG,
      summary: 'Descarga como ListadoEventos.xlsx los eventos reportables que encuentra la búsqueda (hoja «Eventos filtrados»)',
      description: `A lo sumo ${SEARCH_EXPORT.maxRows.toLocaleString('es-UY')} filas de Excel; más eventos responden 400. Escritura en flujo.`,
      answer: `Los bytes del Excel (${XLSX_MIME_TYPE}, Content-Disposition: attachment)`,
      errors: { ...errorResponses, 503: messageSchema },
      load: async (request) => {
        const user = requireUser(request);
        if (!(await exportSlots.acquire(exportWaitMs))) throw new AppError(503, MSG.search.exportBusy);
        let released = false;
        const release = () => {
          if (!released) {
            released = true;
            exportSlots.release();
          }
        };
        try {
          const prepared = await prepareExport(db, user, request.body);
          const out = new PassThrough();
          out.once('close', release);
          prepared.write(out).catch((error: unknown) => {
            // The answer has started: it can only be cut short.
            request.log.error({ err: error }, 'exportERByFilters failed while streaming');
            out.destroy(error instanceof Error ? error : new Error(String(error)));
            release();
          });
          return { fileName: SEARCH_EXPORT.fileName, contentType: XLSX_MIME_TYPE, body: out };
        } catch (error) {
          release();
          throw error;
        }
      },
    }),
  );
};
