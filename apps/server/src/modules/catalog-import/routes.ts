import { catalogImportApi, catalogTemplateFileName } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { contractRoute } from '../../http/contract-route.js';
import { errorResponses } from '../../http/schemas.js';
import { templateCsv, templateWorkbook } from './template.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The product catalogue's template (docs/imports.md 'The template'). */
export const catalogImportModule: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(catalogImportApi.getdataimporttemplate, {
      tags: ['Importación de datos'],
      summary: 'Plantilla del catálogo de productos: el libro xlsx con todas las hojas, o una hoja en CSV',
      description:
        'format=xlsx (por defecto): un libro con la hoja Instrucciones y una hoja por entidad (Paises, Empresas, Laboratorios, Lineas, Familias, PrincipiosActivos, Productos, ProductoPrincipios), cada una con su encabezado y una fila de ejemplo. format=csv&sheet=<Hoja>: esa hoja en CSV UTF-8 con BOM, separada por punto y coma. Un formato u hoja desconocidos son 400.',
      errors: {
        200: z.unknown().describe('Los bytes del archivo (xlsx, o text/csv UTF-8), Content-Disposition: attachment'),
        ...errorResponses,
      },
    }),
    handler: async (request, reply) => {
      const { format, sheet } = request.query;
      if (format === 'csv' && sheet) {
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', attachmentDisposition(catalogTemplateFileName('csv', sheet)))
          .send(templateCsv(sheet));
      }
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', attachmentDisposition(catalogTemplateFileName('xlsx')))
        .send(await templateWorkbook());
    },
  });
};
