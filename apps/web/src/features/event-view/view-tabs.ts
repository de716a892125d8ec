import { EVENT_VIEW_TABS, visibleViewTabs, type EventViewTab } from '@atalaya/domain';

/**
 * The tabs this page builds so far. RAM and Recuperacion arrive with the rest of issue 6;
 * until then they are not offered (rather than shown empty).
 */
export const BUILT_VIEW_TABS: readonly EventViewTab[] = ['details', 'docuemnts', 'operations', 'evaluation', 'followup', 'pdfs', 'eventoSeguimiento'];

/** The tabs a case shows here, in the spec's order, with their labels. */
export function viewTabsOf(event: { IsRAM: boolean; TieneFollowUp: boolean }): { step: EventViewTab; label: string }[] {
  const visible = new Set(visibleViewTabs(event));
  return EVENT_VIEW_TABS.filter((tab) => visible.has(tab.step) && BUILT_VIEW_TABS.includes(tab.step)).map((tab) => ({ ...tab }));
}

/** The tab a route's step opens: an unknown or hidden step opens 'details'. */
export function resolveViewTab(step: string | undefined, event: { IsRAM: boolean; TieneFollowUp: boolean }): EventViewTab {
  return viewTabsOf(event).find((tab) => tab.step === step)?.step ?? 'details';
}

/** Operation types of the history (event spec §4). */
export function operationTypeLabel(type: 'I' | 'U' | 'D'): string {
  return { I: 'Creado', U: 'Actualizado', D: 'Borrado' }[type];
}
