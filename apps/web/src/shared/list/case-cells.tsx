import { erStatusName, eventViewPath, formatYesNo, type ErListRow } from '@atalaya/domain';
import { Anchor, Badge, List, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconFlag3Filled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DateText } from '../display';
import { caseAlert, caseFlag, productText, type CaseColumnKey } from './case-columns';
import { toneColor } from './tone';

/** The reference, a link to the case's details, with the incoming report it came from. */
export function CaseReference({ row }: { row: ErListRow }) {
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={eventViewPath(row.Meta, 'details')} fw={600} onClick={(event) => event.stopPropagation()}>
        {row.NumeroReferencia}
      </Anchor>
      {row.NumeroReferenciaHome ? (
        <Text size="xs" c="dimmed">
          Origen: {row.NumeroReferenciaHome}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The KPI alert badge (with the reasons in a tooltip), or '---'. */
export function CaseAlertBadge({ row }: { row: ErListRow }) {
  const alert = caseAlert(row);
  if (!alert) return <Text c="dimmed">---</Text>;
  return (
    <Tooltip
      multiline
      w={280}
      label={
        <List size="xs" spacing={2}>
          {alert.details.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      }
    >
      <Badge color={toneColor(alert.tone)} variant="light" leftSection={<IconAlertTriangle size={12} aria-hidden />} tabIndex={0}>
        {alert.label}
      </Badge>
    </Tooltip>
  );
}

/** The search variant's flag, coloured as the card. */
export function CaseFlag({ row }: { row: ErListRow }) {
  const flag = caseFlag(row);
  return (
    <Tooltip label={flag.label}>
      <ThemeIcon variant="transparent" color={toneColor(flag.tone)} aria-label={`Alerta: ${flag.label}`} role="img" tabIndex={0}>
        <IconFlag3Filled size={18} />
      </ThemeIcon>
    </Tooltip>
  );
}

export function CaseStatus({ row }: { row: ErListRow }) {
  return (
    <Badge variant="light" color="teal" radius="sm" style={{ textTransform: 'none' }}>
      {erStatusName(row.Estado)}
    </Badge>
  );
}

const dash = (value: string | null | undefined) => (value?.trim() ? value : '---');

/** The content of each column of a case list. */
export const CASE_CELLS: Record<CaseColumnKey, (row: ErListRow) => ReactNode> = {
  flag: (row) => <CaseFlag row={row} />,
  identifier: (row) => <CaseReference row={row} />,
  country: (row) => dash(row.Pais),
  company: (row) => dash(row.Compania),
  product: (row) => productText(row),
  status: (row) => <CaseStatus row={row} />,
  ramType: (row) => dash(row.TipoRAM),
  updated: (row) => <DateText value={row.FechaSolicitud} withTime />,
  historic: (row) => formatYesNo(row.IsHistoric),
  alert: (row) => <CaseAlertBadge row={row} />,
};
