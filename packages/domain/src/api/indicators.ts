import { z } from 'zod';
import {
  indicatorCountriesQuerySchema,
  indicatorCountrySchema,
  indicatorFilterQuerySchema,
  indicatorLaboratoriesQuerySchema,
  indicatorLaboratorySchema,
  indicatorSeriesItemSchema,
  indicatorValuesSchema,
} from '../contracts/indicators.js';
import { endpoint } from './endpoint.js';

const series = z.array(indicatorSeriesItemSchema);

/** The Indicadores screen: its filters (country, laboratory), the period counts and the three charts. */
export const indicatorsApi = {
  filtercountryindicators: endpoint({
    method: 'GET',
    path: '/api/filtercountryindicators',
    access: 'indicators.read',
    query: indicatorCountriesQuerySchema,
    response: z.array(indicatorCountrySchema),
  }),
  filterlabindicators: endpoint({
    method: 'GET',
    path: '/api/filterlabindicators',
    access: 'indicators.read',
    query: indicatorLaboratoriesQuerySchema,
    response: z.array(indicatorLaboratorySchema),
    errors: { 400: ['indicators.laboratoryNotFound'], 403: ['indicators.countryOutOfReach', 'indicators.laboratoryOutOfReach'] },
  }),
  getIndicatorsValuesPanel: endpoint({
    method: 'GET',
    path: '/api/getIndicatorsValuesPanel',
    access: 'indicators.read',
    query: indicatorFilterQuerySchema,
    response: indicatorValuesSchema,
    errors: { 403: ['indicators.countryOutOfReach', 'indicators.laboratoryOutOfReach'] },
  }),
  getIndicatorsEventsStatus: endpoint({ method: 'GET', path: '/api/getIndicatorsEventsStatus', access: 'indicators.read', query: indicatorFilterQuerySchema, response: series, errors: { 403: ['indicators.countryOutOfReach', 'indicators.laboratoryOutOfReach'] } }),
  getIndicatorsEventsAges: endpoint({ method: 'GET', path: '/api/getIndicatorsEventsAges', access: 'indicators.read', query: indicatorFilterQuerySchema, response: series }),
  getIndicatorsEventsTypeGroup: endpoint({
    method: 'GET',
    path: '/api/getIndicatorsEventsTypeGroup',
    access: 'indicators.read',
    query: indicatorFilterQuerySchema,
    response: series,
  }),
};
