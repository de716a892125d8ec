import { MSG, type E2bReceiver } from '@atalaya/domain';
import { Alert, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api';
import { FramedTable, ListError, ListLoading } from '../../shared/list';
import { showNotice } from '../../shared/notices';
import { e2bReceiversQuery } from '../case-e2b';
import { useDeleteE2bReceiver, useSaveE2bReceiver } from './api';
import { draftOf, EMPTY_RECEIVER, isLocked, receiverBody, receiverErrors, type ReceiverDraft } from './receivers-form';

/**
 * 'Receptores E2B' (ours; docs/e2b.md): the receivers an E2B export may be addressed to (N.1.4),
 * each with its identifier and name. A receiver with submissions keeps its identifier and stays.
 */
export function E2bReceiversPanel() {
  const receivers = useQuery(e2bReceiversQuery());
  const save = useSaveE2bReceiver();
  const remove = useDeleteE2bReceiver();
  const [draft, setDraft] = useState<ReceiverDraft>(EMPTY_RECEIVER);
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = receiverErrors(draft);
  const editing = draft.id !== null;
  const editedLocked = editing && (receivers.data ?? []).some((receiver) => receiver.Id === draft.id && isLocked(receiver));

  async function submit() {
    setTouched(true);
    setFailure(null);
    if (errors.code || errors.name) return;
    try {
      await save.mutateAsync(receiverBody(draft));
      showNotice({ kind: 'success', title: MSG.e2bReceivers.saved, message: draft.code.trim() });
      setDraft(EMPTY_RECEIVER);
      setTouched(false);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  async function removeReceiver(receiver: E2bReceiver) {
    setFailure(null);
    try {
      await remove.mutateAsync(receiver.Id);
      showNotice({ kind: 'success', title: MSG.e2bReceivers.deleted, message: receiver.Codigo });
      if (draft.id === receiver.Id) setDraft(EMPTY_RECEIVER);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="grupo-e2b-receptores" maw={900}>
      <Stack gap="md">
        <Title order={2} fz="lg" id="grupo-e2b-receptores">
          Receptores E2B
        </Title>
        <Text size="sm" c="dimmed">
          Destinatarios de los envíos E2B(R3) (N.1.4): su identificador es el que el receptor asigna (EVHUMAN para EudraVigilance, ZZFDA para la FDA).
        </Text>
        {receivers.isPending && <ListLoading label="receptores" rows={2} />}
        {receivers.isError && <ListError message="No se pudo cargar la lista de receptores." onRetry={() => void receivers.refetch()} />}
        {receivers.data && (
          <FramedTable label="Receptores E2B" minWidth={520} headers={['Identificador', 'Nombre', 'Envíos', 'Acciones']}>
            {receivers.data.map((receiver) => (
              <Table.Tr key={receiver.Id}>
                <Table.Td ff="monospace">{receiver.Codigo}</Table.Td>
                <Table.Td>{receiver.Nombre}</Table.Td>
                <Table.Td>{receiver.Envios}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" variant="subtle" leftSection={<IconPencil size={14} />} aria-label={`Editar ${receiver.Codigo}`} onClick={() => setDraft(draftOf(receiver))}>
                      Editar
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      aria-label={`Eliminar ${receiver.Codigo}`}
                      disabled={isLocked(receiver)}
                      title={isLocked(receiver) ? MSG.e2bReceivers.inUse(receiver.Codigo) : undefined}
                      loading={remove.isPending && remove.variables === receiver.Id}
                      onClick={() => void removeReceiver(receiver)}
                    >
                      Eliminar
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </FramedTable>
        )}
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Identificador del receptor"
            value={draft.code}
            onChange={(event) => setDraft({ ...draft, code: event.currentTarget.value })}
            error={touched ? errors.code : null}
            description={editedLocked ? 'Tiene envíos: el identificador no cambia' : undefined}
            disabled={editedLocked}
            maxLength={60}
            autoComplete="off"
            style={{ flex: '1 1 12rem' }}
          />
          <TextInput
            label="Nombre del receptor"
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
            error={touched ? errors.name : null}
            maxLength={100}
            autoComplete="off"
            style={{ flex: '2 1 16rem' }}
          />
        </Group>
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} role="alert" p="xs">
            {failure}
          </Alert>
        )}
        <Group gap="sm">
          <Button leftSection={editing ? <IconDeviceFloppy size={16} /> : <IconPlus size={16} />} loading={save.isPending} onClick={() => void submit()}>
            {editing ? 'Guardar receptor' : 'Agregar receptor'}
          </Button>
          {editing && (
            <Button
              variant="default"
              leftSection={<IconX size={16} />}
              onClick={() => {
                setDraft(EMPTY_RECEIVER);
                setTouched(false);
                setFailure(null);
              }}
            >
              Cancelar
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
