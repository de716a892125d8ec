import { MSG } from '@atalaya/domain';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/** Shown when a screen fails to render or its code cannot be loaded (for example after an update). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="md" maw={420} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="magenta">
          <IconMoodSad size={36} />
        </ThemeIcon>
        <Title order={2}>{MSG.errors.networkTitle}</Title>
        <Text c="dimmed">No pudimos mostrar esta pantalla. Recargue la página; si el problema continúa, contacte al administrador.</Text>
        <Button onClick={() => window.location.reload()}>Recargar</Button>
      </Stack>
    </Center>
  );
}
