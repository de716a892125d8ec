import { type DuplicateDecisionInput, duplicatesApi, isImportIncomplete } from '@atalaya/domain';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/api';
import { caseKeys, TASKS_KEY } from '../cases';

/** Cache keys: a case's candidates sit under the case (refreshed with it), a report's and the QPPV's list under `duplicates`. */
export const duplicateKeys = {
  all: ['duplicates'] as const,
  ofCase: (meta: string) => [...caseKeys.all(meta), 'duplicates'] as const,
  ofReport: (id: string) => ['duplicates', 'report', id] as const,
  pairs: ['duplicates', 'pairs'] as const,
  scan: ['duplicates', 'scan'] as const,
};

/** How often the scan's progress is read while it runs (ms). */
export const SCAN_POLL_MS = 2_000;

/** The subject whose possible duplicates are shown: an incoming report (triage) or a case (its view). */
export type DuplicateSubject = { kind: 'report'; id: string; reference: string } | { kind: 'case'; meta: string; reference: string };

/** `getDuplicateCandidatesByMeta/{meta}` or `getDuplicateCandidatesByHomeReport/{id}`: asked at each opening. */
export const candidatesQuery = (subject: DuplicateSubject) =>
  queryOptions({
    queryKey: subject.kind === 'case' ? duplicateKeys.ofCase(subject.meta) : duplicateKeys.ofReport(subject.id),
    queryFn: ({ signal }) =>
      subject.kind === 'case'
        ? call(duplicatesApi.getDuplicateCandidatesByMeta, { params: { meta: subject.meta }, signal })
        : call(duplicatesApi.getDuplicateCandidatesByHomeReport, { params: { id: subject.id }, signal }),
    staleTime: 0,
  });

/** `getDuplicatePairs`: the 'Duplicados' screen, a page of 50 at a time (`Siguiente` the next page's cursor). */
export const pairsQuery = infiniteQueryOptions({
  queryKey: duplicateKeys.pairs,
  queryFn: ({ signal, pageParam }) => call(duplicatesApi.getDuplicatePairs, { query: { desde: pageParam || undefined }, signal }),
  initialPageParam: '',
  getNextPageParam: (last) => last.Siguiente ?? undefined,
  staleTime: 0,
});

/** `getDuplicateScan`: the newest whole-database scan, read again every `SCAN_POLL_MS` while it runs. */
export const scanQuery = queryOptions({
  queryKey: duplicateKeys.scan,
  queryFn: ({ signal }) => call(duplicatesApi.getDuplicateScan, { signal }),
  refetchInterval: (query) => (query.state.data?.Busqueda && isImportIncomplete(query.state.data.Busqueda) ? SCAN_POLL_MS : false),
});

/** `startDuplicateScan`: 'Buscar en todo el registro'. */
export function useStartScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(duplicatesApi.startDuplicateScan),
    onSuccess: (scan) => queryClient.setQueryData(duplicateKeys.scan, scan),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: duplicateKeys.scan }),
  });
}

/**
 * `setDuplicateDecision`. Done or refused, what may have changed is read again: the candidates,
 * both cases (a duplicate is annulled), the task lists (a duplicate report leaves the inbox).
 */
export function useDuplicateDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DuplicateDecisionInput) => call(duplicatesApi.setDuplicateDecision, { body }),
    onSettled: (_result, _error, body) => {
      void queryClient.invalidateQueries({ queryKey: duplicateKeys.all });
      void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
      for (const meta of [body.Meta, body.OtroMeta]) if (meta) void queryClient.invalidateQueries({ queryKey: caseKeys.all(meta) });
    },
  });
}
