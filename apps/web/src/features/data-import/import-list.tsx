import { MSG, type ImportEntry, type UploadImportKind } from '@atalaya/domain';
import { Box, Button, Group, Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconChevronUp, IconFileAlert, IconPlayerStop } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { DateText, OrDash } from '../../shared/display';
import { ListError, ListLoading, ListMessage, useCompactList } from '../../shared/list';
import { showNotice } from '../../shared/notices';
import { downloadErrorReport, importListQuery, useCancelImport } from './api';
import { isCancellable } from './import-logic';
import { ImportProgress, ImportStatusBadge } from './import-status';
import { ImportTables } from './import-tables';

const COLUMNS = MSG.dataImport.columns;

/** The Spanish reason of an E import, as the server wrote it. */
function ErrorReason({ entry }: { entry: ImportEntry }) {
  if (entry.status !== 'E' || !entry.error) return null;
  return (
    <Text size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }} maw={320} data-testid="import-error">
      {entry.error}
    </Text>
  );
}

interface RowActionsProps {
  kind: UploadImportKind;
  entry: ImportEntry;
  expanded: boolean;
  detailId: string;
  onToggle(): void;
  /** Bigger buttons for fingers. */
  touch: boolean;
}

/** 'Ver tablas', 'Descargar informe de errores' (errors > 0) and 'Cancelar' (P/D, confirmed first). */
function RowActions({ kind, entry, expanded, detailId, onToggle, touch }: RowActionsProps) {
  const cancel = useCancelImport(kind);
  const [downloading, setDownloading] = useState(false);
  const size = touch ? 'sm' : 'xs';

  const askCancel = () =>
    modals.openConfirmModal({
      title: MSG.dataImport.cancelTitle,
      children: <Text size="sm">{MSG.dataImport.cancelConfirm(entry.code_import)}</Text>,
      labels: { confirm: MSG.dataImport.cancelYes, cancel: MSG.dataImport.cancelNo },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(entry.code_import, {
          onSuccess: () => showNotice({ kind: 'success', title: MSG.dataImport.cancelled, message: entry.code_import }),
        }),
    });

  const download = async () => {
    setDownloading(true);
    try {
      await downloadErrorReport(entry.code_import);
    } catch {
      // The API client has shown why.
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Group gap={6} wrap="wrap">
      <Button
        size={size}
        variant="subtle"
        leftSection={expanded ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />}
        aria-expanded={expanded}
        aria-controls={detailId}
        aria-label={`${expanded ? MSG.dataImport.hideDetails : MSG.dataImport.details} de ${entry.code_import}`}
        onClick={onToggle}
      >
        {expanded ? MSG.dataImport.hideDetails : MSG.dataImport.details}
      </Button>
      {entry.errors > 0 ? (
        <Button size={size} variant="light" color="red" leftSection={<IconFileAlert size={14} aria-hidden />} loading={downloading} onClick={() => void download()}>
          {MSG.dataImport.errorReport}
        </Button>
      ) : null}
      {isCancellable(entry.status) ? (
        <Button
          size={size}
          variant="default"
          leftSection={<IconPlayerStop size={14} aria-hidden />}
          loading={cancel.isPending}
          aria-label={`${MSG.dataImport.cancel} ${entry.code_import}`}
          onClick={askCancel}
        >
          {MSG.dataImport.cancel}
        </Button>
      ) : null}
    </Group>
  );
}

/** A labelled value of a card. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {label}:{' '}
      <Text span size="sm" c="dark.7">
        {children}
      </Text>
    </Text>
  );
}

interface EntryProps {
  kind: UploadImportKind;
  entry: ImportEntry;
  expanded: boolean;
  onToggle(): void;
}

/** An import as a card (≤ 900 px). */
function ImportCard({ kind, entry, expanded, onToggle }: EntryProps) {
  const detailId = useId();
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={`Importación ${entry.code_import}`}>
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {entry.code_import}
          </Text>
          <ImportStatusBadge status={entry.status} />
        </Group>
        <ErrorReason entry={entry} />
        <ImportProgress entry={entry} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4}>
          {kind === 'meddra' ? (
            <Field label={COLUMNS.version}>
              <OrDash value={entry.meddra_version} />
            </Field>
          ) : null}
          <Field label={COLUMNS.user}>{entry.Usuario}</Field>
          <Field label={COLUMNS.file}>
            <OrDash value={entry.FileName} />
          </Field>
          <Field label={COLUMNS.start}>
            <DateText value={entry.date_start} withTime />
          </Field>
          <Field label={COLUMNS.end}>
            <DateText value={entry.date_end} withTime />
          </Field>
        </SimpleGrid>
        {entry.errors > 0 ? (
          <Text size="sm" c="red.8">
            {MSG.dataImport.errorCount(entry.errors)}
          </Text>
        ) : null}
        <RowActions kind={kind} entry={entry} expanded={expanded} detailId={detailId} onToggle={onToggle} touch />
        {expanded ? <ImportTables kind={kind} entry={entry} compact id={detailId} /> : null}
      </Stack>
    </Paper>
  );
}

