import { catalogApi } from '@atalaya/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api';

export const companiesHomeQuery = queryOptions({
  queryKey: ['landing', 'companies'],
  queryFn: ({ signal }) => call(catalogApi.getCompaniesHome, { auth: false, notify: false, signal }),
  staleTime: 300_000,
});
