import { z } from 'zod';
import { companiesHomeSchema, homeCodiguerasSchema, homeProductSchema } from '../contracts/catalog.js';
import { endpoint } from './endpoint.js';

/** The reference data, products and companies of the public pages (no sign-in). */
export const catalogApi = {
  getCodiguerasHome: endpoint({ method: 'GET', path: '/api/getCodiguerasHome', access: 'public', response: homeCodiguerasSchema }),
  /** The medicines sold in a country, by its code. */
  getProductsHomeByCountry: endpoint({ method: 'GET', path: '/api/getProductsHomeByCountry/:country', access: 'public', response: z.array(homeProductSchema), errors: { 404: ['errors.notFoundTitle'] } }),
  getCompaniesHome: endpoint({ method: 'GET', path: '/api/getCompaniesHome', access: 'public', response: companiesHomeSchema }),
};
