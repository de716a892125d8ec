import type { DuplicateCandidates, DuplicateDecisionInput, DuplicatePairs } from '@atalaya/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';
import { caseCallPath, caseKeys, TASKS_KEY } from '../cases';

/** Cache keys: a case's candidates sit under the case (refreshed with it), a report's and the QPPV's list under `duplicates`. */
export const duplicateKeys = {
  all: ['duplicates'] as const,
  ofCase: (meta: string) => [...caseKeys.all(meta), 'duplicates'] as const,
  ofReport: (id: string) => ['duplicates', 'report', id] as const,
  pairs: ['duplicates', 'pairs'] as const,
};

/** The subject whose possible duplicates are shown: an incoming report (triage) or a case (its view). */
export type DuplicateSubject = { kind: 'report'; id: string; reference: string } | { kind: 'case'; meta: string; reference: string };

/** `getDuplicateCandidatesByMeta/{meta}` or `getDuplicateCandidatesByHomeReport/{id}`: asked at each opening. */
export const candidatesQuery = (subject: DuplicateSubject) =>
  queryOptions({
    queryKey: subject.kind === 'case' ? duplicateKeys.ofCase(subject.meta) : duplicateKeys.ofReport(subject.id),
    queryFn: ({ signal }) =>
      api.get<DuplicateCandidates>(
        subject.kind === 'case' ? caseCallPath('getDuplicateCandidatesByMeta', subject.meta) : `getDuplicateCandidatesByHomeReport/${encodeURIComponent(subject.id)}`,
        { signal },
      ),
    staleTime: 0,
  });

/** `getDuplicatePairs`: the 'Duplicados' screen. */
export const pairsQuery = queryOptions({
  queryKey: duplicateKeys.pairs,
  queryFn: ({ signal }) => api.get<DuplicatePairs>('getDuplicatePairs', { signal }),
  staleTime: 0,
});

/**
 * `setDuplicateDecision`. Done or refused, what may have changed is read again: the candidates,
 * both cases (a duplicate is annulled), the task lists (a duplicate report leaves the inbox).
 */
export function useDuplicateDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DuplicateDecisionInput) => api.post<{ Message: string }>('setDuplicateDecision', body),
    onSettled: (_result, _error, body) => {
      void queryClient.invalidateQueries({ queryKey: duplicateKeys.all });
      void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
      for (const meta of [body.Meta, body.OtroMeta]) if (meta) void queryClient.invalidateQueries({ queryKey: caseKeys.all(meta) });
    },
  });
}
