import { canUseE2b, E2B_BATCH_MAX_CASES, MSG, type E2bBatchRefusal, type E2bBatchRefused, type E2bBatchResult } from '@atalaya/domain';
import { Alert, Button, Checkbox, Group, List, Modal, Select, Stack, Text } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isApiError } from '../../shared/api';
import { e2bReceiversQuery } from '../case-e2b';
import { downloadE2bBatch, useExportE2bBatch } from './api';
import { InlineError } from './inline-error';

/** A selected case: its Meta (what the server takes) and its reference (what the user reads). */
export interface SelectedCase {
  meta: string;
  reference: string;
}

/** The selection of the search for the E2B batch export, across pages (at most E2B_BATCH_MAX_CASES). */
export function useCaseSelection() {
  const [selected, setSelected] = useState<Map<string, SelectedCase>>(new Map());
  const toggle = (item: SelectedCase, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on && next.size < E2B_BATCH_MAX_CASES) next.set(item.meta, item);
      else if (!on) next.delete(item.meta);
      return next;
    });
  const setMany = (items: readonly SelectedCase[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const item of items) {
        if (on && next.size < E2B_BATCH_MAX_CASES) next.set(item.meta, item);
        else if (!on) next.delete(item.meta);
      }
      return next;
    });
  return { selected, toggle, setMany, clear: () => setSelected(new Map()) };
}

export type CaseSelection = ReturnType<typeof useCaseSelection>;

/** The 422 of exportE2BBatch, when that is what failed. */
function batchRefusalOf(error: unknown): E2bBatchRefusal | null {
  if (!isApiError(error) || error.status !== 422 || !error.body) return null;
  const body = error.body as unknown as Partial<E2bBatchRefusal>;
  return Array.isArray(body.Rechazados) ? (body as E2bBatchRefusal) : null;
}

function RefusedList({ refused }: { refused: readonly E2bBatchRefused[] }) {
  return (
    <List size="sm" spacing={6} aria-label="Casos no exportados">
      {refused.map((entry) => (
        <List.Item key={entry.Caso}>
          <Text size="sm" fw={600} ff="monospace">
            {entry.Referencia}
          </Text>
          {entry.Problemas.map((problem) => (
            <Text key={problem} size="sm">
              {problem}
            </Text>
          ))}
        </List.Item>
      ))}
    </List>
  );
}

/** The checkbox of a row (in the table's actions column and on the card). */
export function SelectCaseCheckbox({ item, selection }: { item: SelectedCase; selection: CaseSelection }) {
  return (
    <Checkbox
      aria-label={`Seleccionar ${item.reference} para exportar E2B`}
      checked={selection.selected.has(item.meta)}
      onChange={(event) => selection.toggle(item, event.currentTarget.checked)}
    />
  );
}

/**
 * 'Exportar E2B' of the event search (docs/e2b.md 'Batch export from the event search'), QPPV and
 * RLF only: the page's cases are ticked (one by one or 'all on this page'), a receiver is chosen,
 * and the selection leaves as one batch; the dialog says which cases were left out and why, and
 * downloads the batch's XML.
 */
export function E2bBatchBar({ role, page, selection }: { role: string | null | undefined; page: readonly SelectedCase[]; selection: CaseSelection }) {
  const allowed = canUseE2b(role);
  const receivers = useQuery({ ...e2bReceiversQuery(), enabled: allowed });
  const [receiver, setReceiver] = useState<string | null>(null);
  const exporting = useExportE2bBatch();
  const [result, setResult] = useState<E2bBatchResult | null>(null);
  const [refusal, setRefusal] = useState<E2bBatchRefusal | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    if (receiver === null && receivers.data?.[0]) setReceiver(receivers.data[0].Codigo);
  }, [receiver, receivers.data]);

  if (!allowed) return null;
  const onPage = page.filter((item) => selection.selected.has(item.meta)).length;
  const count = selection.selected.size;

  const run = async () => {
    if (!receiver) return;
    setError(null);
    try {
      const answer = await exporting.mutateAsync({ receiver, cases: [...selection.selected.keys()] });
      setResult(answer);
      selection.clear();
    } catch (failure) {
      const refused = batchRefusalOf(failure);
      if (refused) setRefusal(refused);
      else setError(isApiError(failure) && failure.serverMessage ? failure.serverMessage : 'No se pudo generar el lote E2B');
    }
  };
  const download = async () => {
    if (!result) return;
    setDownloading(true);
    try {
      await downloadE2bBatch(result.Lote, result.Receptor);
    } finally {
      setDownloading(false);
    }
  };
  const close = () => {
    setResult(null);
    setRefusal(null);
  };

  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Checkbox
          label="Seleccionar todos los de esta página"
          checked={page.length > 0 && onPage === page.length}
          indeterminate={onPage > 0 && onPage < page.length}
          disabled={page.length === 0}
          onChange={(event) => selection.setMany(page, event.currentTarget.checked)}
        />
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {count === 1 ? '1 caso seleccionado' : `${count.toLocaleString('es')} casos seleccionados`}
        </Text>
        <Select
          label="Receptor E2B"
          data={(receivers.data ?? []).map((entry) => ({ value: entry.Codigo, label: entry.Nombre }))}
          value={receiver}
          onChange={setReceiver}
          allowDeselect={false}
          w={{ base: '100%', xs: 260 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Button variant="light" leftSection={<IconFileExport size={18} />} onClick={() => void run()} disabled={count === 0 || !receiver} loading={exporting.isPending}>
          Exportar E2B
        </Button>
        {count > 0 ? (
          <Button variant="subtle" color="gray" onClick={selection.clear}>
            Quitar selección
          </Button>
        ) : null}
      </Group>
      <InlineError message={error} onClose={() => setError(null)} />
      <Modal opened={result !== null || refusal !== null} onClose={close} title={result ? 'Lote E2B generado' : 'No se generó el lote E2B'} size="lg">
        {result ? (
          <Stack gap="sm">
            <Text size="sm">
              {`Lote ${result.Lote}: ${result.Exportados.length === 1 ? '1 caso exportado' : `${result.Exportados.length} casos exportados`} para ${result.Receptor}.`}
            </Text>
            {result.Rechazados.length ? (
              <Alert color="orange" variant="light" title={`${result.Rechazados.length === 1 ? '1 caso quedó' : `${result.Rechazados.length} casos quedaron`} fuera del lote`}>
                <RefusedList refused={result.Rechazados} />
              </Alert>
            ) : null}
            {!result.EsquemaVerificado ? (
              <Text size="xs" c="dimmed">
                {MSG.e2bExport.schemaNotChecked}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button onClick={() => void download()} loading={downloading}>
                Descargar XML
              </Button>
            </Group>
          </Stack>
        ) : refusal ? (
          <Stack gap="sm">
            <Alert color="red" variant="light" title={refusal.Message}>
              <RefusedList refused={refusal.Rechazados} />
            </Alert>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
