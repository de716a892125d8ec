import { tasksApi } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { urlOf } from '../../../shared/api';
import { caseKeys } from './keys';
import { caseCommentsQuery, caseFollowUpsQuery } from './reads';

describe('case list calls', () => {
  it('asks for comments and follow-ups by the URL-encoded meta', () => {
    expect(urlOf(tasksApi.getERCommentsByMeta, { params: { meta: 'Ab_9-x' } })).toBe('/api/getERCommentsByMeta/Ab_9-x');
    expect(urlOf(tasksApi.getERFollowUpByMeta, { params: { meta: 'a/b c' } })).toBe('/api/getERFollowUpByMeta/a%2Fb%20c');
  });

  it('keeps comments and follow-ups under the case key, so a change to the case drops both', () => {
    const all = caseKeys.all('M1');
    expect(caseCommentsQuery('M1').queryKey.slice(0, all.length)).toEqual(all);
    expect(caseFollowUpsQuery('M1').queryKey.slice(0, all.length)).toEqual(all);
    expect(caseCommentsQuery('M1').queryKey).not.toEqual(caseFollowUpsQuery('M1').queryKey);
  });

  it('does not ask before a case is chosen', () => {
    expect(caseCommentsQuery('').enabled).toBe(false);
    expect(caseFollowUpsQuery('M1').enabled).toBe(true);
  });
});
