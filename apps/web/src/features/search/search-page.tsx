import { formatTotal, pageKeyText, SEARCH_ORDER_COLUMNS, type PageRequest, type SearchRow } from '@atalaya/domain';
import { Badge, Button, Group, Select, Stack, Title } from '@mantine/core';
import { canUseE2b } from '@atalaya/domain';
import { IconArrowLeft, IconFilter, IconFilterOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../shared/layout';
import { DateText } from '../../shared/display';
import { CASE_CELLS, CaseCard, PagedTable, usePhone, type ListColumn } from '../../shared/list';
import { useSession } from '../../shared/session';
import { CommentsModal } from '../case-workflow';
import type { CaseRef } from '../cases';
import { FollowUpsModal } from '../follow-up';
import { filtersQuery, myUserQuery, searchResultsQuery } from './api';
import { criteriaOf, defaultCountryId, searchRequestOf, searchStateFromParams, searchStateToParams, type Filters, type SearchState } from './criteria';
import { E2bBatchBar, SelectCaseCheckbox, useCaseSelection, type SelectedCase } from './e2b-batch';
import { ExportButton } from './export-button';
import { SearchFiltersForm, type SearchLayout } from './search-filters';
import { SEARCH_CARD_EXTRA, SEARCH_COLUMNS, SEARCH_TABLE_MIN_WIDTH, type SearchColumnKey } from './result-columns';
import { SearchRowActions } from './search-row-actions';

/** The screen's title (event spec §2.5) and the list's ('Eventos reportables'). */
export const SEARCH_TITLE = 'Ver eventos reportables';
export const RESULTS_TITLE = 'Eventos reportables';

const ORDER_LABELS: Record<(typeof SEARCH_ORDER_COLUMNS)[number], string> = {
  FechaSolicitud: 'Actualizado',
  FechaCreacion: 'Creado',
  NumeroReferencia: 'Identificador',
  Estado: 'Estado',
  Pais: 'País',
};

const ORDER_OPTIONS = SEARCH_ORDER_COLUMNS.flatMap((column) => [
  { value: `${column} DESC`, label: `${ORDER_LABELS[column]} (descendente)` },
  { value: `${column} ASC`, label: `${ORDER_LABELS[column]} (ascendente)` },
]);

const dash = (value: string | null | undefined) => (value?.trim() ? value : '---');

/** The content of each result column (the keys and headers are `result-columns.ts`). */
const CELLS: Record<SearchColumnKey, (row: SearchRow) => ReactNode> = {
  flag: CASE_CELLS.flag,
  identifier: CASE_CELLS.identifier,
  created: (row) => <DateText value={row.FechaCreacion} withTime />,
  country: CASE_CELLS.country,
  company: CASE_CELLS.company,
  group: (row) => dash(row.Grupo),
  reportType: (row) => dash(row.TipoReporte),
  product: CASE_CELLS.product,
  pActive: (row) => dash(row.pActive),
  ramType: CASE_CELLS.ramType,
  updated: CASE_CELLS.updated,
  historic: CASE_CELLS.historic,
  reactions: (row) => dash(row.EventosAdversos.map((reaction) => reaction.Reaccion ?? '').filter(Boolean).join(', ')),
};

const NOWRAP = new Set<SearchColumnKey>(['identifier', 'created', 'updated']);

const COLUMNS: ListColumn<SearchRow>[] = SEARCH_COLUMNS.map(({ key, header }) => ({ key, header, cell: CELLS[key], nowrap: NOWRAP.has(key) }));

/** A card: the search variant's fields, then the rest of §2.5's columns. */
const cardExtra = (row: SearchRow) =>
  SEARCH_CARD_EXTRA.map((key) => ({ key, label: SEARCH_COLUMNS.find((column) => column.key === key)?.header ?? key, value: CELLS[key](row) }));

const refOf = (row: SearchRow): CaseRef => ({ Meta: row.Meta, NumeroReferencia: row.NumeroReferencia });
const selectedOf = (row: SearchRow): SelectedCase => ({ meta: row.Meta, reference: row.NumeroReferencia });

/**
 * The event search (`/eventsearch`) and the product search (`/productSearch`, the alternate
 * filter layout), event spec §2.5. The search that is listed lives in the URL (filters, order,
 * page and its key): Buscar and the pager push it, so Back, reload and a shared link give the
 * same list. A URL with no search yet starts from the default country.
 */
export function SearchPage({ layout }: { layout: SearchLayout }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const lists = useQuery(filtersQuery());
  const me = useQuery(myUserQuery());
  const countryFixed = user?.Rol === 'RLF';
  // Known once the lists (and the user's laboratories) are in; an RLF needs only the lists.
  const defaultsReady = Boolean(lists.data && (countryFixed || me.data || me.isError));
  const startCountry =
    lists.data && user && defaultsReady
      ? defaultCountryId(lists.data.Paises, user, me.data?.Laboratories ?? [])
      : undefined;

  const paramsText = params.toString();
  const listed: SearchState = useMemo(() => {
    const state = searchStateFromParams(new URLSearchParams(paramsText));
    // An RLF searches its own country whatever the URL says (the server enforces it too).
    if (countryFixed && startCountry !== undefined && state.filters.PaisId !== startCountry) {
      return { ...state, filters: { ...state.filters, PaisId: startCountry } };
    }
    return state;
  }, [paramsText, countryFixed, startCountry]);
  const started = params.has('pageNumber');

  // The form edits a draft of the listed filters; a change of URL from outside (Back, a link)
  // resets it. The URL this page pushed itself does not (the form's Buscar, the first search
  // below): what was typed before that navigation rendered (a slow device) stays in the form
  // instead of being lost. Declared before the first search's effect, which runs after it.
  const [draft, setDraft] = useState<Filters>(listed.filters);
  const pushedByForm = useRef<string | null>(null);
  useEffect(() => {
    const own = pushedByForm.current === paramsText;
    pushedByForm.current = null;
    if (!own) setDraft(listed.filters);
  }, [listed.filters, paramsText]);

  // No search in the URL yet: start from the default country (UY, or the RLF's own), under
  // whatever was already typed in the form.
  useEffect(() => {
    if (started || !defaultsReady) return;
    const filters: Filters = startCountry === undefined ? {} : { PaisId: startCountry };
    const next = searchStateToParams({ ...listed, filters, pageNumber: 1, pageKey: undefined });
    pushedByForm.current = next.toString();
    setDraft((typed) => ({ ...filters, ...typed }));
    setParams(next, { replace: true });
  }, [started, defaultsReady, startCountry, listed, setParams]);
  const [filtersShown, setFiltersShown] = useState(true);
  const phone = usePhone();

  const request = useMemo(() => searchRequestOf(listed), [listed]);
  const results = useQuery(searchResultsQuery(request, started && (!countryFixed || startCountry !== undefined)));
  const [commentsOf, setCommentsOf] = useState<CaseRef | null>(null);
  const [followUpsOf, setFollowUpsOf] = useState<CaseRef | null>(null);
  // QPPV and RLF tick cases for the E2B batch export (docs/e2b.md).
  const selecting = canUseE2b(user?.Rol);
  const selection = useCaseSelection();

  const go = (state: SearchState) => setParams(searchStateToParams(state));
  const search = (filters: Filters) => {
    // On a phone the filters fill the screen: they fold away to show the list.
    if (phone) setFiltersShown(false);
    const next = searchStateToParams({ filters, orderBy: listed.orderBy, pageNumber: 1 });
    // The same search again asks the server again (cases change under the user).
    if (next.toString() === paramsText) void results.refetch();
    else {
      pushedByForm.current = next.toString();
      setParams(next);
    }
  };
  const back = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(user?.Url ?? '/');
  };
  const goToPage = useCallback(
    (next: PageRequest) => setParams(searchStateToParams({ ...listed, pageNumber: next.pageNumber, pageKey: pageKeyText(next.at) })),
    [listed, setParams],
  );
  const result = results.data;

  return (
    <Page
      title={SEARCH_TITLE}
      description={layout === 'product' ? 'Búsqueda por producto y principio activo' : undefined}
      actions={
        <Group gap="sm">
          <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={back}>
            Volver
          </Button>
          <Button
            variant="subtle"
            color="teal"
            leftSection={filtersShown ? <IconFilterOff size={18} /> : <IconFilter size={18} />}
            onClick={() => setFiltersShown((shown) => !shown)}
            aria-expanded={filtersShown}
            aria-controls="filtros-busqueda"
          >
            {filtersShown ? 'Ocultar filtros' : 'Mostrar filtros'}
          </Button>
        </Group>
      }
    >
      <div id="filtros-busqueda" hidden={!filtersShown}>
        <SearchFiltersForm
          layout={layout}
          lists={lists.data}
          value={draft}
          onChange={setDraft}
          onSearch={search}
          countryFixed={countryFixed}
          searching={results.isFetching}
        />
      </div>

      <Stack gap="sm" component="section" aria-labelledby="resultados-busqueda">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Group gap="xs">
            <Title order={2} fz={{ base: 'lg', sm: 'xl' }} id="resultados-busqueda" c="dark.7">
              {RESULTS_TITLE}
            </Title>
            {result ? (
              <Badge variant="light" color="teal" radius="sm" aria-label={`${formatTotal(result.Total, result.TotalIsEstimate)} encontrados`}>
                {formatTotal(result.Total, result.TotalIsEstimate)}
              </Badge>
            ) : null}
          </Group>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label="Ordenar por"
              data={ORDER_OPTIONS}
              value={listed.orderBy}
              onChange={(orderBy) => {
                if (orderBy) go({ ...listed, orderBy, pageNumber: 1, pageKey: undefined });
              }}
              allowDeselect={false}
              w={{ base: '100%', xs: 260 }}
              comboboxProps={{ withinPortal: true }}
            />
            <ExportButton request={{ ...criteriaOf(listed.filters), orderBy: listed.orderBy }} disabled={!started} />
          </Group>
        </Group>
        {/* A historic case allows only the PDF export (docs/e2b-import.md): it is not offered for an E2B batch. */}
        <E2bBatchBar role={user?.Rol} page={(result?.Result ?? []).filter((row) => !row.IsHistoric).map(selectedOf)} selection={selection} />
        <PagedTable<SearchRow>
          label={RESULTS_TITLE}
          things="eventos reportables"
          result={result}
          columns={COLUMNS}
          rowKey={(row) => row.Id}
          loading={!started || results.isPending}
          fetching={results.isFetching && !results.isPending}
          failed={results.isError}
          onRetry={() => void results.refetch()}
          onPageRequest={goToPage}
          rowSelect={selecting ? (row) => (row.IsHistoric ? null : <SelectCaseCheckbox item={selectedOf(row)} selection={selection} />) : undefined}
          rowActions={(row) => <SearchRowActions row={row} onComments={(item) => setCommentsOf(refOf(item))} onFollowUps={(item) => setFollowUpsOf(refOf(item))} />}
          renderCard={(row, actions) => <CaseCard row={row} variant="search" actions={actions} extra={cardExtra(row)} />}
          minWidth={SEARCH_TABLE_MIN_WIDTH}
        />
      </Stack>
      <CommentsModal event={commentsOf} onClose={() => setCommentsOf(null)} />
      <FollowUpsModal event={followUpsOf} onClose={() => setFollowUpsOf(null)} />
    </Page>
  );
}

export function EventSearchPage() {
  return <SearchPage layout="event" />;
}

export function ProductSearchPage() {
  return <SearchPage layout="product" />;
}
