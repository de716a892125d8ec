import { MAX_NOTE_LENGTH, noteSchema, type ErDocument, type NamedItem } from '@atalaya/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../shared/api';
import { SelectField, TextAreaField } from '../../shared/form';
import { ListModal } from '../../shared/list';
import { useUploadDocument } from '../cases';
import { documentDownloadPath } from './api';
import { CaseFileInput } from './case-file-input';
import { FileDownloadButton } from './file-download-button';
import { documentUploadForm, storedFileName, uploadAction, type DocumentInsertAction } from './upload-form';

type NoteForm = z.input<typeof noteSchema>;

export interface DocumentDialogProps {
  opened: boolean;
  meta: string;
  /** The insert action of the panel ('insert' in the wizard, 'insertPostCreated' in the event view). */
  insertAction: DocumentInsertAction;
  /** The stored document being edited; null to add one. */
  editing: ErDocument | null;
  noteTypes: readonly NamedItem[];
  onClose(): void;
  /** After the server answered OK. */
  onSaved(): void;
}

const blankForm = (document: ErDocument | null): NoteForm => ({
  note: document?.Note ?? '',
  tipoId: document?.TipoId === null || document?.TipoId === undefined ? null : String(document.TipoId),
});

/**
 * 'Agregar documento o nota' / 'Editar documento o nota' (event spec §2.3 Documents tab, §5):
 * Tipo (NotasArchivosTipo), Nota (required, at most 2000) and one optional file, posted as
 * multipart `uploadDocAndNotes`. A refused call keeps the dialog open with the server's message.
 */
export function DocumentDialog({ opened, meta, insertAction, editing, noteTypes, onClose, onSaved }: DocumentDialogProps) {
  const uploadDocument = useUploadDocument(meta);
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<NoteForm>({ resolver: zodResolver(noteSchema), defaultValues: blankForm(editing) });

  useEffect(() => {
    if (!opened) return;
    reset(blankForm(editing));
    setFile(null);
    setFailure(null);
  }, [opened, editing, reset]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await uploadDocument.mutateAsync(documentUploadForm({
        meta,
        action: uploadAction(editing?.Id ?? null, insertAction),
        id: editing?.Id ?? null,
        note: values.note,
        tipoId: values.tipoId === null || values.tipoId === undefined || values.tipoId === '' ? null : Number(values.tipoId),
        file,
      }));
      onSaved();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  const title = editing ? 'Editar documento o nota' : 'Agregar documento o nota';
  const storedName = editing ? storedFileName(editing.FileName, editing.Extension) : null;
  const typeOptions = noteTypes.map((type) => ({ value: String(type.Id), label: type.Nombre }));

  return (
    <ListModal opened={opened} onClose={isSubmitting ? () => undefined : onClose} title={title} size="lg" closeOnClickOutside={!isSubmitting}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
        <Stack gap="md">
          <SelectField control={control} name="tipoId" label="Tipo" data={typeOptions} />
          <TextAreaField control={control} name="note" label="Nota" required max={MAX_NOTE_LENGTH} data-autofocus />
          {storedName && editing ? (
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                Archivo actual
              </Text>
              <FileDownloadButton path={documentDownloadPath(editing.Id)} fileName={storedName} />
              <Text size="xs" c="dimmed">
                Si selecciona otro archivo, reemplazará al actual.
              </Text>
            </Stack>
          ) : null}
          <CaseFileInput label={storedName ? 'Reemplazar archivo' : 'Archivo'} value={file} onChange={setFile} disabled={isSubmitting} />
          {failure ? (
            <Alert color="yellow" variant="light" title="Advertencia" icon={<IconAlertTriangle size={18} />} role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              Cancelar
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </ListModal>
  );
}
