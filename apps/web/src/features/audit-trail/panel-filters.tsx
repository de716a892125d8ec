import { AUDIT_PANEL_TITLES, type AuditPanel, MSG, type PageRequest, REFERENCE_TABLE_NAMES } from '@atalaya/domain';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useCallback, useState } from 'react';
import { errorMessage } from '../../shared/api';
import { FIELD_COMBOBOX_PROPS, parseTypedDate } from '../../shared/form';
import { downloadAuditFile } from './api';
import { FIRST, fileBody, type Filters, NO_FILTERS } from './audit-logic';

/** The filter fields of a panel and its 'Buscar' and download buttons. */
export function PanelFilters({ panel, value, onChange, onSearch, searching }: { panel: AuditPanel; value: Filters; onChange(next: Filters): void; onSearch(): void; searching: boolean }) {
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
export function usePanelState() {
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
