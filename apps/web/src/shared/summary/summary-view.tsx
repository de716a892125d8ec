import { Box, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './summary.module.css';
import type { SummaryBlock, SummarySection } from './types';

/** A titled frame of the summary; also holds a feature's own content (the triage's editable type). */
export function SummaryCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" component="section" aria-label={title} style={{ overflow: 'hidden' }}>
      <Box className={classes.sectionHeader}>
        <Title order={3} fz="sm" c="teal.9">
          {title}
        </Title>
      </Box>
      <Box p="sm">{children}</Box>
    </Paper>
  );
}

/** The label/value rows of a block, as a description list. */
function SummaryBlockView({ block }: { block: SummaryBlock }) {
  return (
    <Stack gap={6}>
      {block.title ? (
        <Text fw={600} size="sm" c="teal.9">
          {block.title}
        </Text>
      ) : null}
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing={8} className={classes.fields}>
        {block.rows.map((row, index) => (
          <div key={`${row.label}-${index}`} className={classes.field}>
            <Text component="dt" size="xs" c="dimmed" className={classes.fieldLabel}>
              {row.label}
            </Text>
            <Text component="dd" size="sm" className={classes.fieldValue}>
              {row.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The read-only summary: one card per section, its blocks of label/value rows. */
export function SummarySections({ sections }: { sections: readonly SummarySection[] }) {
  return sections.map((section) => (
    <SummaryCard key={section.title} title={section.title}>
      {section.blocks.length === 0 ? (
        <Text size="sm" c="dimmed">
          {section.empty ?? '---'}
        </Text>
      ) : (
        <Stack gap="md">
          {section.blocks.map((block, index) => (
            <SummaryBlockView key={`${index}-${block.title ?? ''}`} block={block} />
          ))}
        </Stack>
      )}
    </SummaryCard>
  ));
}
