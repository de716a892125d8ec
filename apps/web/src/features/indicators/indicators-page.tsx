import '@mantine/charts/styles.css';
import { type IndicatorSeriesItem, type IndicatorValues, MSG, percentChange, seriesColor, statusColor } from '@atalaya/domain';
import { BarChart, PieChart } from '@mantine/charts';
import { Card, Group, Loader, NativeSelect, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadErrorPanel, Page } from '../../shared/layout';
import { usePhone } from '../../shared/list';
import {
  type IndicatorFilters,
  indicatorCountriesQuery,
  indicatorLaboratoriesQuery,
  indicatorSeriesQuery,
  indicatorValuesQuery,
} from './api';
import { ChartPanel } from './chart-panel';

const ALL = '';

/** One counter card: the count of reports and its change against the period before. */
function CounterCard({ label, value, previous }: { label: string; value: number; previous: number }) {
  const change = percentChange(value, previous);
  return (
    <Card withBorder padding="md" component="li" aria-label={label} data-testid="indicator-card">
      <Text size="sm" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Group justify="space-between" align="flex-end" mt="xs">
        <div>
          <Text fz={32} fw={700} lh={1} data-testid="indicator-card-value">
            {value.toLocaleString('es')}
          </Text>
          <Text size="sm" c="dimmed">
            {MSG.indicators.reports}
          </Text>
        </div>
        {change !== null && change !== 0 ? (
          <Group gap={2} c={change > 0 ? 'teal.9' : 'red.9'}>
            <VisuallyHidden>{`${change > 0 ? 'Aumento' : 'Descenso'} de ${Math.abs(change)} % respecto del período anterior`}</VisuallyHidden>
            {change > 0 ? <IconArrowUpRight size={18} aria-hidden /> : <IconArrowDownRight size={18} aria-hidden />}
            <Text fw={700} c="inherit" aria-hidden>
              {change > 0 ? '+' : ''}
              {change} %
            </Text>
          </Group>
        ) : null}
      </Group>
    </Card>
  );
}

function Cards({ values }: { values: IndicatorValues }) {
  return (
    <SimpleGrid component="ul" cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Reportes por período">
      <CounterCard label={MSG.indicators.cards.lastMonth} value={values.UltimoMes} previous={values.PenultimoMes} />
      <CounterCard label={MSG.indicators.cards.thisMonth} value={values.EsteMes} previous={values.UltimoMes} />
      <CounterCard label={MSG.indicators.cards.lastWeek} value={values.UltimaSemana} previous={values.PenultimaSemana} />
      <CounterCard label={MSG.indicators.cards.thisWeek} value={values.EstaSemana} previous={values.UltimaSemana} />
    </SimpleGrid>
  );
}

const allZero = (series: IndicatorSeriesItem[]) => series.every((item) => item.Total === 0);

function StatusChart({ series }: { series: IndicatorSeriesItem[] }) {
  const data = series.filter((item) => item.Total > 0).map((item) => ({ name: item.Name, value: item.Total, color: statusColor(item.ID) }));
  return (
    <ChartPanel
      title={MSG.indicators.byStatus}
      fileStem="indicadores-por-estado"
      header={[MSG.indicators.columnName, MSG.indicators.columnTotal]}
      rows={series.map((item) => [item.Name, item.Total])}
      empty={allZero(series)}
    >
      <Stack align="center" gap="sm">
        <PieChart data={data} withTooltip tooltipDataSource="segment" size={220} strokeWidth={1} />
        <Group gap="sm" justify="center">
          {data.map((cell) => (
            <Group key={cell.name} gap={4} wrap="nowrap">
              <span style={{ width: 12, height: 12, borderRadius: 2, background: cell.color, display: 'inline-block' }} />
              <Text size="xs">
                {cell.name} ({cell.value})
              </Text>
            </Group>
          ))}
        </Group>
      </Stack>
    </ChartPanel>
  );
}

function ColumnChart({ title, fileStem, series, color }: { title: string; fileStem: string; series: IndicatorSeriesItem[]; color: string }) {
  return (
    <ChartPanel
      title={title}
      fileStem={fileStem}
      header={[MSG.indicators.columnName, MSG.indicators.columnTotal]}
      rows={series.map((item) => [item.Name, item.Total])}
      empty={allZero(series)}
    >
      <BarChart
        h={260}
        data={series.map((item) => ({ name: item.Name, [MSG.indicators.columnTotal]: item.Total }))}
        dataKey="name"
        series={[{ name: MSG.indicators.columnTotal, color }]}
        withBarValueLabel
        tickLine="y"
        xAxisProps={{ interval: 0, tick: { fontSize: 11 } }}
        yAxisProps={{ allowDecimals: false }}
      />
    </ChartPanel>
  );
}

