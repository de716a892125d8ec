import { createEventSchema, eventEditPath, MSG, type ErNew } from '@atalaya/domain';
import { Alert, Button, Center, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, newIdempotencyKey } from '../../shared/api';
import { FIELD_COMBOBOX_PROPS } from '../../shared/form';
import { showNotice } from '../../shared/notices';
import { erNewQuery, useCreateCase } from '../cases';
import { createCountryOptions, initialCreateChoice, reportTypeOptions, type CreateEventChoice } from './create-event';

export interface CreateEventModalProps {
  opened: boolean;
  onClose(): void;
}

/**
 * 'Crear Evento Reportable' (platform spec §2 header, §5, §6): the country and the report type
 * of the new case; Crear posts createER (with the dialog's idempotency key) and opens the new
 * case's wizard.
 */
export function CreateEventModal({ opened, onClose }: CreateEventModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={650} size="lg">
          {MSG.createEvent.title}
        </Text>
      }
      size="md"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {opened ? <CreateEventContent onClose={onClose} /> : null}
    </Modal>
  );
}

function CreateEventContent({ onClose }: { onClose(): void }) {
  const erNew = useQuery(erNewQuery());
  if (erNew.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {errorMessage(erNew.error)}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button variant="light" onClick={() => void erNew.refetch()}>
            Reintentar
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!erNew.data) {
    return (
      <Center py="xl" role="status">
        <Loader color="teal" type="dots" role="status" aria-label="Cargando" />
      </Center>
    );
  }
  return <CreateEventForm erNew={erNew.data} onClose={onClose} />;
}

type ChoiceErrors = Partial<Record<keyof CreateEventChoice, string>>;

function CreateEventForm({ erNew, onClose }: { erNew: ErNew; onClose(): void }) {
  const navigate = useNavigate();
  const [choice, setChoice] = useState<CreateEventChoice>(() => initialCreateChoice(erNew));
  const [errors, setErrors] = useState<ChoiceErrors>({});
  const countries = useMemo(() => createCountryOptions(erNew), [erNew]);
  const reportTypes = useMemo(() => reportTypeOptions(erNew), [erNew]);

  const create = useCreateCase();
  // One key per opening of the dialog (this form mounts when it opens): a double click on Crear,
  // or a retry after a lost answer, gets the same case (docs/api.md, createER). Another choice is
  // another request, with a key of its own.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const choose = (field: keyof CreateEventChoice, value: string | null) => {
    if (value !== choice[field]) setIdempotencyKey(newIdempotencyKey());
    setChoice((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = createEventSchema.safeParse(choice);
    if (!result.success) {
      const found: ChoiceErrors = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0];
        if ((field === 'Country' || field === 'SubGrupoId') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    create.mutate(
      { body: { Country: String(result.data.Country), SubGrupoId: Number(result.data.SubGrupoId) }, idempotencyKey },
      {
        onSuccess: (created) => {
          showNotice({ kind: 'success', title: 'Evento creado', message: 'Complete sus datos en el asistente.' });
          onClose();
          void navigate(eventEditPath(created.MetaData));
        },
      },
    );
  };

  const busy = create.isPending;

  return (
    <form noValidate onSubmit={submit} aria-label={MSG.createEvent.title}>
      <Stack gap="md">
        <Select
          label="País"
          withAsterisk
          placeholder="Seleccionar..."
          data={countries}
          value={choice.Country}
          onChange={(value) => choose('Country', value)}
          searchable={countries.length > 1}
          nothingFoundMessage="Sin resultados"
          allowDeselect={false}
          disabled={busy}
          error={errors.Country}
          comboboxProps={FIELD_COMBOBOX_PROPS}
        />
        <Select
          label="Tipo de reporte"
          withAsterisk
          placeholder="Seleccionar..."
          data={reportTypes}
          value={choice.SubGrupoId}
          onChange={(value) => choose('SubGrupoId', value)}
          searchable
          nothingFoundMessage="Sin resultados"
          allowDeselect={false}
          disabled={busy}
          error={errors.SubGrupoId}
          comboboxProps={FIELD_COMBOBOX_PROPS}
        />
        {create.isError ? (
          <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(create.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" color="magenta.7" loading={busy}>
            Crear
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
