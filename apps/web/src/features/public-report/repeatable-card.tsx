import { ActionIcon, Box, Collapse, Group, Paper, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './public-report.module.css';

export interface RepeatableCardProps {
  /** 'Reacción 1' */
  title: string;
  /** One line that sums up the item while it is collapsed. */
  summary: string;
  opened: boolean;
  onToggle(): void;
  /** Absent while the item is the only one (it cannot be deleted). */
  onDelete?: (() => void) | undefined;
  /** The item has validation errors: shown on the header when collapsed. */
  invalid?: boolean;
  children: ReactNode;
}

/** An item of a repeatable list (reactions, suspect drugs, concomitants), collapsible like an accordion panel. */
export function RepeatableCard({ title, summary, opened, onToggle, onDelete, invalid = false, children }: RepeatableCardProps) {
  return (
    <Paper withBorder radius="md" className={classes.card} data-invalid={invalid || undefined}>
      <Group gap="xs" wrap="nowrap" className={classes.cardHeader}>
        <UnstyledButton onClick={onToggle} aria-expanded={opened} className={classes.cardToggle}>
          <Group gap="sm" wrap="nowrap">
            <IconChevronDown size={18} className={classes.chevron} data-opened={opened || undefined} aria-hidden />
            <Box miw={0}>
              <Text fw={650} size="sm">
                {title}
              </Text>
              <Text size="xs" c={invalid ? 'red.7' : 'dimmed'} truncate>
                {summary}
              </Text>
            </Box>
          </Group>
        </UnstyledButton>
        {onDelete ? (
          <Tooltip label={`Eliminar ${title.toLowerCase()}`}>
            <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={`Eliminar ${title.toLowerCase()}`}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      <Collapse expanded={opened}>
        <Box p="md" pt="xs">
          {children}
        </Box>
      </Collapse>
    </Paper>
  );
}
