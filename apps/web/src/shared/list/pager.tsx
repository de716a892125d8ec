import type { PagedResult, PagerMove, PageRequest } from '@atalaya/domain';
import { ActionIcon, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight, type TablerIcon } from '@tabler/icons-react';
import { pagerRequest, pagerView } from './paging';

export interface PagerProps {
  result: Pick<PagedResult<unknown>, 'PageNumber' | 'PageCount' | 'Total' | 'TotalIsEstimate' | 'FirstKey' | 'LastKey' | 'PageBack' | 'PageNext'>;
  /** A button was pressed: the page to ask for (its number and where it starts, `pageRequestFor`). */
  onPageRequest(request: PageRequest): void;
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

/**
 * First, previous, 'Página n de m', next, last and 'Total encontrados: N' (event spec §2.6).
 * Each button asks for its page by key (keyset paging, docs/api.md 'Paging'); a total above
 * 10,000 is an estimate, shown as '≈ 1,2 millones' with a tooltip that says so.
 */
export function Pager({ result, onPageRequest, busy = false, label }: PagerProps) {
  const view = pagerView(result);
  const go = (move: PagerMove) => () => onPageRequest(pagerRequest(move, result));
  const total = (
    <Text size="sm" c="dimmed" tabIndex={view.totalHint ? 0 : undefined} title={view.totalHint ?? undefined}>
      {view.totalLabel}
    </Text>
  );
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" component="nav" aria-label={label ? `Páginas de ${label}` : 'Páginas'}>
      <Group gap={6} wrap="nowrap">
        <PagerButton icon={IconChevronsLeft} label="Primera página" disabled={busy || !view.canFirst} onClick={go('first')} />
        <PagerButton icon={IconChevronLeft} label="Página anterior" disabled={busy || !view.canPrevious} onClick={go('previous')} />
        <Text size="sm" fw={500} px={6} aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
          {view.pageLabel}
        </Text>
        <PagerButton icon={IconChevronRight} label="Página siguiente" disabled={busy || !view.canNext} onClick={go('next')} />
        <PagerButton icon={IconChevronsRight} label="Última página" disabled={busy || !view.canLast} onClick={go('last')} />
        {busy ? <Loader size="xs" color="teal" role="status" aria-label="Cargando página" /> : null}
      </Group>
      {view.totalHint ? (
        <Tooltip label={view.totalHint} multiline w={260}>
          {total}
        </Tooltip>
      ) : (
        total
      )}
    </Group>
  );
}
