import type { NamedItem, SearchFilters } from '@atalaya/domain';
import { Badge, Button, Collapse, Group, Paper, Select, SimpleGrid, Stack, TextInput, type ComboboxData } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconChevronDown, IconChevronUp, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FIELD_COMBOBOX_PROPS, parseTypedDate } from '../../shared/form';
import { ingredientsOfCountryQuery, laboratoriesOfCountryQuery, productsOfLaboratoryQuery } from './api';
import { DATE_FILTERS, dateRangeErrors, withFilter, type DateFilter, type Filters, type IdFilter } from './criteria';

/** `/eventsearch` shows every filter; `/productSearch` the alternate layout around the product. */
export type SearchLayout = 'event' | 'product';

export interface SearchFiltersFormProps {
  layout: SearchLayout;
  lists: SearchFilters | undefined;
  value: Filters;
  onChange(filters: Filters): void;
  onSearch(filters: Filters): void;
  /** The RLF's country is fixed to its own. */
  countryFixed: boolean;
  searching: boolean;
}

const DATE_LABELS: Record<DateFilter, string> = {
  FechaCreacionDesde: 'Creado desde',
  FechaCreacionHasta: 'Creado hasta',
  FechaModificacionDesde: 'Modificado desde',
  FechaModificacionHasta: 'Modificado hasta',
};

const options = (items: readonly { Id: number; Nombre: string }[] | undefined): ComboboxData =>
  (items ?? []).map((item) => ({ value: String(item.Id), label: item.Nombre }));

