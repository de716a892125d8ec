import { Badge, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled list of the Tasks screen, with its total beside the title. */
export function TaskSection({ title, total, children }: { title: string; total?: number; children: ReactNode }) {
  const id = `section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group gap="xs">
        <Title order={2} fz={{ base: 'lg', sm: 'xl' }} id={id} c="dark.7">
          {title}
        </Title>
        {total !== undefined ? (
          <Badge variant="light" color="teal" radius="sm" aria-label={`${total} en total`}>
            {total}
          </Badge>
        ) : null}
      </Group>
      {children}
    </Stack>
  );
}
