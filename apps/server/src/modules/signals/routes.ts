import { RATE_LIMITS, signalsApi } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { downloadRoute } from '../../http/download-route.js';
import { contractRoute } from '../../http/contract-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses } from '../../http/schemas.js';
import { signalFile } from './export.js';
import { signalIcHistory, signalOptions, signalTable } from './service.js';

export interface SignalsModuleOptions {
  db: Db;
}

const TAGS = ['Señales'];
const FILTERS =
  'Filtros del fondo: desde, hasta (AAAA-MM), pais, grave (si/no), estratos (sexo,edad,pais), farmaco (principio/producto), concomitantes (si: cuenta también los fármacos concomitantes; por defecto solo sospechosos o interactuantes). Filtros de renglones: principio, producto, laboratorio, soc, pt. Orden: orden, dir.';
const REACH = 'QPPV y CL ven los casos de sus laboratorios (toda la base con todos); un RLF, su país (otro país: 403). Convenciones: docs/signals.md.';

/** Señales (issue 32; docs/signals.md): the disproportionality table, its export and one pair's IC history. */
export const signalsModule: FastifyPluginAsyncZod<SignalsModuleOptions> = async (app, { db }) => {
  app.route({
    ...contractRoute(signalsApi.signals, {
      tags: TAGS,
      summary: 'Tabla de desproporcionalidad: un renglón por fármaco × PT con a, b, c, d, E, PRR, ROR, χ², IC y EBGM con sus intervalos y señales',
      description: `${FILTERS} Páginas: limite, cursor (Siguiente). ${REACH}`,
      errors: errorResponses,
    }),
    handler: (request) => signalTable(db, requireUser(request), request.query),
  });

  app.route(
    downloadRoute(signalsApi.signalsExport, {
      tags: TAGS,
      summary: 'Exporta la tabla de desproporcionalidad filtrada (todos los renglones, en el orden pedido) como xlsx o CSV',
      description: `${FILTERS} formato: xlsx (por defecto) o csv. En el CSV, un texto que una planilla leería como fórmula lleva un apóstrofo delante. ${REACH}`,
      answer: 'Los bytes del archivo (xlsx o text/csv UTF-8, Content-Disposition: attachment)',
      errors: errorResponses,
      config: { rateLimit: RATE_LIMITS.export },
      load: async (request) => {
        const file = await signalFile(db, requireUser(request), request.query);
        return { fileName: file.fileName, contentType: file.contentType, body: file.bytes, cacheControl: 'no-store' };
      },
    }),
  );

  app.route({
    ...contractRoute(signalsApi.signalsIcHistory, {
      tags: TAGS,
      summary: 'IC de un par fármaco × PT con su intervalo (IC025–IC975), acumulado por trimestre de recepción',
      description: `Un par: farmaco (principio/producto), principio o producto, pt. Fondo: desde, hasta, pais, grave, estratos, concomitantes. ${REACH}`,
      errors: errorResponses,
    }),
    handler: (request) => signalIcHistory(db, requireUser(request), request.query),
  });

  app.route({
    ...contractRoute(signalsApi.signalsOptions, {
      tags: TAGS,
      summary: 'Las opciones de los filtros de Señales: países en alcance, laboratorios, y los principios activos, productos, SOC y PT contados en alcance',
      errors: errorResponses,
    }),
    handler: (request) => signalOptions(db, requireUser(request)),
  });
};
