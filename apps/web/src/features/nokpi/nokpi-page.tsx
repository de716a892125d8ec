import { auditLinksToEvent, erStatusName, eventViewPath, MSG, type NoKpiEvent, type NoKpiPage as NoKpiPageData } from '@atalaya/domain';
import { Anchor, Badge, Button, Card, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadErrorPanel, Page } from '../../shared/layout';
import { useCompactList } from '../../shared/list';
import { useSession } from '../../shared/session';
import { noKpiCardQuery, noKpiCountriesQuery, noKpiPageQuery, type NoKpiPosition } from './api';

const FIRST: NoKpiPosition = { page: 1 };

/** The percentage change of the card: green with an up arrow if positive, red with a down arrow if negative, hidden at zero. */
export function PercentChange({ value }: { value: number }) {
  if (value === 0) return null;
  const up = value > 0;
  const Icon = up ? IconArrowUpRight : IconArrowDownRight;
  return (
    <Group gap={4} c={up ? 'green.8' : 'red.8'} wrap="nowrap" data-testid="nokpi-change" aria-label={`${up ? '+' : ''}${value} % ${MSG.noKpi.vsLastMonth}`}>
      <Icon size={18} aria-hidden />
      <Text fw={600} c={up ? 'green.8' : 'red.8'}>
        {up ? '+' : ''}
        {value} %
      </Text>
    </Group>
  );
}

