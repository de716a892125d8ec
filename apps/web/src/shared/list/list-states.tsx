import { Button, Group, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconMoodEmpty, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The three states every list shows besides its rows (issue 20): loading (skeleton rows,
 * announced), empty (a message in the list's frame) and failed (a message with 'Reintentar').
 */

/** Skeleton rows while the first page is on its way, announced as 'Cargando {label}…'. */
export function ListLoading({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <Stack gap="xs" role="status" aria-live="polite">
      <VisuallyHidden>{`Cargando ${label}…`}</VisuallyHidden>
      {Array.from({ length: rows }, (_, key) => (
        <Skeleton key={key} height={44} radius="md" />
      ))}
    </Stack>
  );
}

/** A list message inside the list's frame (empty by default), with an optional action. */
export function ListMessage({ children, action, tone = 'empty' }: { children: ReactNode; action?: ReactNode; tone?: 'empty' | 'failed' }) {
  const Icon = tone === 'failed' ? IconAlertCircle : IconMoodEmpty;
  return (
    <Paper withBorder radius="md" p="lg" bg="gray.0" role={tone === 'failed' ? 'alert' : undefined}>
      <Group gap="sm" justify="space-between">
        <Group gap="sm" wrap="nowrap">
          <Icon size={22} color={tone === 'failed' ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-gray-6)'} aria-hidden />
          <Text c={tone === 'failed' ? 'red.8' : 'dimmed'}>{children}</Text>
        </Group>
        {action}
      </Group>
    </Paper>
  );
}

/** The list could not be read: the message and 'Reintentar' (when the caller can retry). */
export function ListError({ message = 'No se pudo cargar la lista.', onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <ListMessage
      tone="failed"
      action={
        onRetry ? (
          <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
            Reintentar
          </Button>
        ) : null
      }
    >
      {message}
    </ListMessage>
  );
}
