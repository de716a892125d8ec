import { referenceDataApi } from '@atalaya/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { metaParams } from '../../http/case-routes.js';
import { contractRoute } from '../../http/contract-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { announceConfigurationChanged, type ConfigurationEvents } from '../../shared/configuration-events.js';
import { createElement, type ParameterChange, toggleElement, updateElement } from './parameter-service.js';
import { idParams, productCountryParams } from './schemas.js';
import {
  getCodiguerasAll,
  getCodiguerasBasic,
  getCountries,
  getErNew,
  getFilters,
  getIngredientsByCountry,
  getIngredientsByFamily,
  getIngredientsByMedication,
  getLaboratoriesByCountry,
  getLaboratoriesByProductCountry,
  getLinesByLaboratory,
  getProductsByLaboratory,
  getProductsCountryByMeta,
  getRamNew,
  getSubGroups,
} from './service.js';

export interface ReferenceDataModuleOptions {
  db: Db;
  /** Where a committed change of the Parameters screen is announced ('Cambio en la configuración'). */
  configurationEvents: ConfigurationEvents;
}

const TAG = ['Datos de referencia'];
const withNotFound = { ...errorResponses, 404: messageSchema };

/**
 * The reference data of the edit wizard, the event view and the event search (event spec §7
 * 'Reference data'), plus the blank event and RAM the wizard starts from (getERNew, getRAMNew).
 */
