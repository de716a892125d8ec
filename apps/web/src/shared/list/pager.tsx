import type { PagedResult } from '@atalaya/domain';
import { ActionIcon, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight, type TablerIcon } from '@tabler/icons-react';
import { pagerView } from './paging';

export interface PagerProps {
  result: Pick<PagedResult<unknown>, 'PageNumber' | 'PageCount' | 'Total'>;
  onPageChange(page: number): void;
  /** A page is on its way: the buttons wait for it. */
  busy?: boolean;
  /** What the list holds, for the buttons' names ('eventos reportables'). */
  label?: string;
}

function PagerButton({ icon: Icon, label, disabled, onClick }: { icon: TablerIcon; label: string; disabled: boolean; onClick(): void }) {
  return (
    <Tooltip label={label} disabled={disabled}>
      <ActionIcon variant="default" size="lg" radius="md" aria-label={label} disabled={disabled} onClick={onClick}>
        <Icon size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** First, previous, 'Página n de m', next, last and 'Total encontrados: N' (event spec §2.6). */
export function Pager({ result, onPageChange, busy = false, label }: PagerProps) {
  const view = pagerView(result);
  const go = (page: number) => () => onPageChange(page);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" component="nav" aria-label={label ? `Páginas de ${label}` : 'Páginas'}>
      <Group gap={6} wrap="nowrap">
        <PagerButton icon={IconChevronsLeft} label="Primera página" disabled={busy || !view.canFirst} onClick={go(1)} />
        <PagerButton icon={IconChevronLeft} label="Página anterior" disabled={busy || !view.canPrevious} onClick={go(view.page - 1)} />
        <Text size="sm" fw={500} px={6} aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
          {view.pageLabel}
        </Text>
        <PagerButton icon={IconChevronRight} label="Página siguiente" disabled={busy || !view.canNext} onClick={go(view.page + 1)} />
        <PagerButton icon={IconChevronsRight} label="Última página" disabled={busy || !view.canLast} onClick={go(view.pageCount)} />
        {busy ? <Loader size="xs" color="teal" aria-label="Cargando página" /> : null}
      </Group>
      <Text size="sm" c="dimmed">
        {view.totalLabel}
      </Text>
    </Group>
  );
}
