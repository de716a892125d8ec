import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FramedTableProps {
  /** The table's accessible name. */
  label: string;
  /** Below this width the table scrolls inside its frame instead of widening the page. */
  minWidth: number;
  headers: readonly string[];
  /** The rows (`Table.Tr`). */
  children: ReactNode;
  /** The frame takes the keyboard focus, so that a table with no control in it can still be scrolled from the keyboard. */
  focusable?: boolean;
}

/**
 * A read-only table of a record (a case's submissions, follow-ups, operations, PDFs…): striped,
 * bordered, and wider than a phone only inside its own scroll frame, so that the page never widens
 * (e2e/tests/case-view-roles-phone.spec.ts).
 */
export function FramedTable({ label, minWidth, headers, children, focusable = false }: FramedTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" pos="relative" tabIndex={focusable ? 0 : undefined}>
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header} scope="col">
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
