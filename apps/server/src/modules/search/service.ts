import {
  MSG,
  type ParsedSearchRequest,
  type SearchCriteria,
  type SearchReaction,
  type SearchResult,
  type SearchRow,
  SEARCH_PAGE_SIZE,
} from '@atalaya/domain';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest } from '../../http/errors.js';
import { boundedTotal, buildCaseRowsWith, caseOrder, keysetPlan, keysetPlanOver, keysetResult, listContext } from '../case-lists/index.js';
import {
  checkFilterIds,
  ingredientProductIds,
  matchingCases,
  productCountCases,
  productOrder,
  productPageIds,
  SEARCH_PIECES,
  searchPage,
  searchProducts,
  searchWhere,
} from './queries.js';

/** What every search query is built from: the user's time zone and the WHERE (reach and filters). */
export interface SearchScope {
  timeZone: string;
  where: SQL;
  /** `where` as disjoint branches, for counting (`matchingCases`). */
  countBranches: SQL[];
  /** The products the search is narrowed to (`searchProducts`): null without a product or ingredient filter. */
  products: number[] | null;
  /** The matching cases read from `event_products` alone (`productCountCases`), when its columns answer every filter. */
  productCount: SQL | undefined;
  /** `where` less the condition each of `products`' rows meets by itself (the product's, or the ingredient's when it drives). */
  productWhere: SQL | undefined;
}

/**
 * Checks the filter ids (400 for an unknown or disabled one) and builds the WHERE: reach of
 * the user (`caseReach`, with the laboratories loaded for QPPV, CL and Fabricante) and the
 * filters in the user's country time zone (an active ingredient as its products, loaded here).
 */
export async function searchScope(db: Db, user: AuthUser, criteria: SearchCriteria): Promise<SearchScope> {
  const ingredient = criteria.PrincipioActivoId;
  const [{ timeZone, laboratoryIds }, , products] = await Promise.all([
    listContext(db, user),
    checkFilterIds(db, criteria),
    ingredient ? ingredientProductIds(db, ingredient) : Promise.resolve([]),
  ]);
  const narrowed = searchProducts(criteria, products);
  return {
    timeZone,
    ...searchWhere(user, laboratoryIds, criteria, timeZone, products),
    products: narrowed,
    productCount: narrowed ? productCountCases(user, laboratoryIds, criteria, timeZone, narrowed) : undefined,
    // Per product row, its own filter is implied: without it the planner reads the product's rows in order instead of the cases' array.
    productWhere: narrowed
      ? searchWhere(user, laboratoryIds, { ...criteria, ProductoId: null, PrincipioActivoId: criteria.ProductoId ? criteria.PrincipioActivoId : null }, timeZone, products).where
      : undefined,
  };
}

/** A reaction as `SEARCH_PIECES.reactions` reads it (the JSON object of its fields). */
function toReaction(row: Record<string, unknown>): SearchReaction {
  const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
  // Both columns are NOT NULL booleans: JSON true / false.
  const flag = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);
  return {
    Id: String(row.id),
    Reaccion: text(row.lltName),
    LltCode: text(row.lltCode),
    TipoRAM: text(row.ramType),
    IsRAM: flag(row.isRam),
    Grave: flag(row.serious) ?? false,
  };
}

/** How `searchCases` reads: `productTable: false` reads `events` alone (what the equivalence tests compare with). */
export interface SearchOptions {
  productTable?: boolean;
}

/**
 * `getERByFilters`: one page of the cases in reach that match the filters, ordered by the
 * chosen column and the id (keyset), with the list row of §3, the group, the sub-group, the
 * first medicine's active ingredients and each case's reactions. A fixed number of queries
 * whatever the page holds: the scope (1, and 1 when id filters are given), the total and the
 * page (2), the rows with the medicines' ingredients and the reactions (1, shared with the task
 * lists: `buildCaseRowsWith`, `SEARCH_PIECES`).
 */
export async function searchCases(db: Db, user: AuthUser, request: ParsedSearchRequest, options: SearchOptions = {}): Promise<SearchResult> {
  const { pageNumber = 1, pageKey: at, orderBy } = request;
  const scope = await searchScope(db, user, request);
  const order = caseOrder(orderBy);
  const plan = keysetPlan(order, at, pageNumber, SEARCH_PAGE_SIZE);
  // By product or ingredient, in the default order: the page per product from `event_products`.
  const products = options.productTable === false ? null : scope.products;
  const byProduct =
    products && scope.productWhere && orderBy.column === 'FechaSolicitud' && plan.offset === 0
      ? productPageIds(products, scope.productWhere, keysetPlanOver(plan, productOrder(order)))
      : undefined;
  const counted = products && scope.productCount ? scope.productCount : matchingCases(scope.countBranches);
  const [total, read] = await Promise.all([
    boundedTotal(db, counted),
    searchPage(db, scope.where, order, plan, { branches: scope.countBranches, statuses: request.EstadoId ? [request.EstadoId] : null }, byProduct),
  ]);
  if (at.kind === 'first' && !total.isEstimate) {
    const pageCount = Math.ceil(total.total / SEARCH_PAGE_SIZE);
    if (pageNumber > Math.max(1, pageCount)) throw badRequest(MSG.search.pagePastEnd(pageCount));
  }
  const paged = keysetResult(at, plan, read, total, pageNumber, SEARCH_PAGE_SIZE);
  const rows = await buildCaseRowsWith(db, paged.Result, { userId: user.id, timeZone: scope.timeZone, now: new Date() }, SEARCH_PIECES);
  const result: SearchRow[] = rows.map(({ row, piece }, index) => {
    const page = paged.Result[index];
    return {
      ...row,
      Grupo: page?.groupName ?? '',
      TipoReporte: page?.subGroupName ?? row.SubGrupoNombre,
      pActive: piece?.extra?.ingredients ?? null,
      EventosAdversos: (piece?.extra?.reactions ?? []).map(toReaction),
    };
  });
  return { ...paged, Result: result };
}

