import type { CompaniesHome } from '@atalaya/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api';

export const companiesHomeQuery = queryOptions({
  queryKey: ['landing', 'companies'],
  queryFn: ({ signal }) => api.get<CompaniesHome>('getCompaniesHome', { auth: false, notify: false, signal }),
  staleTime: 300_000,
});