export const referenceDataModule: FastifyPluginAsyncZod<ReferenceDataModuleOptions> = async (app, { db, configurationEvents }) => {
  app.route({
    ...contractRoute(referenceDataApi.getCodiguerasBasic, {
      tags: TAG,
      summary: 'Listas de referencia del asistente y de la vista del evento (solo valores habilitados)',
      errors: errorResponses,
    }),
    handler: () => getCodiguerasBasic(db),
  });

  app.route({
    ...contractRoute(referenceDataApi.getCodiguerasAll, {
      tags: TAG,
      summary: 'Listas de referencia con los valores deshabilitados (cada fila con Eliminado)',
      errors: errorResponses,
    }),
    handler: () => getCodiguerasAll(db),
  });

  app.route({
    ...contractRoute(referenceDataApi.getCountries, {
      tags: TAG,
      summary: 'Países habilitados, por nombre',
      errors: errorResponses,
    }),
    handler: () => getCountries(db),
  });

  app.route({
    ...contractRoute(referenceDataApi.getSubGroups, {
      tags: TAG,
      summary: 'Tipos de reporte (subgrupos habilitados con su grupo), sin el subgrupo sin clasificar',
      errors: errorResponses,
    }),
    handler: () => getSubGroups(db),
  });

  app.route({
    ...contractRoute(referenceDataApi.getERNew, {
      tags: TAG,
      summary: 'Evento reportable en blanco del diálogo de creación, con los países y tipos de reporte que el usuario puede elegir',
      errors: errorResponses,
    }),
    handler: (request) => getErNew(db, requireUser(request)),
  });

  app.route({
    ...contractRoute(referenceDataApi.getRAMNew, {
      tags: TAG,
      summary: 'Evento adverso en blanco del modal Agregar evento',
      errors: errorResponses,
    }),
    handler: () => getRamNew(),
  });

  app.route({
    ...contractRoute(referenceDataApi.getProductsCountryByMeta, {
      tags: TAG,
      summary: 'Medicamentos habilitados que se comercializan en el país del evento, con laboratorio, forma farmacéutica y principios activos',
      params: metaParams,
      errors: withNotFound,
    }),
    handler: (request) => getProductsCountryByMeta(db, requireUser(request), request.params.meta),
  });

  app.route({
    ...contractRoute(referenceDataApi.getLinesByLaboratory, {
      tags: TAG,
      summary: 'Líneas habilitadas de un laboratorio (fabricantes del medicamento)',
      params: idParams,
      errors: withNotFound,
    }),
    handler: (request) => getLinesByLaboratory(db, request.params.id),
  });

  app.route({
    ...contractRoute(referenceDataApi.getlaboraotriesByCountry, {
      tags: TAG,
      summary: 'Laboratorios habilitados de un país (por id de país)',
      params: idParams,
      errors: errorResponses,
    }),
    handler: (request) => getLaboratoriesByCountry(db, request.params.id),
  });

  app.route({
    ...contractRoute(referenceDataApi.getlaboraotriesByProductsCountry, {
      tags: TAG,
      summary: 'Laboratorio que fabrica el medicamento a, si se comercializa en el país b (lista vacía si no)',
      params: productCountryParams,
      errors: errorResponses,
    }),
    handler: (request) => getLaboratoriesByProductCountry(db, request.params.a, request.params.b),
  });

  app.route({
    ...contractRoute(referenceDataApi.getProductFiltersByLabId, {
      tags: TAG,
      summary: 'Medicamentos habilitados de un laboratorio (nombre comercial y familia)',
      params: idParams,
      errors: errorResponses,
    }),
    handler: (request) => getProductsByLaboratory(db, request.params.id),
  });

  app.route({
    ...contractRoute(referenceDataApi.getPrincipioActivoByFamilia, {
      tags: TAG,
      summary: 'Principios activos distintos de los medicamentos de una familia',
      params: idParams,
      errors: errorResponses,
    }),
    handler: (request) => getIngredientsByFamily(db, request.params.id),
  });

  app.route({
    ...contractRoute(referenceDataApi.getPrincipioActivoByCountry, {
      tags: TAG,
      summary: 'Principios activos distintos de los medicamentos de un país (vendidos allí o de sus laboratorios)',
      params: idParams,
      errors: errorResponses,
    }),
    handler: (request) => getIngredientsByCountry(db, request.params.id),
  });

  app.route({
    ...contractRoute(referenceDataApi.getPrincipioActivoByMR, {
      tags: TAG,
      summary: 'Principios activos guardados de un medicamento relacionado, con concentración y unidad',
      params: idParams,
      errors: withNotFound,
    }),
    handler: (request) => getIngredientsByMedication(db, requireUser(request), request.params.id),
  });

  app.route({
    ...contractRoute(referenceDataApi.getFilters, {
      tags: TAG,
      summary: 'Listas de los filtros de la búsqueda de eventos reportables',
      errors: errorResponses,
    }),
    handler: () => getFilters(db),
  });
  // Parameters screen (platform spec §7 'Reference lists'): each call answers the refreshed table
  // and, once committed, announces 'Cambio en la configuración'.
  const afterChange = (request: FastifyRequest, change: ParameterChange) => {
    if (change.changed) announceConfigurationChanged(configurationEvents, { what: 'parametros' }, request.log);
    return change.rows;
  };
  const withRowErrors = { ...errorResponses, 404: messageSchema };

  app.route({
    ...contractRoute(referenceDataApi.createElementCodiguera, {
      tags: TAG,
      summary: 'Agrega un elemento a una lista de referencia (Keys y Values) y responde la tabla actualizada',
      errors: errorResponses,
    }),
    handler: async (request) => afterChange(request, await createElement(db, requireUser(request), request.body)),
  });

  app.route({
    ...contractRoute(referenceDataApi.updateElementCodiguera, {
      tags: TAG,
      summary: 'Modifica columnas de un elemento (Id, Keys y Values; nunca Value) y responde la tabla actualizada',
      errors: withRowErrors,
    }),
    handler: async (request) => afterChange(request, await updateElement(db, requireUser(request), request.body)),
  });

  app.route({
    ...contractRoute(referenceDataApi.deleteElementCodiguera, {
      tags: TAG,
      summary: 'Deshabilita o habilita un elemento (invierte Eliminado; nunca lo borra) y responde la tabla actualizada',
      errors: withRowErrors,
    }),
    handler: async (request) => afterChange(request, await toggleElement(db, requireUser(request), request.body)),
  });
};
