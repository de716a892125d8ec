import type { CodiguerasAll, CreateElementCodiguera, DeleteElementCodiguera, ReferenceTableName, ReferenceTableRows, UpdateElementCodiguera } from '@atalaya/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';
import { referenceKeys } from '../cases';

/** Cache keys of the Parameters screen. */
export const parametersKeys = {
  all: ['parameters', 'codigueras-all'] as const,
};

/** `getCodiguerasAll`: every reference list, disabled rows included. */
export const codiguerasAllQuery = () =>
  queryOptions({
    queryKey: parametersKeys.all,
    queryFn: ({ signal }) => api.get<CodiguerasAll>('getCodiguerasAll', { signal }),
    staleTime: 0,
  });

export type ParameterCall =
  | { kind: 'create'; body: CreateElementCodiguera }
  | { kind: 'update'; body: UpdateElementCodiguera }
  | { kind: 'toggle'; body: DeleteElementCodiguera };

const PATHS = { create: 'createElementCodiguera', update: 'updateElementCodiguera', toggle: 'deleteElementCodiguera' } as const;

/**
 * One of the three writes of a table; the answer (the refreshed table) replaces that table in
 * the cache, and the forms' lists (getCodiguerasBasic, getERNew) are read again. Failures are
 * not toasted: the screen shows them in its modal.
 */
export function useParameterWrite(table: ReferenceTableName) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (call: ParameterCall) => api.post<ReferenceTableRows>(PATHS[call.kind], call.body, { notify: false }),
    onSuccess: (rows) => {
      client.setQueryData<CodiguerasAll>(parametersKeys.all, (lists) => (lists ? { ...lists, [table]: rows } : lists));
      void client.invalidateQueries({ queryKey: referenceKeys.codigueras });
      void client.invalidateQueries({ queryKey: referenceKeys.erNew });
    },
  });
}
