import { type Metric, MSG, type TimeOption } from '@atalaya/domain';
import { Badge, Card, Group, Loader, NativeSelect, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Page, LoadErrorPanel } from '../../shared/layout';
import { useCompactList } from '../../shared/list';
import { metricsQuery, timeOptionsQuery, useActiveMetric, useUpdateMetricTime } from './api';

interface MetricControlsProps {
  metric: Metric;
  options: readonly TimeOption[];
  /** Larger controls for fingers (the compact layout). */
  touch: boolean;
}

/** The time select and the active switch of one metric; each posts its change on its own. */
function useMetricControls({ metric, options, touch }: MetricControlsProps) {
  const updateTime = useUpdateMetricTime();
  const toggle = useActiveMetric();
  const size = touch ? 'md' : 'sm';
  const timeSelect = (
    <NativeSelect
      aria-label={`${MSG.metrics.timeLabel}: ${metric.Nombre}`}
      label={touch ? MSG.metrics.timeLabel : undefined}
      size={size}
      value={String(metric.TiempoId)}
      disabled={updateTime.isPending}
      data={options.map((option) => ({ value: String(option.Id), label: option.Nombre }))}
      onChange={(event) => {
        const tiempo = Number(event.currentTarget.value);
        const option = options.find((candidate) => candidate.Id === tiempo);
        if (option && tiempo !== metric.TiempoId) updateTime.mutate({ id: metric.MetricaId, tiempo, TiempoNombre: option.Nombre });
      }}
    />
  );
  const activeSwitch = (
    <Switch
      aria-label={`${MSG.metrics.activeLabel}: ${metric.Nombre}`}
      label={touch ? MSG.metrics.activeLabel : undefined}
      size={size}
      checked={metric.Activo}
      disabled={toggle.isPending}
      onChange={(event) => toggle.mutate({ ...metric, Activo: event.currentTarget.checked })}
    />
  );
  return { timeSelect, activeSwitch };
}

function MetricRow(props: MetricControlsProps) {
  const { timeSelect, activeSwitch } = useMetricControls(props);
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={500}>{props.metric.Nombre}</Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light">{props.metric.Siglas}</Badge>
      </Table.Td>
      <Table.Td w={180}>{timeSelect}</Table.Td>
      <Table.Td w={90}>{activeSwitch}</Table.Td>
    </Table.Tr>
  );
}

function MetricCard(props: MetricControlsProps) {
  const { timeSelect, activeSwitch } = useMetricControls(props);
  return (
    <Card withBorder padding="md" component="li" aria-label={props.metric.Nombre}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={500}>{props.metric.Nombre}</Text>
          <Badge variant="light">{props.metric.Siglas}</Badge>
        </Group>
        {timeSelect}
        {activeSwitch}
      </Stack>
    </Card>
  );
}

/** Metricas (platform spec §2 'Metrics screen'): the list 'Tiempos de notificación', a time option and an active switch per metric. */
export function MetricsPage() {
  const metrics = useQuery(metricsQuery());
  const options = useQuery(timeOptionsQuery());
  const compact = useCompactList();
  const headingId = useId();

  let content;
  if (metrics.isError || options.isError) {
    content = (
      <LoadErrorPanel
        title="No se pudieron cargar las métricas"
        onRetry={() => {
          void metrics.refetch();
          void options.refetch();
        }}
      />
    );
  } else if (!metrics.data || !options.data) {
    content = <Loader role="status" aria-label="Cargando métricas" />;
  } else if (metrics.data.length === 0) {
    content = <Text c="dimmed">{MSG.metrics.empty}</Text>;
  } else if (compact) {
    content = (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
        {metrics.data.map((metric) => (
          <MetricCard key={metric.MetricaId} metric={metric} options={options.data} touch />
        ))}
      </Stack>
    );
  } else {
    content = (
      <Table verticalSpacing="sm" highlightOnHover aria-labelledby={headingId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Métrica</Table.Th>
            <Table.Th>Siglas</Table.Th>
            <Table.Th>{MSG.metrics.timeLabel}</Table.Th>
            <Table.Th>{MSG.metrics.activeLabel}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {metrics.data.map((metric) => (
            <MetricRow key={metric.MetricaId} metric={metric} options={options.data} touch={false} />
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  return (
    <Page title={MSG.metrics.title}>
      <Card withBorder padding={compact ? 'sm' : 'lg'} maw={960}>
        <Stack gap="md">
          <Title order={2} fz="lg" id={headingId}>
            {MSG.metrics.listTitle}
          </Title>
          {content}
        </Stack>
      </Card>
    </Page>
  );
}