/** Report types grouped by their group (`Grupo` › `TipoReporte`). */
function reportTypeOptions(lists: SearchFilters | undefined): ComboboxData {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const item of lists?.SubGrupos ?? []) {
    const group = groups.get(item.GrupoNombre) ?? [];
    group.push({ value: String(item.Id), label: item.Nombre });
    groups.set(item.GrupoNombre, group);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

interface PickerProps {
  label: string;
  data: ComboboxData;
  value: number | undefined;
  onChange(value: number | undefined): void;
  disabled?: boolean;
  placeholder?: string;
  description?: string;
  loading?: boolean;
}

function Picker({ label, data, value, onChange, disabled, placeholder = 'Todos', description, loading }: PickerProps) {
  return (
    <Select
      label={label}
      data={data}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : undefined)}
      placeholder={loading ? 'Cargando…' : placeholder}
      description={description}
      disabled={disabled}
      searchable
      clearable={!disabled}
      nothingFoundMessage="Sin resultados"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * The filters of the search (event spec §2.5): dependent pickers (country → company →
 * laboratory → product), status, RAM type, report type, the event identifier, and
 * 'Búsqueda avanzada' with the four dates. Buscar applies them (to the URL); the dates are
 * checked here before (the server checks them too).
 */
/** The Señales filters a count 'a' brought, as one badge ('Contados en Señales · graves · recibidos 2025-01 a 2025-06'), or ''. */
function signalFilterText(value: Filters): string {
  const parts: string[] = [];
  if (value.SoloContados) parts.push(value.IncluirConcomitantes ? 'Contados en Señales (con concomitantes)' : 'Contados en Señales');
  if (value.Grave !== undefined) parts.push(value.Grave ? 'graves' : 'no graves');
  if (value.MesRecepcionDesde || value.MesRecepcionHasta) parts.push(`recibidos ${value.MesRecepcionDesde ?? '…'} a ${value.MesRecepcionHasta ?? '…'}`);
  if (value.FarmacoLaboratorioId !== undefined) parts.push(`fármaco del laboratorio ${value.FarmacoLaboratorioId}`);
  if (value.SocCodigo !== undefined) parts.push(`SOC ${value.SocCodigo}`);
  return parts.join(' · ');
}

export function SearchFiltersForm({ layout, lists, value, onChange, onSearch, countryFixed, searching }: SearchFiltersFormProps) {
  const [advanced, setAdvanced] = useState(() => DATE_FILTERS.some((key) => value[key]));
  const [dateErrors, setDateErrors] = useState<Partial<Record<DateFilter, string>>>({});
  const set = (key: IdFilter) => (next: number | undefined) => onChange(withFilter(value, key, next));

  const country = value.PaisId;
  const companies = (lists?.Companias ?? []).filter((company) => country === undefined || company.PaisId === country);
  const laboratoriesFromLists = (lists?.Laboratorios ?? []).filter(
    (lab) => (country === undefined || lab.PaisId === country) && (value.CompaniaId === undefined || lab.CompaniaId === value.CompaniaId),
  );
  // The product search lists a country's laboratories with getlaboraotriesByCountry.
  const countryLabs = useQuery({ ...laboratoriesOfCountryQuery(country), enabled: layout === 'product' && country !== undefined });
  const laboratories: readonly NamedItem[] | undefined = layout === 'product' && country !== undefined ? countryLabs.data : laboratoriesFromLists;
  const products = useQuery(productsOfLaboratoryQuery(value.LaboratorioId));
  // The product search's ingredient picker: every active ingredient of the country, on its own
  // (one molecule across brands and laboratories), whatever laboratory or product is chosen.
  const ingredients = useQuery({ ...ingredientsOfCountryQuery(country), enabled: layout === 'product' && country !== undefined });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = dateRangeErrors(value);
    setDateErrors(errors);
    if (Object.keys(errors).length > 0) {
      setAdvanced(true);
      return;
    }
    onSearch(value);
  };

  const countryPicker = (
    <Picker
      label="País"
      data={(lists?.Paises ?? []).map((item) => ({ value: String(item.Id), label: item.Nombre }))}
      value={country}
      onChange={set('PaisId')}
      disabled={countryFixed}
      description={countryFixed ? 'Su país' : undefined}
      loading={!lists}
    />
  );
  const laboratoryPicker = (
    <Picker
      label={layout === 'product' ? 'Laboratorio' : 'Fabricante (laboratorio)'}
      data={options(laboratories)}
      value={value.LaboratorioId}
      onChange={set('LaboratorioId')}
      loading={layout === 'product' && countryLabs.isFetching}
    />
  );
  const productPicker = (
    <Picker
      label="Producto"
      data={options(products.data)}
      value={value.ProductoId}
      onChange={set('ProductoId')}
      disabled={value.LaboratorioId === undefined}
      placeholder={value.LaboratorioId === undefined ? 'Elija un laboratorio' : 'Todos'}
      loading={products.isFetching}
    />
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="form" onSubmit={submit} aria-label="Filtros de la búsqueda" noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
          {countryPicker}
          {layout === 'event' ? (
            <Picker label="Compañía" data={options(companies)} value={value.CompaniaId} onChange={set('CompaniaId')} loading={!lists} />
          ) : null}
          {laboratoryPicker}
          {productPicker}
          {layout === 'product' ? (
            <Picker
              label="Principio activo"
              data={options(ingredients.data)}
              value={value.PrincipioActivoId}
              onChange={set('PrincipioActivoId')}
              disabled={country === undefined}
              placeholder={country === undefined ? 'Elija un país' : 'Todos'}
              loading={ingredients.isFetching}
            />
          ) : null}
          {layout === 'event' ? (
            <>
              <Picker
                label="Estado"
                data={(lists?.Estados ?? []).map((item) => ({ value: String(item.Id), label: item.Estado }))}
                value={value.EstadoId}
                onChange={set('EstadoId')}
                loading={!lists}
              />
              <Picker
                label="Tipo de RAM"
                data={(lists?.TiposRAM ?? []).map((item) => ({ value: String(item.Id), label: item.Type }))}
                value={value.TipoRAMId}
                onChange={set('TipoRAMId')}
                loading={!lists}
              />
              <Picker label="Tipo de reporte" data={reportTypeOptions(lists)} value={value.SubGrupoId} onChange={set('SubGrupoId')} loading={!lists} />
            </>
          ) : null}
          <TextInput
            label="Identificador del evento"
            placeholder="UY-2026-000123 o RH-2026-000045"
            value={value.IdEvento ?? ''}
            onChange={(event) => onChange({ ...value, IdEvento: event.currentTarget.value })}
            maxLength={40}
            autoComplete="off"
          />
          {value.PtCodigo !== undefined ? (
            <Group gap={6} align="flex-end">
              <Badge variant="light" color="teal" size="lg" radius="sm">{`PT MedDRA ${value.PtCodigo}`}</Badge>
              <Button variant="subtle" size="compact-sm" color="gray" onClick={() => onChange({ ...value, PtCodigo: undefined })}>
                Quitar PT
              </Button>
            </Group>
          ) : null}
          {signalFilterText(value) ? (
            <Group gap={6} align="flex-end">
              <Badge variant="light" color="teal" size="lg" radius="sm" style={{ textTransform: 'none' }}>
                {signalFilterText(value)}
              </Badge>
              <Button
                variant="subtle"
                size="compact-sm"
                color="gray"
                onClick={() => onChange({ ...value, Grave: undefined, MesRecepcionDesde: undefined, MesRecepcionHasta: undefined, SoloContados: undefined, IncluirConcomitantes: undefined, FarmacoLaboratorioId: undefined, SocCodigo: undefined })}
              >
                Quitar filtros de Señales
              </Button>
            </Group>
          ) : null}
        </SimpleGrid>

        <Button
          variant="subtle"
          color="teal"
          w="fit-content"
          px={4}
          onClick={() => setAdvanced((open) => !open)}
          rightSection={advanced ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
          aria-expanded={advanced}
          aria-controls="busqueda-avanzada"
        >
          Búsqueda avanzada
        </Button>
        <Collapse expanded={advanced} id="busqueda-avanzada">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
            {DATE_FILTERS.map((key) => (
              <DateInput
                key={key}
                label={DATE_LABELS[key]}
                placeholder="DD/MM/AAAA"
                valueFormat="DD/MM/YYYY"
                dateParser={parseTypedDate}
                locale="es"
                clearable
                popoverProps={FIELD_COMBOBOX_PROPS}
                value={value[key] ?? null}
                error={dateErrors[key]}
                onChange={(day) => {
                  const next: Filters = { ...value };
                  if (day) next[key] = day;
                  else delete next[key];
                  onChange(next);
                }}
              />
            ))}
          </SimpleGrid>
        </Collapse>

        <Group gap="sm" justify="flex-end">
          <Button type="submit" leftSection={<IconSearch size={18} />} loading={searching}>
            Buscar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

