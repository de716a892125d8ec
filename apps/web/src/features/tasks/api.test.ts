import { describe, expect, it } from 'vitest';
import { FIRST_PAGE } from '../../shared/list';
import {
  discardedReportsListParams,
  discardedReportsListQuery,
  freshReport,
  homeReportQuery,
  homeReportsListParams,
  homeReportsListQuery,
  tasksKeys,
  workflowListParams,
  workflowListQuery,
} from './api';
import { homeReportsApi, tasksApi } from '@atalaya/domain';
import { urlOf } from '../../shared/api';

const after = { pageNumber: 2, at: { kind: 'after', key: 'WyJ4Il0' } } as const;
const last = { pageNumber: 7, at: { kind: 'last' } } as const;

describe('Tasks screen calls', () => {
  it('asks for the first page of 15 in the default orders, with no filters and no key', () => {
    expect(urlOf(tasksApi.getWorkFlow, workflowListParams())).toBe('/api/getWorkFlow/1/15/FechaSolicitud%20DESC/null/null/null/null/null/null');
    expect(urlOf(tasksApi.getWorkFlow, workflowListParams(FIRST_PAGE, 'NumeroReferencia ASC'))).toBe('/api/getWorkFlow/1/15/NumeroReferencia%20ASC/null/null/null/null/null/null');
    expect(urlOf(homeReportsApi.getWFReportHome, homeReportsListParams(FIRST_PAGE))).toBe('/api/getWFReportHome/1/15/FechaCreacion%20DESC');
  });

  it('asks for the other pages with their page number and pageKey', () => {
    expect(urlOf(tasksApi.getWorkFlow, workflowListParams(after))).toBe('/api/getWorkFlow/2/15/FechaSolicitud%20DESC/null/null/null/null/null/null?pageKey=after%3AWyJ4Il0');
    expect(urlOf(homeReportsApi.getWFReportHome, homeReportsListParams(last))).toBe('/api/getWFReportHome/7/15/FechaCreacion%20DESC?pageKey=last');
    expect(urlOf(homeReportsApi.getWFReportHome, homeReportsListParams({ pageNumber: 3, at: { kind: 'before', key: 'abc' } }))).toBe(
      '/api/getWFReportHome/3/15/FechaCreacion%20DESC?pageKey=before%3Aabc',
    );
  });

  it('keys each list by its page and key, both under one key that reloads them together', () => {
    const first = workflowListQuery(FIRST_PAGE).queryKey;
    const second = workflowListQuery(after).queryKey;
    expect(first).not.toEqual(second);
    // The same page number reached another way is another page.
    expect(workflowListQuery({ pageNumber: 2, at: { kind: 'first' } }).queryKey).not.toEqual(second);
    const lists = tasksKeys.lists;
    for (const key of [first, second, homeReportsListQuery(FIRST_PAGE).queryKey]) expect(key.slice(0, lists.length)).toEqual(lists);
    expect(homeReportsListQuery(FIRST_PAGE).queryKey).not.toEqual(first);
    // The report opened in the summary modal is not a list: a list reload does not refetch it.
    expect(homeReportQuery('r1').queryKey.slice(0, lists.length)).not.toEqual(lists);
  });

  it('keeps the previous page on screen while the next one loads', () => {
    expect(workflowListQuery(after).placeholderData).toBeDefined();
    expect(homeReportsListQuery(last).placeholderData).toBeDefined();
  });

  it('asks getReportHome for the discarded reports (status 3), paged like the other lists, and reloads them with the lists', () => {
    expect(urlOf(homeReportsApi.getReportHome, discardedReportsListParams())).toBe('/api/getReportHome/1/15/FechaCreacion%20DESC/null/null/3/null/null/null');
    expect(urlOf(homeReportsApi.getReportHome, discardedReportsListParams(after))).toBe(
      '/api/getReportHome/2/15/FechaCreacion%20DESC/null/null/3/null/null/null?pageKey=after%3AWyJ4Il0',
    );
    const key = discardedReportsListQuery(FIRST_PAGE).queryKey;
    expect(key.slice(0, tasksKeys.lists.length)).toEqual(tasksKeys.lists);
    expect(key).not.toEqual(homeReportsListQuery(FIRST_PAGE).queryKey);
    expect(discardedReportsListQuery(last).placeholderData).toBeDefined();
  });

  it('reads the report of the modal again at every opening and shows only that read, never an earlier cached one', () => {
    const options = homeReportQuery('r1');
    expect(options.refetchOnMount).toBe('always');
    expect(options.gcTime).toBe(0);
    const cached = { Status: 1 };
    expect(freshReport({ data: cached, isFetchedAfterMount: false })).toBeUndefined();
    expect(freshReport({ data: cached, isFetchedAfterMount: true })).toBe(cached);
    expect(freshReport({ data: undefined, isFetchedAfterMount: true })).toBeUndefined();
  });
});
