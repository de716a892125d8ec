import { describe, expect, it } from 'vitest';
import { homeReportQuery, homeReportsListPath, homeReportsListQuery, tasksKeys, workflowListPath, workflowListQuery } from './api';

describe('Tasks screen calls', () => {
  it('asks for page n of 15 in the default orders, with no filters', () => {
    expect(workflowListPath(1)).toBe('getWorkFlow/1/15/FechaSolicitud%20DESC/null/null/null/null/null/null');
    expect(workflowListPath(3, 'NumeroReferencia ASC')).toBe('getWorkFlow/3/15/NumeroReferencia%20ASC/null/null/null/null/null/null');
    expect(homeReportsListPath(2)).toBe('getWFReportHome/2/15/FechaCreacion%20DESC');
  });

  it('keys each list by its page, both under one key that reloads them together', () => {
    const first = workflowListQuery(1).queryKey;
    const second = workflowListQuery(2).queryKey;
    expect(first).not.toEqual(second);
    const lists = tasksKeys.lists;
    for (const key of [first, second, homeReportsListQuery(1).queryKey]) expect(key.slice(0, lists.length)).toEqual(lists);
    expect(homeReportsListQuery(1).queryKey).not.toEqual(first);
    // The report opened in the summary modal is not a list: a list reload does not refetch it.
    expect(homeReportQuery('r1').queryKey.slice(0, lists.length)).not.toEqual(lists);
  });

  it('keeps the previous page on screen while the next one loads', () => {
    expect(workflowListQuery(2).placeholderData).toBeDefined();
    expect(homeReportsListQuery(2).placeholderData).toBeDefined();
  });
});
