import { type PagedResult, type PageRequest, pageKeyText, pageRequestFor } from '@atalaya/domain';

/** `?pageKey=…` of a page request ('' for the first page), as the web client adds it to a list's path. */
export function pageKeyQuery(request: PageRequest): string {
  const key = pageKeyText(request.at);
  return key === undefined ? '' : `?pageKey=${encodeURIComponent(key)}`;
}

/**
 * Every page of a list as the pager walks it: forwards from the first page with 'next', or
 * backwards from the last page with 'previous' (the pages then in list order). `read` answers
 * one page request.
 */
export async function walkPages<T>(
  read: (request: PageRequest) => Promise<PagedResult<T>>,
  direction: 'forward' | 'backward',
): Promise<{ pages: PagedResult<T>[]; rows: T[] }> {
  const start = pageRequestFor(direction === 'forward' ? 'first' : 'last', { PageNumber: 1, PageCount: 1, FirstKey: null, LastKey: null });
  let page = await read(start);
  const pages = [page];
  for (let guard = 0; guard < 50 && (direction === 'forward' ? page.PageNext : page.PageBack); guard += 1) {
    page = await read(pageRequestFor(direction === 'forward' ? 'next' : 'previous', page));
    pages.push(page);
  }
  if (direction === 'backward') pages.reverse();
  return { pages, rows: pages.flatMap((each) => each.Result) };
}
