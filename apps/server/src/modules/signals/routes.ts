import { signalQuerySchema, signalTableSchema } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses } from '../../http/schemas.js';
import { SIGNALS_ROLES, signalTable } from './service.js';

export interface SignalsModuleOptions {
  db: Db;
}

/** Señales (issue 32; docs/signals.md): the disproportionality table. */
export const signalsModule: FastifyPluginAsyncZod<SignalsModuleOptions> = async (app, { db }) => {
  app.route({
    method: 'GET',
    url: '/api/signals',
    config: { roles: SIGNALS_ROLES },
    schema: {
      tags: ['Señales'],
      summary: 'Tabla de desproporcionalidad: un renglón por fármaco × PT con a, b, c, d, E, PRR, ROR, χ², IC y EBGM con sus intervalos y señales',
      description:
        'Filtros del fondo: desde, hasta (AAAA-MM), pais, grave (si/no), estratos (sexo,edad,pais). Filtros de renglones: farmaco (principio/producto), principio, producto, laboratorio, soc, pt. Orden: orden, dir; páginas: limite, cursor (Siguiente). QPPV y CL ven toda la base; un RLF, su país (otro país: 403). Convenciones: docs/signals.md.',
      querystring: signalQuerySchema,
      response: { 200: signalTableSchema, ...errorResponses },
    },
    handler: (request) => signalTable(db, requireUser(request), request.query),
  });
};
