import { casePdfApi, casePdfFileName, eventViewPath, type SearchRow } from '@atalaya/domain';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconArrowRight, IconFiles, IconFileTypePdf, IconHistory, IconMessages, type TablerIcon } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { urlOf } from '../../shared/api';
import { downloadCaseFile } from '../files';
import { searchRowActions, type SearchRowAction } from './row-actions';

export interface SearchRowActionsProps {
  row: SearchRow;
  onComments(row: SearchRow): void;
  onFollowUps(row: SearchRow): void;
}

const LOOK: Record<SearchRowAction, { icon: TablerIcon; tooltip: string }> = {
  open: { icon: IconArrowRight, tooltip: 'Abrir el evento' },
  comments: { icon: IconMessages, tooltip: 'Ver comentarios' },
  followUps: { icon: IconFiles, tooltip: 'Ver reportes de seguimiento' },
  pdf: { icon: IconFileTypePdf, tooltip: 'Descargar PDF' },
  audit: { icon: IconHistory, tooltip: 'Auditoría' },
};

/** The links of a row: the case (details) and its Operaciones tab (the audit of the case). */
const LINKS: Partial<Record<SearchRowAction, (row: SearchRow) => string>> = {
  open: (row) => eventViewPath(row.Meta, 'details'),
  audit: (row) => eventViewPath(row.Meta, 'operations'),
};

/** The icon buttons of a search row (event spec §4): open, comments, follow-ups, PDF, Auditoría. */
export function SearchRowActions({ row, onComments, onFollowUps }: SearchRowActionsProps) {
  const [downloading, setDownloading] = useState(false);
  const downloadPdf = async () => {
    setDownloading(true);
    try {
      // `getERPDF/{meta}` generates and keeps the PDF; a failure is shown by the API client.
      await downloadCaseFile(urlOf(casePdfApi.getERPDF, { params: { id: row.Meta } }), casePdfFileName(row.NumeroReferencia));
    } catch {
      // Already told to the user (spec §8: a failed PDF export changes nothing else).
    } finally {
      setDownloading(false);
    }
  };
  const handlers: Partial<Record<SearchRowAction, () => void>> = {
    comments: () => onComments(row),
    followUps: () => onFollowUps(row),
    pdf: () => void downloadPdf(),
  };

  return (
    <Group gap={4} wrap="nowrap">
      {searchRowActions(row).map((action) => {
        const { icon: Icon, tooltip } = LOOK[action];
        const name = `${tooltip} ${row.NumeroReferencia}`;
        const link = LINKS[action];
        return (
          <Tooltip key={action} label={action === 'followUps' ? `${tooltip} (${row.CountFollowUp})` : tooltip}>
            {link ? (
              <ActionIcon component={Link} to={link(row)} variant="subtle" color="teal" size="lg" aria-label={name}>
                <Icon size={18} />
              </ActionIcon>
            ) : (
              <ActionIcon
                variant="subtle"
                color="teal"
                size="lg"
                aria-label={name}
                onClick={handlers[action]}
                loading={action === 'pdf' && downloading}
              >
                <Icon size={18} />
              </ActionIcon>
            )}
          </Tooltip>
        );
      })}
    </Group>
  );
}
