import { cardAlertTone, type ErListRow } from '@atalaya/domain';
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { CASE_COLUMN_HEADERS, CASE_COLUMNS, type CaseListVariant } from './case-columns';
import { CASE_CELLS, CaseReference } from './case-cells';
import classes from './list.module.css';
import { toneColor } from './tone';

export interface CaseCardProps {
  row: ErListRow;
  variant: CaseListVariant;
  actions?: ReactNode;
  /** Fields a screen shows beyond its variant's columns (the search's §2.5 result columns), after them. */
  extra?: readonly { key: string; label: string; value: ReactNode }[];
}

/**
 * The compact card of a case (event spec §2.6, ≤ 900 px): its left edge coloured by the alert
 * level (`cardAlertTone`, §4 'Alert colours'), the same fields as the table's columns.
 */
export function CaseCard({ row, variant, actions, extra = [] }: CaseCardProps) {
  const tone = toneColor(cardAlertTone(row));
  const fields = [
    ...CASE_COLUMNS[variant]
      .filter((key) => key !== 'identifier' && key !== 'flag')
      .map((key) => ({ key, label: CASE_COLUMN_HEADERS[key], value: CASE_CELLS[key](row) })),
    ...extra,
  ];
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className={classes.card}
      style={{ '--card-tone': `var(--mantine-color-${tone}-6)` } as CSSProperties}
      data-tone={tone}
      aria-label={`Evento ${row.NumeroReferencia}`}
      component="article"
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <CaseReference row={row} />
          {CASE_COLUMNS[variant].includes('flag') ? CASE_CELLS.flag(row) : null}
        </Group>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
          {fields.map((field) => (
            <Stack key={field.key} gap={0} miw={0}>
              <Text size="xs" c="dimmed">
                {field.label}
              </Text>
              <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
                {field.value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {actions ? <Group justify="flex-end">{actions}</Group> : null}
      </Stack>
    </Paper>
  );
}