function TypeChart({ series }: { series: IndicatorSeriesItem[] }) {
  const rows = series.flatMap((group) => group.SubGrupo.map((sub) => [group.Name, sub.Name, sub.Total] as const));
  return (
    <ChartPanel
      title={MSG.indicators.byType}
      fileStem="indicadores-por-tipo-de-reporte"
      header={['Grupo', MSG.indicators.columnSubGroup, MSG.indicators.columnTotal]}
      rows={rows}
      empty={allZero(series)}
    >
      {/* Columns, as the spec draws it (platform spec: 'a column chart Por tipo de reporte'): the groups along the bottom, their names slanted to fit a phone. */}
      <BarChart
        h={320}
        data={series.map((item) => ({ name: item.Name, [MSG.indicators.columnTotal]: item.Total }))}
        dataKey="name"
        series={[{ name: MSG.indicators.columnTotal, color: seriesColor(1) }]}
        withBarValueLabel
        tickLine="y"
        xAxisProps={{ interval: 0, angle: -25, textAnchor: 'end', height: 90, tick: { fontSize: 11 } }}
        yAxisProps={{ allowDecimals: false }}
      />
    </ChartPanel>
  );
}

function Filters({ filters, onChange }: { filters: IndicatorFilters; onChange: (filters: IndicatorFilters) => void }) {
  const countries = useQuery(indicatorCountriesQuery());
  const laboratories = useQuery(indicatorLaboratoriesQuery(filters.pais));
  return (
    <Group gap="md" align="flex-end" grow={false} wrap="wrap">
      <NativeSelect
        label={MSG.indicators.countryLabel}
        miw={220}
        value={filters.pais ?? ALL}
        disabled={!countries.data}
        data={[{ value: ALL, label: MSG.indicators.allCountries }, ...(countries.data ?? []).map((country) => ({ value: country.Code, label: country.Name }))]}
        onChange={(event) => onChange({ pais: event.currentTarget.value || null, laboratorio: null })}
      />
      <NativeSelect
        label={MSG.indicators.laboratoryLabel}
        miw={260}
        value={filters.laboratorio === null ? ALL : String(filters.laboratorio)}
        disabled={filters.pais === null || !laboratories.data}
        data={[{ value: ALL, label: MSG.indicators.allLaboratories }, ...(laboratories.data ?? []).map((lab) => ({ value: String(lab.Id), label: lab.Name }))]}
        onChange={(event) => onChange({ ...filters, laboratorio: event.currentTarget.value ? Number(event.currentTarget.value) : null })}
      />
    </Group>
  );
}

/**
 * Indicadores (platform spec §2 'Indicators screen'): country and laboratory filters, the four
 * counter cards, the pie 'Por estado' and the columns 'Por edad' and 'Por tipo de reporte'.
 * What a report counts and the periods: docs/indicators.md. One column on a phone.
 */
export function IndicatorsPage() {
  const [filters, setFilters] = useState<IndicatorFilters>({ pais: null, laboratorio: null });
  const phone = usePhone();
  const values = useQuery(indicatorValuesQuery(filters));
  const statuses = useQuery(indicatorSeriesQuery('getIndicatorsEventsStatus', filters));
  const ages = useQuery(indicatorSeriesQuery('getIndicatorsEventsAges', filters));
  const types = useQuery(indicatorSeriesQuery('getIndicatorsEventsTypeGroup', filters));
  const failed = [values, statuses, ages, types].some((query) => query.isError);

  return (
    <Page title={MSG.indicators.title}>
      <Filters filters={filters} onChange={setFilters} />
      {failed ? (
        <LoadErrorPanel
          title="No se pudieron cargar los indicadores"
          onRetry={() => {
            for (const query of [values, statuses, ages, types]) void query.refetch();
          }}
        />
      ) : (
        <>
          {values.data ? <Cards values={values.data} /> : <Loader role="status" aria-label="Cargando indicadores" />}
          <SimpleGrid cols={phone ? 1 : { base: 1, md: 2, xl: 3 }} spacing="md">
            {statuses.data ? <StatusChart series={statuses.data} /> : <Loader role="status" aria-label="Cargando el gráfico por estado" />}
            {ages.data ? (
              <ColumnChart title={MSG.indicators.byAge} fileStem="indicadores-por-edad" series={ages.data} color={seriesColor(0)} />
            ) : (
              <Loader role="status" aria-label="Cargando el gráfico por edad" />
            )}
            {types.data ? <TypeChart series={types.data} /> : <Loader role="status" aria-label="Cargando el gráfico por tipo de reporte" />}
          </SimpleGrid>
        </>
      )}
    </Page>
  );
}
