import type { ErComment, FollowUpItem } from '@atalaya/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api';

/** Cache keys of what belongs to one case, so a change to the case can drop them all. */
export const caseKeys = {
  all: (meta: string) => ['case', meta] as const,
  comments: (meta: string) => ['case', meta, 'comments'] as const,
  followUps: (meta: string) => ['case', meta, 'follow-ups'] as const,
};

/** `{call}/{meta}` with the meta URL-encoded. */
export function caseCallPath(call: string, meta: string): string {
  return `${call}/${encodeURIComponent(meta)}`;
}

/** `GET /api/getERCommentsByMeta/{meta}`: the workflow comments of a case, newest first. */
export const caseCommentsQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.comments(meta),
    queryFn: ({ signal }) => api.get<ErComment[]>(caseCallPath('getERCommentsByMeta', meta), { signal }),
    enabled: meta !== '',
  });

/** `GET /api/getERFollowUpByMeta/{meta}`: the follow-up reports of a case, newest first. */
export const caseFollowUpsQuery = (meta: string) =>
  queryOptions({
    queryKey: caseKeys.followUps(meta),
    queryFn: ({ signal }) => api.get<FollowUpItem[]>(caseCallPath('getERFollowUpByMeta', meta), { signal }),
    enabled: meta !== '',
  });
