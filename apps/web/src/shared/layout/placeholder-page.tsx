import { Paper, Text, ThemeIcon } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Page } from './page';

/** A titled screen with one sentence, for screens that later issues fill. */
export function PlaceholderPage({ title, sentence }: { title: string; sentence: string }) {
  return (
    <Page title={title}>
      <Paper withBorder radius="lg" p="xl" bg="gray.0">
        <ThemeIcon size={44} radius="xl" variant="light" color="teal" mb="md" aria-hidden>
          <IconTools size={24} />
        </ThemeIcon>
        <Text size="lg">{sentence}</Text>
      </Paper>
    </Page>
  );
}
