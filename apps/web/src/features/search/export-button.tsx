import { MSG, type SearchExportRequest } from '@atalaya/domain';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../shared/api';
import { exportSearch } from './api';
import { InlineError } from './inline-error';

/** Bytes in words ('340 KB', '1,2 MB'). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024).toLocaleString('es-UY')} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('es-UY', { maximumFractionDigits: 1 })} MB`;
}

/** The Spanish text of a failed export: the server's Message when it sent one. */
export function exportErrorText(error: unknown): string {
  return isApiError(error) && error.body?.Message ? error.body.Message : MSG.search.exportFailed;
}

/**
 * 'Exportar a Excel' (event spec §9, issue 16 §3): the listed search's filters and order go to
 * `exportERByFilters`; while the file streams in, the bytes received are shown; a failure
 * is said in Spanish under the button.
 */
export function ExportButton({ request, disabled }: { request: SearchExportRequest; disabled?: boolean }) {
  const [received, setReceived] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setError(null);
    setReceived(0);
    try {
      await exportSearch(request, setReceived);
    } catch (failure) {
      setError(exportErrorText(failure));
    } finally {
      setReceived(null);
    }
  };

  return (
    <Stack gap={6} align="flex-end">
      <Group gap="sm" wrap="nowrap">
        {received !== null ? (
          <Group gap={6} wrap="nowrap" role="status" aria-live="polite">
            <Loader size="xs" color="teal" aria-hidden />
            <Text size="sm" c="dimmed">
              {`Descargando Excel… ${formatBytes(received)}`}
            </Text>
          </Group>
        ) : null}
        <Button
          variant="light"
          leftSection={<IconFileSpreadsheet size={18} />}
          onClick={() => void run()}
          disabled={disabled || received !== null}
        >
          Exportar a Excel
        </Button>
      </Group>
      <InlineError message={error} onClose={() => setError(null)} />
    </Stack>
  );
}
