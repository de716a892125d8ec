import {
  type CodiguerasAll,
  type CreateElementCodiguera,
  type DeleteElementCodiguera,
  referenceDataApi,
  type ReferenceTableName,
  type ReferenceTableRows,
  type UpdateElementCodiguera,
} from '@atalaya/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api';
import { referenceKeys } from '../cases';

/** Cache keys of the Parameters screen. */
export const parametersKeys = {
  all: ['parameters', 'codigueras-all'] as const,
};

/** `getCodiguerasAll`: every reference list, disabled rows included. */
export const codiguerasAllQuery = () =>
  queryOptions({
    queryKey: parametersKeys.all,
    queryFn: ({ signal }) => call(referenceDataApi.getCodiguerasAll, { signal }),
    staleTime: 0,
  });

export type ParameterCall =
  | { kind: 'create'; body: CreateElementCodiguera }
  | { kind: 'update'; body: UpdateElementCodiguera }
  | { kind: 'toggle'; body: DeleteElementCodiguera };

/** The call of each write: `createElementCodiguera`, `updateElementCodiguera`, `deleteElementCodiguera` (toggles Eliminado). */
function parameterWrite(write: ParameterCall): Promise<ReferenceTableRows> {
  switch (write.kind) {
    case 'create':
      return call(referenceDataApi.createElementCodiguera, { body: write.body, notify: false });
    case 'update':
      return call(referenceDataApi.updateElementCodiguera, { body: write.body, notify: false });
    case 'toggle':
      return call(referenceDataApi.deleteElementCodiguera, { body: write.body, notify: false });
  }
}

/**
 * One of the three writes of a table; the answer (the refreshed table) replaces that table in
 * the cache, and the forms' lists (getCodiguerasBasic, getERNew) are read again. Failures are
 * not toasted: the screen shows them in its modal.
 */
export function useParameterWrite(table: ReferenceTableName) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: parameterWrite,
    onSuccess: (rows) => {
      client.setQueryData<CodiguerasAll>(parametersKeys.all, (lists) => (lists ? { ...lists, [table]: rows } : lists));
      void client.invalidateQueries({ queryKey: referenceKeys.codigueras });
      void client.invalidateQueries({ queryKey: referenceKeys.erNew });
    },
  });
}
