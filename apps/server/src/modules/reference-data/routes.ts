import {
  codiguerasAllSchema,
  codiguerasSchema,
  countryOptionSchema,
  createElementCodigueraSchema,
  deleteElementCodigueraSchema,
  referenceTableRowsSchema,
  updateElementCodigueraSchema,
  countryProductSchema,
  erMedicationIngredientSchema,
  erNewSchema,
  namedItemSchema,
  productFilterItemSchema,
  ramNewSchema,
  searchFiltersSchema,
  subGroupSchema,
} from '@atalaya/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { metaParams } from '../../http/case-routes.js';
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
const namedList = z.array(namedItemSchema);
const withNotFound = { ...errorResponses, 404: messageSchema };

/**
 * The reference data of the edit wizard, the event view and the event search (event spec §7
 * 'Reference data'), plus the blank event and RAM the wizard starts from (getERNew, getRAMNew).
 */
export const referenceDataModule: FastifyPluginAsyncZod<ReferenceDataModuleOptions> = async (app, { db, configurationEvents }) => {
  app.route({
    method: 'GET',
    url: '/api/getCodiguerasBasic',
    config: { permission: 'referenceData.read' },
    schema: {
      tags: TAG,
      summary: 'Listas de referencia del asistente y de la vista del evento (solo valores habilitados)',
      response: { 200: codiguerasSchema, ...errorResponses },
    },
    handler: () => getCodiguerasBasic(db),
  });

  app.route({
    method: 'GET',
    url: '/api/getCodiguerasAll',
    config: { permission: 'referenceData.read' },
    schema: {
      tags: TAG,
      summary: 'Listas de referencia con los valores deshabilitados (cada fila con Eliminado)',
      response: { 200: codiguerasAllSchema, ...errorResponses },
    },
    handler: () => getCodiguerasAll(db),
  });

  app.route({
    method: 'GET',
    url: '/api/getCountries',
    config: { permission: 'referenceData.read' },
    schema: {
      tags: TAG,
      summary: 'Países habilitados, por nombre',
      response: { 200: z.array(countryOptionSchema), ...errorResponses },
    },
    handler: () => getCountries(db),
  });

  app.route({
    method: 'GET',
    url: '/api/getSubGroups',
    config: { permission: 'referenceData.read' },
    schema: {
      tags: TAG,
      summary: 'Tipos de reporte (subgrupos habilitados con su grupo), sin el subgrupo sin clasificar',
      response: { 200: z.array(subGroupSchema), ...errorResponses },
    },
    handler: () => getSubGroups(db),
  });

  app.route({
    method: 'GET',
    url: '/api/getERNew',
    config: { permission: 'case.create' },
    schema: {
      tags: TAG,
      summary: 'Evento reportable en blanco del diálogo de creación, con los países y tipos de reporte que el usuario puede elegir',
      response: { 200: erNewSchema, ...errorResponses },
    },
    handler: (request) => getErNew(db, requireUser(request)),
  });

  app.route({
    method: 'GET',
    url: '/api/getRAMNew',
    config: { permission: 'referenceData.read' },
    schema: {
      tags: TAG,
      summary: 'Evento adverso en blanco del modal Agregar evento',
      response: { 200: ramNewSchema, ...errorResponses },
    },
    handler: () => getRamNew(),
  });

  app.route({
    method: 'GET',
    url: '/api/getProductsCountryByMeta/:meta',
    config: { permission: 'case.read' },
    schema: {
      tags: TAG,
      summary: 'Medicamentos habilitados que se comercializan en el país del evento, con laboratorio, forma farmacéutica y principios activos',
      params: metaParams,
      response: { 200: z.array(countryProductSchema), ...withNotFound },
    },
    handler: (request) => getProductsCountryByMeta(db, requireUser(request), request.params.meta),
  });

  app.route({
    method: 'GET',
    url: '/api/getLinesByLaboratory/:id',
    config: { permission: 'referenceData.read' },
    schema: {
      tags: TAG,
      summary: 'Líneas habilitadas de un laboratorio (fabricantes del medicamento)',
      params: idParams,
      response: { 200: namedList, ...withNotFound },
    },
    handler: (request) => getLinesByLaboratory(db, request.params.id),
  });

  app.route({
    method: 'GET',
    url: '/api/getlaboraotriesByCountry/:id',
    config: { permission: 'referenceData.read' },
    schema: {
      tags: TAG,
      summary: 'Laboratorios habilitados de un país (por id de país)',
      params: idParams,
      response: { 200: namedList, ...errorResponses },
    },
    handler: (request) => getLaboratoriesByCountry(db, request.params.id),
  });

  app.route({
    method: 'GET',
    url: '/api/getlaboraotriesByProductsCountry/:a/:b',
    config: { permission: 'referenceData.read' },
    schema: {
      tags: TAG,
      summary: 'Laboratorio que fabrica el medicamento a, si se comercializa en el país b (lista vacía si no)',
      params: productCountryParams,
      response: { 200: namedList, ...errorResponses },
    },
    handler: (request) => getLaboratoriesByProductCountry(db, request.params.a, request.params.b),
  });

  app.route({
    method: 'GET',
    url: '/api/getProductFiltersByLabId/:id',
    config: { permission: 'referenceData.read' },
    schema: {
      tags: TAG,
      summary: 'Medicamentos habilitados de un laboratorio (nombre comercial y familia)',
      params: idParams,
      response: { 200: z.array(productFilterItemSchema), ...errorResponses },
    },
    handler: (request) => getProductsByLaboratory(db, request.params.id),
  });

  app.route({
    method: 'GET',
    url: '/api/getPrincipioActivoByFamilia/:id',
    config: { permission: 'referenceData.read' },
    schema: {
      tags: TAG,
      summary: 'Principios activos distintos de los medicamentos de una familia',
      params: idParams,
      response: { 200: namedList, ...errorResponses },
    },
    handler: (request) => getIngredientsByFamily(db, request.params.id),
  });

  app.route({
    method: 'GET',
    url: '/api/getPrincipioActivoByCountry/:id',
    config: { permission: 'referenceData.read' },
    schema: {
      tags: TAG,
      summary: 'Principios activos distintos de los medicamentos de un país (vendidos allí o de sus laboratorios)',
      params: idParams,
      response: { 200: namedList, ...errorResponses },
    },
    handler: (request) => getIngredientsByCountry(db, request.params.id),
  });

  app.route({
    method: 'GET',
    url: '/api/getPrincipioActivoByMR/:id',
    config: { permission: 'case.read' },
    schema: {
      tags: TAG,
      summary: 'Principios activos guardados de un medicamento relacionado, con concentración y unidad',
      params: idParams,
      response: { 200: z.array(erMedicationIngredientSchema), ...withNotFound },
    },
    handler: (request) => getIngredientsByMedication(db, requireUser(request), request.params.id),
  });

  app.route({
    method: 'GET',
    url: '/api/getFilters',
    config: { permission: 'referenceData.read' },
    schema: {
      tags: TAG,
      summary: 'Listas de los filtros de la búsqueda de eventos reportables',
      response: { 200: searchFiltersSchema, ...errorResponses },
    },
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
    method: 'POST',
    url: '/api/createElementCodiguera',
    config: { permission: 'parameters.write' },
    schema: {
      tags: TAG,
      summary: 'Agrega un elemento a una lista de referencia (Keys y Values) y responde la tabla actualizada',
      body: createElementCodigueraSchema,
      response: { 200: referenceTableRowsSchema, ...errorResponses },
    },
    handler: async (request) => afterChange(request, await createElement(db, requireUser(request), request.body)),
  });

  app.route({
    method: 'POST',
    url: '/api/updateElementCodiguera',
    config: { permission: 'parameters.write' },
    schema: {
      tags: TAG,
      summary: 'Modifica columnas de un elemento (Id, Keys y Values; nunca Value) y responde la tabla actualizada',
      body: updateElementCodigueraSchema,
      response: { 200: referenceTableRowsSchema, ...withRowErrors },
    },
    handler: async (request) => afterChange(request, await updateElement(db, requireUser(request), request.body)),
  });

  app.route({
    method: 'POST',
    url: '/api/deleteElementCodiguera',
    config: { permission: 'parameters.write' },
    schema: {
      tags: TAG,
      summary: 'Deshabilita o habilita un elemento (invierte Eliminado; nunca lo borra) y responde la tabla actualizada',
      body: deleteElementCodigueraSchema,
      response: { 200: referenceTableRowsSchema, ...withRowErrors },
    },
    handler: async (request) => afterChange(request, await toggleElement(db, requireUser(request), request.body)),
  });
};
