import {
  AUDIT_OPERATION_LABELS,
  AUDIT_PANEL_TITLES,
  type AuditPanel,
  type AuditRow,
  auditLinksToEvent,
  eventViewPath,
  type HistoryEntry,
  type HistoryQueryBody,
  MSG,
  type PageRequest,
  REFERENCE_TABLE_NAMES,
} from '@atalaya/domain';
import { ActionIcon, Anchor, Badge, Button, Group, Modal, Paper, Select, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Tooltip } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconDownload, IconEye, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api';
import { DateText } from '../../shared/display';
import { FIELD_COMBOBOX_PROPS, parseTypedDate } from '../../shared/form';
import { Page } from '../../shared/layout';
import { FramedTable, type ListColumn, ListError, PagedTable } from '../../shared/list';
import { useSession } from '../../shared/session';
import { auditDetailQuery, auditLogQuery, downloadAuditFile, eventHistoryQuery, type LogPanel } from './api';
import { FIRST, fileBody, type Filters, listBody, NO_FILTERS } from './audit-logic';

function OperationBadge({ type }: { type: 'I' | 'U' | 'D' }) {
  const color = type === 'I' ? 'teal' : type === 'D' ? 'red' : 'blue';
  return (
    <Badge variant="light" color={color} radius="sm">
      {AUDIT_OPERATION_LABELS[type]}
    </Badge>
  );
}

function EyeButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Tooltip label="Ver detalle">
      <ActionIcon variant="subtle" aria-label={label} onClick={onClick}>
        <IconEye size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The reference of a case: a link to its view for the roles that open cases, plain text for ADMIN (spec §6). */
function CaseReference({ entry, linked }: { entry: HistoryEntry; linked: boolean }) {
  const text = entry.NumeroReferencia ?? entry.Meta;
  return linked ? (
    <Anchor component={Link} to={eventViewPath(entry.Meta)} fw={600}>
      {text}
    </Anchor>
  ) : (
    <Text span fw={600}>
      {text}
    </Text>
  );
}

/** A labelled value of a card or a detail. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {label}:{' '}
      <Text span c="dark.7">
        {children}
      </Text>
    </Text>
  );
}

/** Old and new values of a row, as a table. */
function ChangesTable({ rows }: { rows: { field: string; oldValue: string | null; newValue: string | null; note?: string | null }[] }) {
  if (rows.length === 0) return <Text c="dimmed">Sin campos modificados.</Text>;
  return (
    <FramedTable label="Cambios" minWidth={420} headers={['Campo', 'Valor anterior', 'Valor nuevo']}>
      {rows.map((row, index) => (
        <Table.Tr key={`${row.field}-${index}`}>
          <Table.Td>{row.field}</Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.oldValue ?? '---'}</Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.newValue ?? '---'}</Table.Td>
        </Table.Tr>
      ))}
    </FramedTable>
  );
}

/** The detail of a case history entry (its lines are in the list's answer). */
function EventDetail({ entry, linked }: { entry: HistoryEntry; linked: boolean }) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <Field label="Evento">
          <CaseReference entry={entry} linked={linked} />
        </Field>
        <Field label="Fecha">
          <DateText value={entry.DateUTC} withTime />
        </Field>
        <Field label="Usuario">{entry.User}</Field>
        <Field label="Operación">{AUDIT_OPERATION_LABELS[entry.OperationType]}</Field>
      </SimpleGrid>
      <Field label="Descripción">{entry.Description}</Field>
      <Field label="Comentario">{entry.Comentario ?? '---'}</Field>
      <ChangesTable rows={entry.Lines.map((line) => ({ field: line.Description, oldValue: line.OldValue, newValue: line.NewValue }))} />
    </Stack>
  );
}

/** The detail of an audit_log row (its call). */
function LogDetail({ panel, id }: { panel: LogPanel; id: number }) {
  const detail = useQuery(auditDetailQuery(panel, id));
  if (detail.isPending) return <Text c="dimmed">Cargando…</Text>;
  if (detail.isError) return <ListError message="No se pudo cargar el detalle." onRetry={() => void detail.refetch()} />;
  const row = detail.data;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <Field label="Fecha">
          <DateText value={row.DateUTC} withTime />
        </Field>
        <Field label="Fecha UTC">{row.DateUTC}</Field>
        <Field label="Usuario">{row.User ?? 'Sistema'}</Field>
        <Field label="Correo">{row.Email ?? '---'}</Field>
        <Field label="Operación">{AUDIT_OPERATION_LABELS[row.OperationType]}</Field>
        <Field label="Registro">{row.ReferenceNumber ?? row.PKId ?? '---'}</Field>
        {row.Tabla ? <Field label="Tabla">{row.Tabla}</Field> : null}
        <Field label="Dirección IP">{row.DireccionIP ?? '---'}</Field>
      </SimpleGrid>
      <Field label="Descripción">{row.Description}</Field>
      <ChangesTable rows={row.Cambios.map((change) => ({ field: change.Campo, oldValue: change.ValorAnterior, newValue: change.ValorNuevo }))} />
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Posición en la cadena: {row.PosicionCadena ?? '---'} · SHA-256: {row.Hash ?? '---'}
      </Text>
    </Stack>
  );
}

