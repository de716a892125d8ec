import {
  formatYesNo,
  canEditReferenceColumn,
  canToggleReferenceRow,
  type CodiguerasAll,
  MSG,
  type ReferenceColumn,
  referenceTableRule,
  type ReferenceTableName,
  referenceToggleMessage,
  type ReferenceTableRows,
} from '@atalaya/domain';
import { Badge, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useReducer, useState } from 'react';
import { errorMessage } from '../../shared/api';
import { showNotice } from '../../shared/notices';
import { type ParameterCall, useParameterWrite } from './api';
import { draftCall, draftErrors, rowEditing, type RowEditing } from './row-editing';

export interface ReferenceTableProps {
  name: ReferenceTableName;
  rows: ReferenceTableRows;
  /** The groups (a sub-group's GrupoId is chosen among them). */
  groups: CodiguerasAll['Grupo'];
  /** Shows the failure modal ('No se pudo realizar cambios en la configuración'). */
  onFailure(message: string): void;
}

const cellText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function CellEditor({
  column,
  value,
  error,
  groups,
  onChange,
}: {
  column: ReferenceColumn;
  value: string;
  error?: string;
  groups: CodiguerasAll['Grupo'];
  onChange(value: string): void;
}) {
  if (column.kind === 'groupId') {
    return (
      <Select
        aria-label={column.label}
        size="sm"
        value={value || null}
        data={groups.filter((group) => !group.Eliminado || String(group.Id) === value).map((group) => ({ value: String(group.Id), label: group.Title }))}
        onChange={(next) => onChange(next ?? '')}
        error={error}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  return <TextInput aria-label={column.label} size="sm" value={value} error={error} onChange={(event) => onChange(event.currentTarget.value)} />;
}

/**
 * One reference list of the Parameters screen: its description and rows, edited in place
 * (platform spec §4 'Reference-list rows'). Read-only tables and protected rows show no action
 * they could not take (REFERENCE_TABLES in packages/domain).
 */
export function ReferenceTable({ name, rows, groups, onFailure }: ReferenceTableProps) {
  const rule = referenceTableRule(name);
  const [editing, dispatch] = useReducer(rowEditing, { mode: 'list' } as RowEditing);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const write = useParameterWrite(name);
  const groupTitle = (id: unknown) => groups.find((group) => group.Id === id)?.Title ?? cellText(id);

  async function run(call: ParameterCall, success: () => void) {
    try {
      await write.mutateAsync(call);
      success();
    } catch (error) {
      onFailure(errorMessage(error));
    } finally {
      // Success or failure: back to the list; on failure the table keeps the data it had.
      dispatch({ type: 'saved' });
      setErrors({});
    }
  }

  function save() {
    if (editing.mode === 'list') return;
    const found = draftErrors(name, editing.draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const { Keys, Values } = draftCall(name, editing);
    if (editing.mode === 'create') {
      void run({ kind: 'create', body: { Table: name, Keys, Values } }, () => showNotice({ kind: 'success', title: MSG.parameters.created, message: '' }));
    } else {
      void run({ kind: 'update', body: { Table: name, Id: editing.id, Keys, Values } }, () =>
        showNotice({ kind: 'success', title: MSG.parameters.updatedTitle, message: MSG.parameters.updatedText }),
      );
    }
  }

  function toggle(row: ReferenceTableRows[number]) {
    void run({ kind: 'toggle', body: { Table: name, elem: row } }, () => showNotice({ kind: 'success', title: referenceToggleMessage(!row.Eliminado), message: '' }));
  }

  const editable = !rule.readOnly;
  const busy = write.isPending;

  function editorRow(key: string, id: number | null) {
    if (editing.mode === 'list') return null;
    return (
      <Table.Tr key={key} bg="blue.0">
        {rule.columns.map((column) => (
          <Table.Td key={column.key}>
            {canEditReferenceColumn(name, id, column.key) ? (
              <CellEditor
                column={column}
                value={editing.draft[column.key] ?? ''}
                error={errors[column.key]}
                groups={groups}
                onChange={(value) => dispatch({ type: 'change', key: column.key, value })}
              />
            ) : (
              <Text size="sm">{column.kind === 'groupId' ? groupTitle(Number(editing.draft[column.key])) : editing.draft[column.key]}</Text>
            )}
          </Table.Td>
        ))}
        <Table.Td />
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            <Button size="sm" onClick={save} loading={busy}>
              Guardar
            </Button>
            <Button size="sm" variant="default" onClick={() => dispatch({ type: 'cancel' })} disabled={busy}>
              Cancelar
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  }

  return (
    // miw 0: a grid item is as wide as its content by default; a wide table (Paises) scrolls
    // inside its card instead of widening it.
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`tabla-${name}`} miw={0}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ minWidth: 0, flex: 1 }}>
            <Title order={2} size="h4" id={`tabla-${name}`}>
              {name}
            </Title>
            <Text size="sm" c="dimmed">
              {rule.description}
            </Text>
          </div>
          {editable && rule.canCreate ? (
            <Button
              // Never squeezed by a long description: the description wraps instead.
              flex="none"
              size="sm"
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => dispatch({ type: 'add', table: name })}
              disabled={editing.mode !== 'list' || busy}
              aria-label={`Agregar elemento a ${name}`}
            >
              Agregar
            </Button>
          ) : null}
        </Group>
        <Table.ScrollContainer minWidth={420} maxHeight={420}>
          <Table striped highlightOnHover verticalSpacing="xs" stickyHeader>
            <Table.Thead>
              <Table.Tr>
                {rule.columns.map((column) => (
                  <Table.Th key={column.key}>{column.label}</Table.Th>
                ))}
                <Table.Th>Activo</Table.Th>
                {editable ? <Table.Th>Acciones</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {editing.mode === 'create' ? editorRow('nuevo', null) : null}
              {rows.map((row) =>
                editing.mode === 'edit' && editing.id === row.Id ? (
                  editorRow(String(row.Id), row.Id)
                ) : (
                  <Table.Tr key={row.Id}>
                    {rule.columns.map((column) => (
                      <Table.Td key={column.key}>{column.kind === 'groupId' ? groupTitle(row[column.key]) : cellText(row[column.key])}</Table.Td>
                    ))}
                    <Table.Td>
                      <Badge color={row.Eliminado ? 'gray' : 'teal'} variant="light">
                        {formatYesNo(!row.Eliminado)}
                      </Badge>
                    </Table.Td>
                    {editable ? (
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="sm"
                            variant="subtle"
                            leftSection={<IconPencil size={16} />}
                            onClick={() => dispatch({ type: 'edit', table: name, row })}
                            disabled={editing.mode !== 'list' || busy}
                            aria-label={`Editar ${cellText(row[rule.columns[0]?.key ?? 'Id'])}`}
                          >
                            Editar
                          </Button>
                          {canToggleReferenceRow(name, row.Id) ? (
                            <Button
                              size="sm"
                              variant="subtle"
                              color={row.Eliminado ? 'teal' : 'red'}
                              onClick={() => toggle(row)}
                              disabled={editing.mode !== 'list' || busy}
                              aria-label={`${row.Eliminado ? 'Habilitar' : 'Deshabilitar'} ${cellText(row[rule.columns[0]?.key ?? 'Id'])}`}
                            >
                              {row.Eliminado ? 'Habilitar' : 'Deshabilitar'}
                            </Button>
                          ) : null}
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}
