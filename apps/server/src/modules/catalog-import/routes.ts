import { catalogImportApi, catalogTemplateFileName } from '@atalaya/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { downloadRoute } from '../../http/download-route.js';
import { errorResponses } from '../../http/schemas.js';
import { templateCsv, templateWorkbook } from './template.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The product catalogue's template (docs/imports.md 'The template'). */
export const catalogImportModule: FastifyPluginAsyncZod = async (app) => {
  app.route(
    downloadRoute(catalogImportApi.getdataimporttemplate, {
      tags: ['Importación de datos'],
      summary: 'Plantilla del catálogo de productos: el libro xlsx con todas las hojas, o una hoja en CSV',
      description:
        'format=xlsx (por defecto): un libro con la hoja Instrucciones y una hoja por entidad (Paises, Empresas, Laboratorios, Lineas, Familias, PrincipiosActivos, Productos, ProductoPrincipios), cada una con su encabezado y una fila de ejemplo. format=csv&sheet=<Hoja>: esa hoja en CSV UTF-8 con BOM, separada por punto y coma. Un formato u hoja desconocidos son 400.',
      answer: 'Los bytes del archivo (xlsx, o text/csv UTF-8), Content-Disposition: attachment',
      errors: errorResponses,
      // The template holds no data: what every signed-in answer gets.
      load: async (request) => {
        const { format, sheet } = request.query;
        if (format === 'csv' && sheet) {
          return { fileName: catalogTemplateFileName('csv', sheet), contentType: 'text/csv; charset=utf-8', body: templateCsv(sheet), cacheControl: 'no-store' };
        }
        return { fileName: catalogTemplateFileName('xlsx'), contentType: XLSX_TYPE, body: await templateWorkbook(), cacheControl: 'no-store' };
      },
    }),
  );
};