/** The filter fields of a panel and its 'Buscar' and download buttons. */
function PanelFilters({ panel, value, onChange, onSearch, searching }: { panel: AuditPanel; value: Filters; onChange(next: Filters): void; onSearch(): void; searching: boolean }) {
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const outOfOrder = Boolean(value.from && value.to && value.to < value.from);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!outOfOrder) onSearch();
  };
  const download = async () => {
    setDownloadError(null);
    setDownloading(true);
    try {
      await downloadAuditFile(fileBody(panel, value));
    } catch (failure) {
      setDownloadError(errorMessage(failure) || MSG.audit.downloadFailed);
    } finally {
      setDownloading(false);
    }
  };
  const dateField = (key: 'from' | 'to', label: string) => (
    <DateInput
      label={label}
      placeholder="DD/MM/AAAA"
      valueFormat="DD/MM/YYYY"
      dateParser={parseTypedDate}
      locale="es"
      clearable
      popoverProps={FIELD_COMBOBOX_PROPS}
      value={value[key]}
      error={key === 'to' && outOfOrder ? MSG.audit.datesOutOfOrder : undefined}
      onChange={(day) => onChange({ ...value, [key]: day })}
    />
  );
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-label={`Filtros de ${AUDIT_PANEL_TITLES[panel]}`}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {panel === 'ER' ? (
            <TextInput label="Referencia" placeholder="UY-2026-000123" value={value.referencia} maxLength={64} onChange={(event) => onChange({ ...value, referencia: event.currentTarget.value })} />
          ) : null}
          {panel === 'Usuarios' ? (
            <TextInput label="Nombre" placeholder="Nombre o correo del usuario" value={value.name} maxLength={100} onChange={(event) => onChange({ ...value, name: event.currentTarget.value })} />
          ) : null}
          {panel === 'Parametros' ? (
            <Select
              label="Tabla"
              placeholder="Todas"
              data={[...REFERENCE_TABLE_NAMES].sort()}
              searchable
              clearable
              comboboxProps={FIELD_COMBOBOX_PROPS}
              value={value.tabla}
              onChange={(tabla) => onChange({ ...value, tabla })}
            />
          ) : null}
          {dateField('from', 'Desde')}
          {dateField('to', 'Hasta')}
        </SimpleGrid>
        <Group gap="sm" justify="flex-end">
          <Button variant="default" leftSection={<IconDownload size={18} />} loading={downloading} onClick={() => void download()} disabled={outOfOrder}>
            Descargar archivo
          </Button>
          <Button type="submit" leftSection={<IconSearch size={18} />} loading={searching} disabled={outOfOrder}>
            Buscar
          </Button>
        </Group>
        {downloadError ? (
          <Text c="red" size="sm" role="alert">
            {downloadError}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** A panel's filters as drafted and as listed, and the page shown. */
function usePanelState() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [listed, setListed] = useState<{ filters: Filters; page: PageRequest }>({ filters: NO_FILTERS, page: FIRST });
  /** 'Buscar': the drafted filters from page 1; the same search again asks the server again (new rows arrive all the time). */
  const search = (refetch: () => unknown) => {
    const next = { filters: draft, page: FIRST };
    if (JSON.stringify(next) === JSON.stringify(listed)) void refetch();
    else setListed(next);
  };
  const goToPage = useCallback((page: PageRequest) => setListed((current) => ({ ...current, page })), []);
  return { draft, setDraft, listed, search, goToPage };
}

/** The Evento Reportable panel: the history of the cases in the user's reach. */
function EventPanel({ linked }: { linked: boolean }) {
  const state = usePanelState();
  const results = useQuery(eventHistoryQuery(listBody('ER', state.listed.filters, state.listed.page) as HistoryQueryBody));
  const [open, setOpen] = useState<HistoryEntry | null>(null);
  const columns: ListColumn<HistoryEntry>[] = [
    { key: 'date', header: 'Fecha', cell: (row) => <DateText value={row.DateUTC} withTime />, nowrap: true },
    { key: 'reference', header: 'Evento', cell: (row) => <CaseReference entry={row} linked={linked} />, nowrap: true },
    { key: 'user', header: 'Usuario', cell: (row) => row.User },
    { key: 'operation', header: 'Operación', cell: (row) => <OperationBadge type={row.OperationType} /> },
    { key: 'description', header: 'Descripción', cell: (row) => row.Description },
  ];
  return (
    <Stack gap="md">
      <PanelFilters panel="ER" value={state.draft} onChange={state.setDraft} onSearch={() => state.search(results.refetch)} searching={results.isFetching} />
      <PagedTable<HistoryEntry>
        label={`Auditoría de ${AUDIT_PANEL_TITLES.ER}`}
        things="registros de auditoría"
        result={results.data}
        columns={columns}
        rowKey={(row) => String(row.Id)}
        loading={results.isPending}
        fetching={results.isFetching && !results.isPending}
        failed={results.isError}
        onRetry={() => void results.refetch()}
        onPageRequest={state.goToPage}
        rowActions={(row) => <EyeButton label={`Ver detalle de ${row.Description} (${row.NumeroReferencia ?? row.Meta})`} onClick={() => setOpen(row)} />}
        renderCard={(row, actions) => (
          <Paper withBorder radius="md" p="sm" component="article" aria-label={`Registro ${row.Description}`}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <CaseReference entry={row} linked={linked} />
                <OperationBadge type={row.OperationType} />
              </Group>
              <Text size="sm">{row.Description}</Text>
              <Field label="Usuario">{row.User}</Field>
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  <DateText value={row.DateUTC} withTime />
                </Text>
                {actions}
              </Group>
            </Stack>
          </Paper>
        )}
      />
      <Modal opened={open !== null} onClose={() => setOpen(null)} title="Detalle de auditoría" size="lg">
        {open ? <EventDetail entry={open} linked={linked} /> : null}
      </Modal>
    </Stack>
  );
}

/** A panel read from audit_log (Usuarios, Configuración, Parametros). */
function LogPanelView({ panel }: { panel: LogPanel }) {
  const state = usePanelState();
  const results = useQuery(auditLogQuery(panel, listBody(panel, state.listed.filters, state.listed.page)));
  const [open, setOpen] = useState<number | null>(null);
  const columns: ListColumn<AuditRow>[] = [
    { key: 'date', header: 'Fecha', cell: (row) => <DateText value={row.DateUTC} withTime />, nowrap: true },
    ...(panel === 'Parametros' ? [{ key: 'table', header: 'Tabla', cell: (row: AuditRow) => row.Tabla ?? '---' }] : []),
    { key: 'user', header: 'Usuario', cell: (row) => row.User ?? 'Sistema' },
    { key: 'operation', header: 'Operación', cell: (row) => <OperationBadge type={row.OperationType} /> },
    { key: 'description', header: 'Descripción', cell: (row) => row.Description },
  ];
  return (
    <Stack gap="md">
      <PanelFilters panel={panel} value={state.draft} onChange={state.setDraft} onSearch={() => state.search(results.refetch)} searching={results.isFetching} />
      <PagedTable<AuditRow>
        label={`Auditoría de ${AUDIT_PANEL_TITLES[panel]}`}
        things="registros de auditoría"
        result={results.data}
        columns={columns}
        rowKey={(row) => String(row.Id)}
        loading={results.isPending}
        fetching={results.isFetching && !results.isPending}
        failed={results.isError}
        onRetry={() => void results.refetch()}
        onPageRequest={state.goToPage}
        rowActions={(row) => <EyeButton label={`Ver detalle de ${row.Description}`} onClick={() => setOpen(row.Id)} />}
        renderCard={(row, actions) => (
          <Paper withBorder radius="md" p="sm" component="article" aria-label={`Registro ${row.Description}`}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {row.Description}
                </Text>
                <OperationBadge type={row.OperationType} />
              </Group>
              {row.Tabla ? <Field label="Tabla">{row.Tabla}</Field> : null}
              <Field label="Usuario">{row.User ?? 'Sistema'}</Field>
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  <DateText value={row.DateUTC} withTime />
                </Text>
                {actions}
              </Group>
            </Stack>
          </Paper>
        )}
      />
      <Modal opened={open !== null} onClose={() => setOpen(null)} title="Detalle de auditoría" size="lg">
        {open !== null ? <LogDetail panel={panel} id={open} /> : null}
      </Modal>
    </Stack>
  );
}

/**
 * 'Auditoría' (/audittrail; platform spec §2 'Audit trail screen'; docs/audit-trail.md): four
 * panels, each a paged list newest first with its filters, a detail modal (eye icon) and the
 * download of its audit file. ADMIN reads every case's entries, each reference as plain text.
 */
export function AuditTrailPage() {
  const { user } = useSession();
  const [panel, setPanel] = useState<AuditPanel>('ER');
  if (!user) return null;
  const linked = auditLinksToEvent(user.Rol);
  return (
    <Page title="Auditoría" description="Quién cambió qué y cuándo: eventos reportables, usuarios, configuración, parámetros y señales. Nada de lo registrado puede modificarse ni borrarse.">
      <Tabs value={panel} onChange={(next) => next && setPanel(next as AuditPanel)} keepMounted={false}>
        <Tabs.List>
          {(['ER', 'Usuarios', 'Configuracion', 'Parametros', 'Senales'] as const).map((key) => (
            <Tabs.Tab key={key} value={key}>
              {AUDIT_PANEL_TITLES[key]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="ER" pt="md">
          <EventPanel linked={linked} />
        </Tabs.Panel>
        <Tabs.Panel value="Usuarios" pt="md">
          <LogPanelView panel="Usuarios" />
        </Tabs.Panel>
        <Tabs.Panel value="Configuracion" pt="md">
          <LogPanelView panel="Configuracion" />
        </Tabs.Panel>
        <Tabs.Panel value="Parametros" pt="md">
          <LogPanelView panel="Parametros" />
        </Tabs.Panel>
        <Tabs.Panel value="Senales" pt="md">
          <LogPanelView panel="Senales" />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
