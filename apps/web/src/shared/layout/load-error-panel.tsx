import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

export interface LoadErrorPanelProps {
  /** What could not be loaded. */
  title: string;
  onRetry(): void;
}

/** Data that could not be loaded (the API client has shown why), with 'Reintentar'. */
export function LoadErrorPanel({ title, onRetry }: LoadErrorPanelProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">Compruebe su conexión e intente nuevamente.</Text>
        <Button variant="light" color="red" onClick={onRetry}>
          Reintentar
        </Button>
      </Stack>
    </Alert>
  );
}
