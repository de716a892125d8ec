import type { ErListRow } from '@atalaya/domain';
import { CaseCard } from './case-card';
import { CASE_CELLS } from './case-cells';
import { CASE_COLUMN_HEADERS, CASE_COLUMNS, type CaseListVariant } from './case-columns';
import { PagedTable, type ListColumn, type PagedTableProps } from './paged-table';

export interface PagedListProps extends Omit<PagedTableProps<ErListRow>, 'columns' | 'rowKey' | 'renderCard' | 'things'> {
  /** 'search' (flag, identifier, country, company, product, updated, is-historic) or 'work' (Tasks). */
  variant: CaseListVariant;
  /** For the empty text (default 'eventos reportables'). */
  things?: string;
}

const columnsOf = (variant: CaseListVariant): ListColumn<ErListRow>[] =>
  CASE_COLUMNS[variant].map((key) => ({
    key,
    header: CASE_COLUMN_HEADERS[key],
    cell: CASE_CELLS[key],
    nowrap: key === 'updated' || key === 'identifier',
  }));

const COLUMNS: Record<CaseListVariant, ListColumn<ErListRow>[]> = { search: columnsOf('search'), work: columnsOf('work') };

/**
 * A paged list of cases (event spec §2.6) in one of its column variants, with a row-actions
 * slot; at ≤ 900 px the rows become cards coloured by alert level.
 */
export function PagedList({ variant, things = 'eventos reportables', ...rest }: PagedListProps) {
  return (
    <PagedTable<ErListRow>
      {...rest}
      things={things}
      columns={COLUMNS[variant]}
      rowKey={(row) => row.Id}
      renderCard={(row, actions) => <CaseCard row={row} variant={variant} actions={actions} />}
    />
  );
}
