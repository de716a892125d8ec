/** The sections of the landing page, in order (platform spec §2 'Public landing page'). */
export const LANDING_SECTIONS = [
  { id: 'inicio', label: 'Inicio' },
  { id: 'quienes-somos', label: 'Quiénes Somos' },
  { id: 'compromiso', label: 'Compromiso' },
  { id: 'reportar', label: 'Reportar' },
  { id: 'companias', label: 'Compañías' },
  { id: 'preguntas-frecuentes', label: 'Preguntas Frecuentes' },
] as const;

export type LandingSectionId = (typeof LANDING_SECTIONS)[number]['id'];

/** Scroll offset used for section tracking (platform spec §9). */
export const SECTION_TRACKING_OFFSET = 450;
/** The top bar turns solid after this many pixels of scroll. */
export const SOLID_BAR_AFTER = 60;

/**
 * The section being read: the last one whose top (page coordinates) is at or above the scroll
 * position plus the tracking offset; the first one near the top of the page.
 */
export function activeSectionAt<T extends string>(tops: readonly { id: T; top: number }[], scrollY: number, offset = SECTION_TRACKING_OFFSET): T | null {
  let active: T | null = tops[0]?.id ?? null;
  for (const section of tops) {
    if (section.top <= scrollY + offset) active = section.id;
  }
  return active;
}
