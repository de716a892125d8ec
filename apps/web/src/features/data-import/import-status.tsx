import { IMPORT_STATUSES, isImportIncomplete, MSG, type ImportEntry, type ImportStatus } from '@atalaya/domain';
import { Badge, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconBan, IconCircleCheck, IconCircleX, IconClockHour4 } from '@tabler/icons-react';
import { toneColor } from '../../shared/list';

const STATUS_ICONS: Record<Exclude<ImportStatus, 'D'>, typeof IconCircleCheck> = {
  E: IconCircleX,
  C: IconBan,
  S: IconCircleCheck,
  P: IconClockHour4,
};

/** An import's or a table's status with its icon (spec §4: D shows a spinner). */
export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  const look = IMPORT_STATUSES[status];
  const color = toneColor(look.tone);
  const Icon = status === 'D' ? null : STATUS_ICONS[status];
  return (
    <Badge
      variant="light"
      color={color}
      radius="sm"
      leftSection={Icon ? <Icon size={14} aria-hidden /> : <Loader size={10} color={color} aria-hidden />}
      data-testid="import-status"
      data-status={status}
      style={{ textTransform: 'none' }}
    >
      {look.name}
    </Badge>
  );
}

/**
 * The import's progress bar with its percentage and, while it runs, the table being loaded
 * ('Cargando llt.asc'). The bar is announced as '{percentage}%' under the name 'Progreso de {code}'.
 */
export function ImportProgress({ entry }: { entry: ImportEntry }) {
  const running = isImportIncomplete(entry);
  const color = entry.status === 'E' ? 'red' : entry.status === 'C' ? 'gray' : entry.status === 'S' ? 'teal' : 'blue';
  return (
    <Stack gap={4} miw={140}>
      <Group gap="xs" wrap="nowrap">
        <Progress
          value={entry.percentage}
          color={color}
          striped={running}
          animated={running && entry.status === 'D'}
          size="md"
          style={{ flex: 1 }}
          aria-label={`${MSG.dataImport.columns.progress} de ${entry.code_import}`}
        />
        <Text size="sm" fw={600} w={44} ta="right" data-testid="import-percentage">
          {entry.percentage}%
        </Text>
      </Group>
      {running && entry.table ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="import-table">
          {MSG.dataImport.loading(entry.table)}
        </Text>
      ) : null}
    </Stack>
  );
}
