import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while the session is restored or a part of the app is loaded. */
export function FullPageLoader({ label = 'Cargando…' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader color="teal" type="dots" size="lg" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
