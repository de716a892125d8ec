import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A step (or the wizard) waiting for its data. */
export function StepLoading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status">
      <Loader color="teal" type="dots" aria-label={label} />
    </Center>
  );
}

/** A step whose data could not be loaded (the API client has shown why). */
export function StepLoadError({ onRetry }: { onRetry(): void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="No se pudieron cargar los datos de este paso">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">Compruebe su conexión e intente nuevamente.</Text>
        <Button variant="light" color="red" onClick={onRetry}>
          Reintentar
        </Button>
      </Stack>
    </Alert>
  );
}
