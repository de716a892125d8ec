import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';

export interface PageProps {
  title: string;
  /** A line under the title. */
  description?: ReactNode;
  /** Buttons on the right of the title. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The common frame of an internal screen: its title (also the document title) and content. */
export function Page({ title, description, actions, children }: PageProps) {
  useEffect(() => {
    document.title = `${title} · Atalaya`;
    return () => {
      document.title = 'Atalaya';
    };
  }, [title]);

  return (
    <Stack gap="lg" maw={1400} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" gap="md">
        <Box>
          <Title order={1} fz={{ base: 24, sm: 28 }} c="dark.8">
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" mt={4}>
              {description}
            </Text>
          ) : null}
        </Box>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}
