import { EVENT_VIEW_TABS, visibleViewTabs, type EventViewTab } from '@atalaya/domain';

type TabCase = { IsRAM: boolean; TieneFollowUp: boolean; IsHistoric?: boolean };

/** The tabs a case shows to a role, in the spec's order (Envíos E2B last, QPPV and RLF only), with their labels. */
export function viewTabsOf(event: TabCase, role?: string | null): { step: EventViewTab; label: string }[] {
  const visible = new Set(visibleViewTabs(event, role));
  return EVENT_VIEW_TABS.filter((tab) => visible.has(tab.step)).map((tab) => ({ ...tab }));
}

/** The tab a route's step opens: an unknown or hidden step opens 'details'. */
export function resolveViewTab(step: string | undefined, event: TabCase, role?: string | null): EventViewTab {
  return viewTabsOf(event, role).find((tab) => tab.step === step)?.step ?? 'details';
}
