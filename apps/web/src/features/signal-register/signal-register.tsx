import { SIGNAL_STATUSES, type SignalStatus, type SignalSummary } from '@atalaya/domain';
import { Anchor, Badge, Button, Card, Drawer, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateText } from '../../shared/display';
import { ListError, usePhone } from '../../shared/list';
import { responsiblesQuery, signalListQuery } from './api';
import { NO_FILTERS, type SignalFilters, statusColor } from './logic';
import { SignalDetailView } from './signal-detail';

function StatusBadge({ status }: { status: SignalStatus }) {
  return (
    <Badge color={statusColor(status)} variant="light">
      {status}
    </Badge>
  );
}

/** A phone's card of one signal (a tap opens it). */
function SignalCard({ signal, onOpen }: { signal: SignalSummary; onOpen(): void }) {
  return (
    <Card component="li" withBorder radius="md" p="sm" data-testid="signal-row">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Anchor component="button" type="button" fw={600} ta="left" onClick={onOpen} style={{ overflowWrap: 'anywhere' }}>
            {signal.Titulo}
          </Anchor>
          <StatusBadge status={signal.Estado} />
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {signal.Farmaco} × {signal.Pt}
        </Text>
        <Text size="xs" c="dimmed">
          {signal.Responsable.Nombre} · <DateText value={signal.FechaApertura} />
          {signal.CasosNuevos > 0 ? ` · ${signal.CasosNuevos} casos nuevos` : ''}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * 'Registro de señales' (issue 32 §4, GVP IX): the signals, newest first, filtered by status
 * and responsible, a page at a time; a signal opens in a drawer (full screen on a phone) with
 * its history, status change, assessment, documents and responsible. It is the 'Registro de
 * señales' tab of Señales (no page frame of its own; `/signalregister` redirects to the tab).
 */
export function SignalRegister() {
  const [filters, setFilters] = useState<SignalFilters>(NO_FILTERS);
  const [selected, setSelected] = useState<number | null>(null);
  const phone = usePhone();
  const list = useInfiniteQuery(signalListQuery(filters));
  const people = useQuery(responsiblesQuery);
  const rows = list.data?.pages.flatMap((page) => page.Filas) ?? [];

  return (
    <>
      <Card withBorder radius="md" p="md">
        <Stack gap="md">
          <Group gap="sm" align="flex-end" grow={phone}>
            <Select
              label="Estado"
              placeholder="Todos"
              clearable
              data={[...SIGNAL_STATUSES]}
              value={filters.estado}
              onChange={(value) => setFilters((f) => ({ ...f, estado: value as SignalStatus | null }))}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Responsable"
              placeholder="Todos"
              clearable
              searchable
              data={(people.data ?? []).map((p) => ({ value: p.Id, label: p.Nombre }))}
              value={filters.responsable}
              onChange={(value) => setFilters((f) => ({ ...f, responsable: value }))}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
          {list.isError ? <ListError message="No se pudo cargar el registro de señales." onRetry={() => void list.refetch()} /> : null}
          {list.isPending ? <Loader color="teal" type="dots" role="status" aria-label="Cargando señales" /> : null}
          {list.isSuccess && rows.length === 0 ? <Text c="dimmed">No hay señales con estos filtros.</Text> : null}
          {rows.length > 0 && phone ? (
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Señales">
              {rows.map((signal) => (
                <SignalCard key={signal.Id} signal={signal} onOpen={() => setSelected(signal.Id)} />
              ))}
            </Stack>
          ) : null}
          {rows.length > 0 && !phone ? (
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="sm" highlightOnHover aria-label="Señales">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Señal</Table.Th>
                    <Table.Th>Fármaco × PT</Table.Th>
                    <Table.Th>Estado</Table.Th>
                    <Table.Th>Responsable</Table.Th>
                    <Table.Th>Apertura</Table.Th>
                    <Table.Th>Casos nuevos</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((signal) => (
                    <Table.Tr key={signal.Id} data-testid="signal-row">
                      <Table.Td>
                        <Anchor component="button" type="button" fw={600} ta="left" onClick={() => setSelected(signal.Id)}>
                          {signal.Titulo}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        {signal.Farmaco} × {signal.Pt}
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge status={signal.Estado} />
                      </Table.Td>
                      <Table.Td>{signal.Responsable.Nombre}</Table.Td>
                      <Table.Td>
                        <DateText value={signal.FechaApertura} />
                      </Table.Td>
                      <Table.Td>{signal.CasosNuevos}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
          {list.hasNextPage ? (
            <Group justify="center">
              <Button variant="default" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Ver más
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Card>
      <Drawer opened={selected !== null} onClose={() => setSelected(null)} position="right" size={phone ? '100%' : 'lg'} title="Señal" closeButtonProps={{ 'aria-label': 'Cerrar la señal' }}>
        {selected !== null ? <SignalDetailView id={selected} /> : null}
      </Drawer>
    </>
  );
}