/** The case's reference: a link to its view, plain text for ADMIN, who reads the whole company's list but opens no case (docs/roles.md). */
function EventLink({ row }: { row: NoKpiEvent }) {
  const { user } = useSession();
  if (user && !auditLinksToEvent(user.Rol)) {
    return (
      <Text span fw={600}>
        {row.NumeroReferencia}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={eventViewPath(row.Meta, 'details')} fw={600}>
      {row.NumeroReferencia}
    </Anchor>
  );
}

function AlertBadge({ row }: { row: NoKpiEvent }) {
  const first = row.MetricsAlerts[0];
  if (!first) return <Text>---</Text>;
  return (
    <Badge color={first.Estado === 'overdue' ? 'red' : 'orange'} variant="light" title={first.Estado === 'overdue' ? MSG.noKpi.overdue : MSG.noKpi.late}>
      {first.Nombre}
    </Badge>
  );
}

function EventTable({ rows, labelledBy }: { rows: NoKpiEvent[]; labelledBy: string }) {
  const columns = MSG.noKpi.columns;
  return (
    <Table verticalSpacing="sm" highlightOnHover aria-labelledby={labelledBy}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{columns.event}</Table.Th>
          <Table.Th>{columns.status}</Table.Th>
          <Table.Th>{columns.date}</Table.Th>
          <Table.Th>{columns.kpi}</Table.Th>
          <Table.Th>{columns.time}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.Meta}>
            <Table.Td>
              <EventLink row={row} />
            </Table.Td>
            <Table.Td>{erStatusName(row.Estado)}</Table.Td>
            <Table.Td>{row.FechaSolicitudDesc}</Table.Td>
            <Table.Td>
              <AlertBadge row={row} />
            </Table.Td>
            <Table.Td>{row.MetricsAlerts[0]?.TiempoNombre ?? '---'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function EventCards({ rows, labelledBy }: { rows: NoKpiEvent[]; labelledBy: string }) {
  const columns = MSG.noKpi.columns;
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={labelledBy}>
      {rows.map((row) => (
        <Card key={row.Meta} withBorder padding="md" component="li" aria-label={row.NumeroReferencia}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <EventLink row={row} />
              <Text size="sm">{erStatusName(row.Estado)}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {columns.date}: {row.FechaSolicitudDesc}
            </Text>
            <Group gap="xs">
              <AlertBadge row={row} />
              <Text size="sm">
                {columns.time}: {row.MetricsAlerts[0]?.TiempoNombre ?? '---'}
              </Text>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function Pager({ page, onMove }: { page: NoKpiPageData; onMove(position: NoKpiPosition): void }) {
  if (!page.PageBack && !page.PageNext) return null;
  return (
    <Group justify="flex-end" gap="sm">
      <Button
        variant="default"
        leftSection={<IconChevronLeft size={16} />}
        disabled={!page.PageBack || !page.FirstKey}
        onClick={() => page.FirstKey && onMove({ page: Math.max(1, page.PageNumber - 1), pageKey: `before:${page.FirstKey}` })}
      >
        Anterior
      </Button>
      <Text size="sm">Página {page.PageNumber}</Text>
      <Button
        variant="default"
        rightSection={<IconChevronRight size={16} />}
        disabled={!page.PageNext || !page.LastKey}
        onClick={() => page.LastKey && onMove({ page: page.PageNumber + 1, pageKey: `after:${page.LastKey}` })}
      >
        Siguiente
      </Button>
    </Group>
  );
}

/**
 * Eventos que no cumplen KPI's (platform spec §2 'No-KPI screen'): the card 'Eventos No KPI'
 * (this month's cases and the change against last month, docs/kpi.md), the 'Paises' dropdown
 * and the list 'Eventos que no cumplen' (a table, cards at 900 px or less). The first page comes
 * with the card (`getNoKpiMetrics`), the next ones from `getEventsNoKpi`.
 */
export function NoKpiPage() {
  const [country, setCountry] = useState<string | null>(null);
  const [position, setPosition] = useState<NoKpiPosition>(FIRST);
  const countries = useQuery(noKpiCountriesQuery());
  const card = useQuery(noKpiCardQuery(country));
  const paging = position !== FIRST;
  const other = useQuery({ ...noKpiPageQuery(country, position), enabled: paging });
  const compact = useCompactList();
  const headingId = useId();

  const page: NoKpiPageData | undefined = paging ? other.data : card.data;
  const failed = card.isError || (paging && other.isError);
  let list;
  if (failed) {
    list = (
      <LoadErrorPanel
        title={MSG.noKpi.loadFailed}
        onRetry={() => {
          void card.refetch();
          if (paging) void other.refetch();
        }}
      />
    );
  } else if (!page) {
    list = <Loader role="status" aria-label="Cargando eventos" />;
  } else if (page.list.length === 0) {
    list = <Text c="dimmed">{MSG.noKpi.empty}</Text>;
  } else {
    list = (
      <Stack gap="md">
        {compact ? <EventCards rows={page.list} labelledBy={headingId} /> : <EventTable rows={page.list} labelledBy={headingId} />}
        <Pager page={page} onMove={setPosition} />
      </Stack>
    );
  }

  return (
    <Page title={MSG.noKpi.title}>
      <Group align="stretch" gap="md" wrap="wrap">
        <Card withBorder padding="lg" miw={220} style={{ flex: compact ? '1 1 100%' : '0 0 260px' }} aria-label={MSG.noKpi.card}>
          <Stack gap={4}>
            <Text c="dimmed" size="sm" fw={600} tt="uppercase">
              {MSG.noKpi.card}
            </Text>
            <Group gap="sm" align="baseline">
              <Text fz={32} fw={700} data-testid="nokpi-count">
                {card.data ? card.data.cantReport.toLocaleString('es') : '—'}
              </Text>
              {card.data ? <PercentChange value={card.data.porcentaje} /> : null}
            </Group>
            <Text size="xs" c="dimmed">
              Este mes, {MSG.noKpi.vsLastMonth}
            </Text>
          </Stack>
        </Card>
        <Card withBorder padding="lg" style={{ flex: '1 1 260px' }}>
          <Select
            label={MSG.noKpi.countries}
            placeholder={MSG.noKpi.allCountries}
            clearable
            searchable
            data={(countries.data ?? []).map((option) => ({ value: option.Code, label: option.Name }))}
            value={country}
            onChange={(value) => {
              setCountry(value);
              setPosition(FIRST);
            }}
            maw={compact ? undefined : 360}
          />
        </Card>
      </Group>
      <Card withBorder padding={compact ? 'sm' : 'lg'}>
        <Stack gap="md">
          <Title order={2} fz="lg" id={headingId}>
            {MSG.noKpi.listTitle}
          </Title>
          {list}
        </Stack>
      </Card>
    </Page>
  );
}
