import { EVENT_VIEW_TABS, visibleViewTabs, type EventViewTab } from '@atalaya/domain';

/** The tabs a case shows, in the spec's order, with their labels. */
export function viewTabsOf(event: { IsRAM: boolean; TieneFollowUp: boolean }): { step: EventViewTab; label: string }[] {
  const visible = new Set(visibleViewTabs(event));
  return EVENT_VIEW_TABS.filter((tab) => visible.has(tab.step)).map((tab) => ({ ...tab }));
}

/** The tab a route's step opens: an unknown or hidden step opens 'details'. */
export function resolveViewTab(step: string | undefined, event: { IsRAM: boolean; TieneFollowUp: boolean }): EventViewTab {
  return viewTabsOf(event).find((tab) => tab.step === step)?.step ?? 'details';
}
