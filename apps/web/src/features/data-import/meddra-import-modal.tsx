import { MSG } from '@atalaya/domain';
import { Button, FileInput, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconFileZip, IconLock } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { ListModal } from '../../shared/list';
import { showNotice } from '../../shared/notices';
import { useStartImport } from './api';
import { ZIP_ACCEPT, zipFileError } from './import-logic';

export interface MeddraImportModalProps {
  opened: boolean;
  onClose(): void;
}

/**
 * 'Importar MedDRA' (platform spec §2, §5): the MSSO release as a .ZIP file, with its optional
 * password, posted as multipart `uploadmeddra`. The server answers the pending import at once;
 * the modal closes and the list follows its progress. A refusal (another import running, a file
 * that is not a zip) keeps the modal open with the server's message as a notice.
 */
export function MeddraImportModal({ opened, onClose }: MeddraImportModalProps) {
  const start = useStartImport('meddra');
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = start.isPending;

  useEffect(() => {
    if (!opened) return;
    setFile(null);
    setPassword('');
    setError(null);
  }, [opened]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = zipFileError(file);
    setError(problem);
    if (problem || !file) return;
    start.mutate(
      { file, password: password === '' ? null : password },
      {
        onSuccess: (entry) => {
          showNotice({ kind: 'success', title: MSG.dataImport.started, message: MSG.dataImport.startedDetail(entry.code_import) });
          onClose();
        },
      },
    );
  };

  return (
    <ListModal opened={opened} onClose={busy ? () => undefined : onClose} title={MSG.dataImport.meddraModal} size="md" closeOnClickOutside={!busy}>
      <form onSubmit={submit} noValidate aria-label={MSG.dataImport.meddraModal}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Seleccione el archivo .ZIP de la versión de MedDRA distribuida por MSSO. Se cargará junto a la versión actual y la reemplazará al terminar.
          </Text>
          <FileInput
            label={MSG.dataImport.zipFileLabel}
            placeholder="Seleccionar archivo .ZIP"
            withAsterisk
            clearable
            accept={ZIP_ACCEPT}
            leftSection={<IconFileZip size={16} aria-hidden />}
            value={file}
            onChange={(picked) => {
              setFile(picked);
              setError(picked ? zipFileError(picked) : null);
            }}
            error={error}
            disabled={busy}
            size="md"
            data-autofocus
          />
          <PasswordInput
            label={MSG.dataImport.zipPasswordLabel}
            leftSection={<IconLock size={16} aria-hidden />}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="off"
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña del ZIP' }}
            disabled={busy}
            size="md"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy} size="md">
              Cancelar
            </Button>
            <Button type="submit" loading={busy} size="md">
              {MSG.dataImport.importButton}
            </Button>
          </Group>
        </Stack>
      </form>
    </ListModal>
  );
}
