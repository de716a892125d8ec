import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';

/** `GET /api/getCompaniesHome`: enabled countries with the names of their companies. */
export interface CompaniesOfCountry {
  Codigo: string;
  Nombre: string;
  Companias: string[];
}

export const companiesHomeQuery = queryOptions({
  queryKey: ['landing', 'companies'],
  queryFn: ({ signal }) => api.get<CompaniesOfCountry[]>('getCompaniesHome', { auth: false, notify: false, signal }),
  staleTime: 300_000,
});
