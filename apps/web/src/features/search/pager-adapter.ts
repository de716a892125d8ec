import { pageRequestFor, type PagedResult, type PageRequest } from '@atalaya/domain';

type PageInfo = Pick<PagedResult<unknown>, 'PageNumber' | 'PageCount' | 'FirstKey' | 'LastKey'>;

/**
 * The page-number pager of shared/list (first, previous, next, last) turned into the keyset
 * request of each button (`pageRequestFor`), until the keyed `Pager({ result, onPageRequest })`
 * replaces it. Any other number is read by offset (the server allows it near the start).
 */
export function pageRequestForPage(page: number, result: PageInfo): PageRequest {
  if (page <= 1) return pageRequestFor('first', result);
  if (page === result.PageNumber + 1) return pageRequestFor('next', result);
  if (page === result.PageNumber - 1) return pageRequestFor('previous', result);
  if (page >= result.PageCount) return pageRequestFor('last', result);
  return { pageNumber: page, at: { kind: 'first' } };
}