/** An import as a table row, with its per-table detail in a row under it when opened. */
function ImportRow({ kind, entry, expanded, onToggle, columnCount }: EntryProps & { columnCount: number }) {
  const detailId = useId();
  return (
    <>
      <Table.Tr data-code={entry.code_import}>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Text fw={600} size="sm">
            {entry.code_import}
          </Text>
        </Table.Td>
        {kind === 'meddra' ? (
          <Table.Td>
            <OrDash value={entry.meddra_version} />
          </Table.Td>
        ) : null}
        <Table.Td>{entry.Usuario}</Table.Td>
        <Table.Td style={{ overflowWrap: 'anywhere' }} maw={220}>
          <OrDash value={entry.FileName} />
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <DateText value={entry.date_start} withTime />
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <DateText value={entry.date_end} withTime />
        </Table.Td>
        <Table.Td>
          <Stack gap={4} align="flex-start">
            <ImportStatusBadge status={entry.status} />
            <ErrorReason entry={entry} />
          </Stack>
        </Table.Td>
        <Table.Td>
          <ImportProgress entry={entry} />
        </Table.Td>
        <Table.Td>
          <RowActions kind={kind} entry={entry} expanded={expanded} detailId={detailId} onToggle={onToggle} touch={false} />
        </Table.Td>
      </Table.Tr>
      {expanded ? (
        <Table.Tr>
          <Table.Td colSpan={columnCount} bg="gray.0">
            <Box py={4} px="md">
              <ImportTables kind={kind} entry={entry} compact={false} id={detailId} />
            </Box>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}

export interface ImportListProps {
  kind: UploadImportKind;
  /** The list's accessible name. */
  label: string;
}

/**
 * The imports of one kind, latest first (spec §3, §4): a table on a wide window, cards at
 * ≤ 900 px. Each shows code, version (MedDRA), user, file, start and end, the status with its
 * icon and the live progress; an E import its reason; the per-table detail opens under it.
 */
export function ImportList({ kind, label }: ImportListProps) {
  const list = useQuery(importListQuery(kind));
  const compact = useCompactList();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (code: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });

  if (list.isError && !list.data) return <ListError message={MSG.dataImport.loadFailed} onRetry={() => void list.refetch()} />;
  if (!list.data) return <ListLoading label={label} rows={2} />;
  if (list.data.length === 0) return <ListMessage>{MSG.dataImport.empty}</ListMessage>;

  if (compact) {
    return (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
        {list.data.map((entry) => (
          <li key={entry.code_import}>
            <ImportCard kind={kind} entry={entry} expanded={open.has(entry.code_import)} onToggle={() => toggle(entry.code_import)} />
          </li>
        ))}
      </Stack>
    );
  }

  const headers = [
    COLUMNS.code,
    ...(kind === 'meddra' ? [COLUMNS.version] : []),
    COLUMNS.user,
    COLUMNS.file,
    COLUMNS.start,
    COLUMNS.end,
    COLUMNS.status,
    COLUMNS.progress,
  ];
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={1000} type="native">
        <Table aria-label={label} verticalSpacing="sm" horizontalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              {headers.map((header) => (
                <Table.Th key={header} scope="col">
                  {header}
                </Table.Th>
              ))}
              <Table.Th scope="col">
                <VisuallyHidden>Acciones</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((entry) => (
              <ImportRow
                key={entry.code_import}
                kind={kind}
                entry={entry}
                expanded={open.has(entry.code_import)}
                onToggle={() => toggle(entry.code_import)}
                columnCount={headers.length + 1}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
