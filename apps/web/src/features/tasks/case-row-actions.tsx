import { eventViewPath, type ErListRow, type Role } from '@atalaya/domain';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconArrowRight, IconBan, IconFiles, IconMessages, type TablerIcon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { caseRowActions, type CaseRowAction } from './row-actions';

export interface CaseRowActionsProps {
  row: ErListRow;
  role: Role;
  onComments(row: ErListRow): void;
  onFollowUps(row: ErListRow): void;
  onAnnul(row: ErListRow): void;
}

const LOOK: Record<CaseRowAction, { icon: TablerIcon; tooltip: string; color: string }> = {
  comments: { icon: IconMessages, tooltip: 'Ver comentarios', color: 'teal' },
  followUps: { icon: IconFiles, tooltip: 'Ver reportes de seguimiento', color: 'teal' },
  annul: { icon: IconBan, tooltip: 'Anular', color: 'red' },
  open: { icon: IconArrowRight, tooltip: 'Abrir el evento', color: 'teal' },
};

/** The icon buttons of a case row: comments, follow-ups, annul, open (event spec §2.1). */
export function CaseRowActions({ row, role, onComments, onFollowUps, onAnnul }: CaseRowActionsProps) {
  const handlers: Partial<Record<CaseRowAction, () => void>> = {
    comments: () => onComments(row),
    followUps: () => onFollowUps(row),
    annul: () => onAnnul(row),
  };
  return (
    <Group gap={4} wrap="nowrap">
      {caseRowActions(row, role).map((action) => {
        const { icon: Icon, tooltip, color } = LOOK[action];
        const name = `${tooltip} ${row.NumeroReferencia}`;
        return (
          <Tooltip key={action} label={action === 'followUps' ? `${tooltip} (${row.CountFollowUp})` : tooltip}>
            {action === 'open' ? (
              <ActionIcon component={Link} to={eventViewPath(row.Meta, 'details')} variant="subtle" color={color} size="lg" aria-label={name}>
                <Icon size={18} />
              </ActionIcon>
            ) : (
              <ActionIcon variant="subtle" color={color} size="lg" aria-label={name} onClick={handlers[action]}>
                <Icon size={18} />
              </ActionIcon>
            )}
          </Tooltip>
        );
      })}
    </Group>
  );
}
