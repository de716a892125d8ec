import { ROLES, USER_ORDERS, type UserFilters } from '@atalaya/domain';
import { Button, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { FIELD_COMBOBOX_PROPS } from '../../shared/form';
import { EMPTY_USER_FILTERS, userOrderLabel, type EnabledFilter, type UserFilterValues } from './user-logic';

const ENABLED_OPTIONS: { value: EnabledFilter; label: string }[] = [
  { value: 'all', label: 'Todos' },
  { value: 'yes', label: 'Habilitados' },
  { value: 'no', label: 'Deshabilitados' },
];

const ORDER_OPTIONS = USER_ORDERS.map((order) => ({ value: order, label: userOrderLabel(order) }));

export interface UserFiltersFormProps {
  lists: UserFilters | undefined;
  value: UserFilterValues;
  onChange(value: UserFilterValues): void;
  onSearch(value: UserFilterValues): void;
  searching: boolean;
}

/** The filter panel of the users screen (platform spec §2, §3 'User filter'). */
export function UserFiltersForm({ lists, value, onChange, onSearch, searching }: UserFiltersFormProps) {
  const set = <K extends keyof UserFilterValues>(key: K) => (next: UserFilterValues[K]) => onChange({ ...value, [key]: next });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value);
  };
  const common = { searchable: true, nothingFoundMessage: 'Sin resultados', comboboxProps: FIELD_COMBOBOX_PROPS } as const;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="form" onSubmit={submit} aria-label="Filtros de usuarios" noValidate>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
        <TextInput label="Nombre" value={value.name} onChange={(event) => set('name')(event.currentTarget.value)} autoComplete="off" />
        <TextInput label="Correo electrónico" value={value.email} onChange={(event) => set('email')(event.currentTarget.value)} autoComplete="off" />
        <Select
          label="País de origen"
          placeholder="Todos"
          clearable
          {...common}
          data={(lists?.Paises ?? []).map((country) => ({ value: country.Codigo, label: country.Nombre }))}
          value={value.country}
          onChange={set('country')}
        />
        <Select
          label="Habilitado"
          data={ENABLED_OPTIONS}
          allowDeselect={false}
          comboboxProps={FIELD_COMBOBOX_PROPS}
          value={value.enabled}
          onChange={(enabled) => set('enabled')((enabled ?? 'all') as EnabledFilter)}
        />
        <Select
          label="Rol"
          placeholder="Todos"
          clearable
          {...common}
          data={[...ROLES]}
          value={value.userType}
          onChange={set('userType')}
        />
        <Select
          label="Ordenar por"
          data={ORDER_OPTIONS}
          allowDeselect={false}
          comboboxProps={FIELD_COMBOBOX_PROPS}
          value={value.orderBy}
          onChange={(orderBy) => set('orderBy')(orderBy ?? EMPTY_USER_FILTERS.orderBy)}
        />
      </SimpleGrid>
      <Group justify="flex-end" gap="sm" mt="md">
        <Button variant="default" onClick={() => onSearch(EMPTY_USER_FILTERS)} disabled={searching}>
          Limpiar
        </Button>
        <Button type="submit" leftSection={<IconSearch size={18} />} loading={searching}>
          Buscar
        </Button>
      </Group>
    </Paper>
  );
}
