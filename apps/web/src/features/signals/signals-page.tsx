import '@mantine/charts/styles.css';
import { can, queryStringOf, SIGNAL_MSG, type SignalOptions, type SignalRowDto, type SignalStatistics } from '@atalaya/domain';
import { LineChart, ScatterChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconFileSpreadsheet, IconFileText, IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api';
import { Page } from '../../shared/layout';
import { ListError } from '../../shared/list';
import { useSession } from '../../shared/session';
import { OpenSignalButton, SignalRegister } from '../signal-register';
import { downloadSignals, icHistoryQuery, signalOptionsQuery, signalTableQuery } from './api';
import {
  caseSearchPath,
  DEFAULT_SCREEN,
  EMPTY_FILTERS,
  flagsOf,
  formatInterval,
  formatMeasure,
  icHistoryParams,
  nextOrder,
  periodError,
  type SignalFiltersQuery,
  type SignalFilterState,
  type SignalOrder,
  type SignalScreenState,
  type SignalSort,
  type SignalTab,
  signalParams,
  signalStateFromParams,
  signalStateToParams,
  type Stratum,
  volcanoPoints,
} from './signal-params';

const PAGE_SIZE = 100;

type Option = { value: string; label: string };
const toOptions = (items: readonly { Id: number; Nombre: string }[]): Option[] => items.map((item) => ({ value: String(item.Id), label: item.Nombre }));
const idOf = (value: string | null): number | null => (value ? Number(value) : null);

interface FiltersFormProps {
  options: SignalOptions | undefined;
  value: SignalFilterState;
  onChange: (next: SignalFilterState) => void;
  onApply: () => void;
  onClear: () => void;
  countryFixed: boolean;
  busy: boolean;
}

/** The filters: period, country, laboratory, drug (by ingredient or product), SOC or PT, seriousness, strata. */
function FiltersForm({ options, value, onChange, onApply, onClear, countryFixed, busy }: FiltersFormProps) {
  const error = periodError(value);
  const set = <K extends keyof SignalFilterState>(key: K, next: SignalFilterState[K]) => onChange({ ...value, [key]: next });
  const drugs = useMemo(() => toOptions(value.farmaco === 'producto' ? (options?.Productos ?? []) : (options?.Principios ?? [])), [options, value.farmaco]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!error) onApply();
  };
  const common = { searchable: true, clearable: true, limit: 50, comboboxProps: { withinPortal: true }, nothingFoundMessage: 'Sin coincidencias' } as const;
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-label="Filtros de señales">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <TextInput label="Desde (mes)" placeholder="AAAA-MM" value={value.desde} onChange={(e) => set('desde', e.currentTarget.value.trim())} maxLength={7} error={error && value.desde ? error : undefined} />
          <TextInput label="Hasta (mes)" placeholder="AAAA-MM" value={value.hasta} onChange={(e) => set('hasta', e.currentTarget.value.trim())} maxLength={7} error={error && !value.desde ? error : undefined} />
          <Select
            label="País"
            placeholder={countryFixed ? 'Su país' : 'Todos'}
            data={(options?.Paises ?? []).map((c) => ({ value: c.Codigo, label: c.Nombre }))}
            value={value.pais}
            onChange={(pais) => set('pais', pais)}
            disabled={countryFixed}
            {...common}
          />
          <Select label="Laboratorio" placeholder="Todos" data={toOptions(options?.Laboratorios ?? [])} value={value.laboratorio === null ? null : String(value.laboratorio)} onChange={(v) => set('laboratorio', idOf(v))} {...common} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="signals-drug-kind">
              Fármaco por
            </Text>
            <SegmentedControl
              aria-labelledby="signals-drug-kind"
              data={[
                { value: 'principio', label: 'Principio activo' },
                { value: 'producto', label: 'Producto' },
              ]}
              value={value.farmaco}
              onChange={(farmaco) => onChange({ ...value, farmaco: farmaco === 'producto' ? 'producto' : 'principio', drug: null })}
              fullWidth
            />
          </Stack>
          <Select
            label={value.farmaco === 'producto' ? 'Producto' : 'Principio activo'}
            placeholder="Todos"
            data={drugs}
            value={value.drug === null ? null : String(value.drug)}
            onChange={(v) => set('drug', idOf(v))}
            {...common}
          />
          <Select label="SOC" placeholder="Todos" data={toOptions(options?.Socs ?? [])} value={value.soc === null ? null : String(value.soc)} onChange={(v) => onChange({ ...value, soc: idOf(v), pt: null })} {...common} />
          <Select label="PT" placeholder="Todos" data={toOptions(options?.Pts ?? [])} value={value.pt === null ? null : String(value.pt)} onChange={(v) => onChange({ ...value, pt: idOf(v), soc: null })} {...common} />
          <Select
            label="Gravedad"
            data={[
              { value: '', label: 'Todos los casos' },
              { value: 'si', label: 'Solo graves' },
              { value: 'no', label: 'Solo no graves' },
            ]}
            value={value.grave}
            onChange={(v) => set('grave', v === 'si' || v === 'no' ? v : '')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Checkbox
            label="Incluir concomitantes"
            description="Por defecto, solo fármacos sospechosos o interactuantes"
            checked={value.concomitantes}
            onChange={(e) => set('concomitantes', e.currentTarget.checked)}
            mt={{ base: 0, md: 'lg' }}
          />
          <Checkbox.Group label="Estratificar (E por estratos)" value={[...value.estratos]} onChange={(v) => set('estratos', v as Stratum[])}>
            <Group gap="sm" mt={6}>
              <Checkbox value="sexo" label="Sexo" />
              <Checkbox value="edad" label="Grupo de edad" />
              <Checkbox value="pais" label="País" />
            </Group>
          </Checkbox.Group>
        </SimpleGrid>
        <Group gap="sm">
          <Button type="submit" color="teal" leftSection={<IconSearch size={18} />} loading={busy} disabled={Boolean(error)}>
            Aplicar filtros
          </Button>
          <Button variant="default" onClick={onClear}>
            Limpiar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const COLUMNS: { key: string; header: string; sort?: SignalSort }[] = [
  { key: 'farmaco', header: 'Fármaco', sort: 'farmaco' },
  { key: 'pt', header: 'PT', sort: 'pt' },
  { key: 'a', header: 'a', sort: 'a' },
  { key: 'b', header: 'b' },
  { key: 'c', header: 'c' },
  { key: 'd', header: 'd' },
  { key: 'e', header: 'E', sort: 'e' },
  { key: 'prr', header: 'PRR (IC 95 %)', sort: 'prr' },
  { key: 'ror', header: 'ROR (IC 95 %)', sort: 'ror' },
  { key: 'chi2', header: 'χ²', sort: 'chi2' },
  { key: 'ic', header: 'IC (IC025–IC975)', sort: 'ic' },
  { key: 'ic025', header: 'IC025', sort: 'ic025' },
  { key: 'ebgm', header: 'EBGM (EB05–EB95)', sort: 'ebgm' },
  { key: 'eb05', header: 'EB05', sort: 'eb05' },
  { key: 'flags', header: 'Señales' },
  { key: 'chart', header: 'Gráfico' },
];

function SortHeader({ header, sort, order, onSort }: { header: string; sort: SignalSort; order: SignalOrder; onSort: (column: SignalSort) => void }) {
  const active = order.orden === sort;
  const Icon = !active ? IconArrowsSort : order.dir === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <UnstyledButton onClick={() => onSort(sort)} aria-label={`Ordenar por ${header}`} style={{ whiteSpace: 'nowrap' }}>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={700}>
          {header}
        </Text>
        <Icon size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

interface SignalTableViewProps {
  rows: readonly SignalRowDto[];
  order: SignalOrder;
  onSort: (column: SignalSort) => void;
  filters: SignalFilterState;
  countryId: number | null;
  selected: SignalRowDto | null;
  onSelect: (row: SignalRowDto) => void;
}

function SignalTableView({ rows, order, onSort, filters, countryId, selected, onSelect }: SignalTableViewProps) {
  const num = (value: number) => <Table.Td ta="right">{value.toLocaleString('es-UY')}</Table.Td>;
  return (
    <Table.ScrollContainer minWidth={1500} data-testid="signals-table-frame">
      <Table striped highlightOnHover withTableBorder verticalSpacing="xs" aria-label="Tabla de desproporcionalidad">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th
                key={column.key}
                aria-sort={column.sort && order.orden === column.sort ? (order.dir === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                {column.sort ? <SortHeader header={column.header} sort={column.sort} order={order} onSort={onSort} /> : column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const flags = flagsOf(row);
            const isSelected = selected?.FarmacoId === row.FarmacoId && selected.PtCodigo === row.PtCodigo;
            return (
              <Table.Tr key={`${row.FarmacoId}-${row.PtCodigo}`} data-testid="signal-row" data-flagged={flags.length > 0 ? 'true' : 'false'} bg={isSelected ? 'teal.0' : undefined}>
                <Table.Td>{row.Farmaco}</Table.Td>
                <Table.Td>{row.Pt}</Table.Td>
                <Table.Td ta="right">
                  <Anchor component={Link} to={caseSearchPath(row, filters, countryId)} fw={700} aria-label={`Ver los ${row.A} casos de ${row.Farmaco} × ${row.Pt}`}>
                    {row.A}
                  </Anchor>
                </Table.Td>
                {num(row.B)}
                {num(row.C)}
                {num(row.D)}
                <Table.Td ta="right">{formatMeasure(row.E)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatInterval(row.PRR, row.PRRInf, row.PRRSup)}
                  {row.Haldane ? (
                    // A plain marker, not a Badge: a Badge's label clips its overflow, so the table
                    // left it out of the column's width and it lay over the ROR column.
                    <Text component="span" size="xs" fw={700} c="dark.7" bg="orange.1" ml={6} px={6} py={2} title={SIGNAL_MSG.haldane} style={{ borderRadius: 4 }}>
                      Haldane
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInterval(row.ROR, row.RORInf, row.RORSup)}</Table.Td>
                <Table.Td ta="right">{formatMeasure(row.Chi2)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInterval(row.IC, row.IC025, row.IC975)}</Table.Td>
                <Table.Td ta="right">{formatMeasure(row.IC025)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInterval(row.EBGM, row.EB05, row.EB95)}</Table.Td>
                <Table.Td ta="right">{formatMeasure(row.EB05)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {/* A badge keeps its width (the table scrolls in its frame): squeezed by wide intervals, a third flag once shrank to nothing. */}
                    {flags.map((flag) => (
                      <Badge key={flag} color="red" variant="light" radius="sm" style={{ textTransform: 'none', flexShrink: 0 }}>
                        {flag}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant={isSelected ? 'filled' : 'light'} color="teal" onClick={() => onSelect(row)} aria-label={`IC por trimestre de ${row.Farmaco} × ${row.Pt}`}>
                    IC
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One pair's IC with IC025–IC975, cumulative by quarter. */
/** The row as the register keeps it at opening (its statistics, as the table showed them). */
function signalStatistics(row: SignalRowDto): SignalStatistics {
  const { FarmacoId: _drug, Farmaco: _drugName, PtCodigo: _pt, Pt: _ptName, ...statistics } = row;
  return statistics;
}

function IcHistoryChart({ filters, row, canOpenSignal }: { filters: SignalFilterState; row: SignalRowDto; canOpenSignal: boolean }) {
  const query = useQuery(icHistoryQuery(icHistoryParams(filters, row)));
  const data = (query.data?.Trimestres ?? []).map((q) => ({ trimestre: q.Trimestre, IC: round(q.IC), IC025: round(q.IC025), IC975: round(q.IC975) }));
  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="signals-ic-title">
      <Stack gap="xs">
        <Title order={2} fz="lg" id="signals-ic-title">
          IC acumulado por trimestre
        </Title>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed">{`${row.Farmaco} × ${row.Pt}`}</Text>
          {canOpenSignal ? (
            <OpenSignalButton
              pair={{ TipoFarmaco: filters.farmaco, FarmacoId: row.FarmacoId, PtCodigo: row.PtCodigo, Farmaco: row.Farmaco, Pt: row.Pt }}
              statistics={signalStatistics(row)}
            />
          ) : null}
        </Group>
        {query.isPending ? <Loader color="teal" type="dots" role="status" aria-label="Cargando IC por trimestre" /> : null}
        {query.isError ? <Text c="red">No se pudo cargar el IC por trimestre.</Text> : null}
        {query.data && data.length === 0 ? <Text c="dimmed">Sin casos en el período.</Text> : null}
        {data.length > 0 ? (
          <LineChart
            h={260}
            data={data}
            dataKey="trimestre"
            series={[
              { name: 'IC975', color: 'gray.5', label: 'IC975' },
              { name: 'IC', color: 'teal.7', label: 'IC' },
              { name: 'IC025', color: 'gray.5', label: 'IC025' },
            ]}
            withLegend
            referenceLines={[{ y: 0, color: 'red.6', label: '0' }]}
            curveType="linear"
            aria-label="Gráfico del IC por trimestre"
          />
        ) : null}
      </Stack>
    </Card>
  );
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** The volcano of the rows loaded: IC against a, pairs with IC025 > 0 in red. */
function VolcanoChart({ rows }: { rows: readonly SignalRowDto[] }) {
  const { flagged, others } = useMemo(() => volcanoPoints(rows), [rows]);
  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="signals-volcano-title">
      <Stack gap="xs">
        <Title order={2} fz="lg" id="signals-volcano-title">
          Volcán: IC frente a a
        </Title>
        <Text size="sm" c="dimmed">{`Los ${rows.length.toLocaleString('es-UY')} pares cargados; en rojo, IC025 > 0.`}</Text>
        {rows.length > 0 ? (
          <ScatterChart
            h={260}
            data={[
              { color: 'red.6', name: 'IC025 > 0', data: flagged.map(({ x, y }) => ({ x, y })) },
              { color: 'gray.5', name: 'Resto', data: others.map(({ x, y }) => ({ x, y })) },
            ]}
            dataKey={{ x: 'x', y: 'y' }}
            xAxisLabel="a (casos)"
            yAxisLabel="IC"
            withLegend
            aria-label="Gráfico de volcán"
          />
        ) : (
          <Text c="dimmed">Sin pares.</Text>
        )}
      </Stack>
    </Card>
  );
}

function ExportButtons({ query, disabled }: { query: SignalFiltersQuery; disabled: boolean }) {
  const [busy, setBusy] = useState<'xlsx' | 'csv' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (formato: 'xlsx' | 'csv') => {
    setBusy(formato);
    setError(null);
    try {
      await downloadSignals(query, formato);
    } catch (failure) {
      setError(isApiError(failure) && failure.body?.Message ? failure.body.Message : 'No se pudo exportar la tabla.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap={4} align="flex-end">
      <Group gap="xs">
        <Button variant="light" leftSection={<IconFileSpreadsheet size={18} />} loading={busy === 'xlsx'} disabled={disabled || busy !== null} onClick={() => void run('xlsx')}>
          Exportar xlsx
        </Button>
        <Button variant="light" leftSection={<IconFileText size={18} />} loading={busy === 'csv'} disabled={disabled || busy !== null} onClick={() => void run('csv')}>
          Exportar CSV
        </Button>
      </Group>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The 'Tabla' tab: filters, the disproportionality table, its export and the two charts; its state is the URL's. */
function SignalsTableTab({ state, onState }: { state: SignalScreenState; onState: (next: SignalScreenState, replace?: boolean) => void }) {
  const { user } = useSession();
  const countryFixed = user?.Rol === 'RLF';
  const options = useQuery(signalOptionsQuery());
  const applied = state.filters;
  const order = state.order;
  const [draft, setDraft] = useState<SignalFilterState>(applied);
  const exportQuery = signalParams(applied, order);
  // Back or a link changes the applied filters under the form: the form follows (adjusted while rendering).
  const appliedKey = queryStringOf(exportQuery);
  const [shown, setShown] = useState(appliedKey);
  if (shown !== appliedKey) {
    setShown(appliedKey);
    setDraft(applied);
  }
  const tableQuery = { ...exportQuery, limite: String(PAGE_SIZE) };
  const table = useInfiniteQuery(signalTableQuery(tableQuery, true));
  const rows = useMemo(() => table.data?.pages.flatMap((page) => page.Filas) ?? [], [table.data]);
  const loadedPages = table.data?.pages.length ?? 0;
  // A URL of several pages ('Cargar más' before a reload or Back) loads them again, one after another.
  useEffect(() => {
    if (loadedPages > 0 && loadedPages < state.pages && table.hasNextPage && !table.isFetchingNextPage && !table.isError) void table.fetchNextPage();
  }, [loadedPages, state.pages, table]);
  const first = table.data?.pages[0];
  const countryId = applied.pais ? (options.data?.Paises.find((c) => c.Codigo === applied.pais)?.Id ?? null) : null;
  const pair = state.pair;
  const chartRow = (pair ? rows.find((row) => row.FarmacoId === pair.drug && row.PtCodigo === pair.pt) : undefined) ?? rows[0] ?? null;
  const apply = () => onState({ ...state, filters: draft, pages: 1, pair: null });
  const setOrder = (next: SignalOrder) => onState({ ...state, order: next, pages: 1 });
  const setSelected = (row: SignalRowDto) => onState({ ...state, pair: { drug: row.FarmacoId, pt: row.PtCodigo } }, true);
  const failure = table.error;
  const failureText = isApiError(failure) && failure.body?.Message ? failure.body.Message : 'No se pudo cargar la tabla de señales.';

  return (
    <Stack gap="md" pt="md">
      <FiltersForm
        options={options.data}
        value={draft}
        onChange={setDraft}
        onApply={apply}
        onClear={() => {
          setDraft(EMPTY_FILTERS);
          onState({ ...DEFAULT_SCREEN, tab: state.tab });
        }}
        countryFixed={countryFixed}
        busy={table.isFetching}
      />
      <Card withBorder radius="md" p="md" component="section" aria-labelledby="signals-table-title">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" gap="sm">
            <Stack gap={2}>
              <Title order={2} fz="lg" id="signals-table-title">
                Pares fármaco × PT
              </Title>
              {first ? (
                <Text size="sm" c="dimmed" data-testid="signals-summary">
                  {`${first.Total.toLocaleString('es-UY')} pares · N = ${first.Casos.toLocaleString('es-UY')} casos · ${rows.length.toLocaleString('es-UY')} mostrados`}
                </Text>
              ) : null}
            </Stack>
            <ExportButtons query={exportQuery} disabled={!first || first.Total === 0} />
          </Group>
          {rows.some((row) => row.Haldane) ? (
            <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />} p="xs">
              {SIGNAL_MSG.haldane}
            </Alert>
          ) : null}
          {table.isError ? <ListError message={failureText} onRetry={() => void table.refetch()} /> : null}
          {table.isPending ? <Loader color="teal" type="dots" role="status" aria-label="Cargando tabla de señales" /> : null}
          {first && first.Total === 0 ? <Text c="dimmed">No hay pares fármaco × PT con estos filtros.</Text> : null}
          {rows.length > 0 ? (
            <SignalTableView
              rows={rows}
              order={order}
              onSort={(column) => setOrder(nextOrder(order, column))}
              filters={applied}
              countryId={countryId}
              selected={chartRow}
              onSelect={setSelected}
            />
          ) : null}
          {table.hasNextPage ? (
            <Button variant="default" onClick={() => onState({ ...state, pages: loadedPages + 1 }, true)} loading={table.isFetchingNextPage} w="fit-content">
              Cargar más
            </Button>
          ) : null}
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {chartRow ? <IcHistoryChart filters={applied} row={chartRow} canOpenSignal={!countryFixed} /> : null}
        <VolcanoChart rows={rows} />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Señales (issue 32; docs/signals.md 'The screen'): QPPV and CL over the whole database, an RLF
 * over its country. Tabs: 'Tabla' (the disproportionality table, where the selected pair can be
 * opened as a signal) and, for QPPV and CL, 'Registro de señales' (features/signal-register).
 */
export function SignalsPage() {
  const { user } = useSession();
  // The register is the QPPV's and CL's (docs/signals.md 'Gestión de señales'); an RLF has the table.
  const register = can(user, 'signalRegister.use');
  const [params, setParams] = useSearchParams();
  const state = signalStateFromParams(params);
  const tab: SignalTab = register ? state.tab : 'tabla';
  const onState = (next: SignalScreenState, replace = false) => setParams(signalStateToParams(next), { replace });
  return (
    <Page title={SIGNAL_MSG.title} description="Desproporcionalidad por par fármaco × PT: PRR, ROR, χ², IC y EBGM con sus intervalos.">
      <Tabs value={tab} onChange={(value) => onState({ ...state, tab: value === 'registro' ? 'registro' : 'tabla' })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="tabla">Tabla</Tabs.Tab>
          {register ? <Tabs.Tab value="registro">Registro de señales</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="tabla">
          <SignalsTableTab state={state} onState={onState} />
        </Tabs.Panel>
        {register ? (
          <Tabs.Panel value="registro" pt="md">
            <SignalRegister />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Page>
  );
}
