import { Affix, Group, Paper, Text, Transition } from '@mantine/core';
import { IconClockPause } from '@tabler/icons-react';

/** The discreet notice of the first idle stage (platform spec §4). */
export function IdleBanner({ visible }: { visible: boolean }) {
  return (
    <Affix position={{ bottom: 20, left: 0, right: 0 }} zIndex={250} style={{ pointerEvents: 'none' }}>
      <Transition mounted={visible} transition="slide-up" duration={200}>
        {(styles) => (
          <Group justify="center" style={styles}>
            <Paper shadow="md" radius="xl" px="lg" py="xs" withBorder bg="yellow.0" role="status" style={{ borderColor: 'var(--mantine-color-yellow-4)' }}>
              <Group gap="xs" wrap="nowrap">
                <IconClockPause size={18} color="var(--mantine-color-yellow-9)" aria-hidden />
                <Text size="sm" fw={500} c="yellow.9">
                  Su sesión se bloqueará por inactividad
                </Text>
              </Group>
            </Paper>
          </Group>
        )}
      </Transition>
    </Affix>
  );
}
