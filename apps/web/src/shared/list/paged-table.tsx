import { MSG, type PagedResult, type PageRequest } from '@atalaya/domain';
import { Box, Group, Paper, Stack, Table, VisuallyHidden } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import classes from './list.module.css';
import { ListError, ListLoading, ListMessage } from './list-states';
import { Pager } from './pager';
import { pageAfterShrink } from './paging';
import { useCompactList } from './use-media';

export interface ListColumn<T> {
  key: string;
  header: string;
  cell(row: T): ReactNode;
  /** Keep the cell on one line (dates, references). */
  nowrap?: boolean;
}

export interface PagedTableProps<T> {
  /** The list's name: the table's accessible name and the pager's. */
  label: string;
  /** What the list holds, for 'No se encontraron {things} asociados'. */
  things: string;
  result: PagedResult<T> | undefined;
  columns: readonly ListColumn<T>[];
  rowKey(row: T): string;
  /** The first page is on its way (nothing to show yet). */
  loading: boolean;
  /** Another page is on its way while the previous one stays on screen. */
  fetching?: boolean;
  /** The call failed (the error notice was already shown). */
  failed?: boolean;
  onRetry?(): void;
  /** A pager button was pressed (or the page shown emptied): the page to ask for. */
  onPageRequest(request: PageRequest): void;
  /** Buttons of a row (the last column, or the foot of a card). */
  rowActions?(row: T): ReactNode;
  /** A row's selection control (a checkbox): the first column, where the eye looks for it; on a card, before the buttons. */
  rowSelect?(row: T): ReactNode;
  onRowClick?(row: T): void;
  /** The compact card of a row; with it the list turns into cards at ≤ 900 px. */
  renderCard?(row: T, actions: ReactNode): ReactNode;
  /** Force (or refuse) the compact variant instead of following the window width. */
  compact?: boolean;
  /** The table's least width: below it the table scrolls inside its frame (720 px unless told). */
  minWidth?: number;
}

/**
 * A paged list (event spec §2.6): a real table on a wide window, cards at ≤ 900 px when the
 * caller gives a card, the pager under it, the empty text, and the loading states (skeleton
 * on the first page, the previous page faded while the next one loads).
 */
export function PagedTable<T>({
  label,
  things,
  result,
  columns,
  rowKey,
  loading,
  fetching = false,
  failed = false,
  onRetry,
  onPageRequest,
  rowActions,
  rowSelect,
  onRowClick,
  renderCard,
  compact,
  minWidth = 720,
}: PagedTableProps<T>) {
  const narrow = useCompactList();
  const asCards = Boolean(renderCard) && (compact ?? narrow);

  // A row that left the last page (annulled, triaged) can leave it empty: show the new last page.
  useEffect(() => {
    if (!result || fetching) return;
    const request = pageAfterShrink(result);
    if (request !== null) onPageRequest(request);
  }, [result, fetching, onPageRequest]);

  if (!result) {
    if (failed) return <ListError onRetry={onRetry} />;
    return loading ? <ListLoading label={label} /> : null;
  }

  if (result.Result.length === 0) return <ListMessage>{MSG.lists.empty(things)}</ListMessage>;

  const body = asCards ? (
    <Stack component="ul" gap="sm" className={classes.cardList} aria-label={label}>
      {result.Result.map((row) => (
        <li key={rowKey(row)}>
          {renderCard?.(
            row,
            rowSelect ? (
              <Group gap="xs" wrap="nowrap">
                {rowSelect(row)}
                {rowActions?.(row)}
              </Group>
            ) : (rowActions?.(row) ?? null),
          )}
        </li>
      ))}
    </Stack>
  ) : (
    <Paper withBorder radius="md">
      {/* Positioned, so that a visually hidden header inside stays in the scrolling frame instead of widening the page. */}
      <Table.ScrollContainer minWidth={minWidth} type="native" pos="relative">
        <Table aria-label={label} highlightOnHover={Boolean(onRowClick)} verticalSpacing="sm" horizontalSpacing="md" striped>
          <Table.Thead>
            <Table.Tr>
              {rowSelect ? (
                <Table.Th scope="col" w={1}>
                  <VisuallyHidden>Selección</VisuallyHidden>
                </Table.Th>
              ) : null}
              {columns.map((column) => (
                <Table.Th key={column.key} scope="col">
                  {column.header}
                </Table.Th>
              ))}
              {rowActions ? (
                <Table.Th scope="col">
                  <VisuallyHidden>Acciones</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.Result.map((row) => (
              <Table.Tr
                key={rowKey(row)}
                className={classes.row}
                data-clickable={onRowClick ? true : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
              >
                {rowSelect ? (
                  // Ticking a row selects it; it does not open it.
                  <Table.Td onClick={(event) => event.stopPropagation()}>{rowSelect(row)}</Table.Td>
                ) : null}
                {columns.map((column) => (
                  <Table.Td key={column.key} className={column.nowrap ? classes.nowrap : undefined}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
                {rowActions ? (
                  // Buttons of the row act on their own, not as a click on the row.
                  <Table.Td className={classes.actionsCell} onClick={(event) => event.stopPropagation()}>
                    {rowActions(row)}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );

  return (
    <Stack gap="sm">
      <Box className={classes.frame} data-fetching={fetching || undefined} aria-busy={fetching}>
        {body}
      </Box>
      <Pager result={result} onPageRequest={onPageRequest} busy={fetching} label={label} />
    </Stack>
  );
}
