import type { HomeReportHistoryEntry } from '@atalaya/domain';
import { Group, List, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { DateText } from '../../../shared/display';
import { SummaryCard } from '../../../shared/summary';
import { historyLines } from './report-history';

export const REPORT_HISTORY_TITLE = 'Historial del reporte';

/** 'Historial del reporte': each status change with its date, user and comment (a discard's reason stays visible). */
export function ReportHistoryCard({ entries }: { entries: readonly HomeReportHistoryEntry[] }) {
  const lines = useMemo(() => historyLines(entries), [entries]);
  return (
    <SummaryCard title={REPORT_HISTORY_TITLE}>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin cambios de estado.
        </Text>
      ) : (
        <List spacing="xs" listStyleType="none" aria-label={REPORT_HISTORY_TITLE}>
          {lines.map((line) => (
            <List.Item key={line.key}>
              <Stack gap={2}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {line.change}
                  </Text>
                  <Text size="xs" c="dimmed" component="span">
                    <DateText value={line.date} withTime /> · {line.user}
                  </Text>
                </Group>
                {line.comment ? (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    Comentario: {line.comment}
                  </Text>
                ) : null}
              </Stack>
            </List.Item>
          ))}
        </List>
      )}
    </SummaryCard>
  );
}
