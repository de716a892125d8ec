import { z } from 'zod';
import { noKpiBodySchema, noKpiCountrySchema, noKpiPageSchema, noKpiQuerySchema, noKpiResponseSchema } from '../contracts/nokpi.js';
import { endpoint } from './endpoint.js';

/** The no-KPI screen: the card and a page of events that miss a KPI, and the countries' drop-down. */
export const nokpiApi = {
  getNoKpiMetrics: endpoint({ method: 'POST', path: '/api/getNoKpiMetrics', access: 'noKpi.read', body: noKpiBodySchema, response: noKpiResponseSchema }),
  getEventsNoKpi: endpoint({ method: 'GET', path: '/api/getEventsNoKpi', access: 'noKpi.read', query: noKpiQuerySchema, response: noKpiPageSchema }),
  getNoKpiCountries: endpoint({ method: 'GET', path: '/api/getNoKpiCountries', access: 'noKpi.read', response: z.array(noKpiCountrySchema) }),
};
