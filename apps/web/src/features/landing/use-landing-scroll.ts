import { useWindowScroll } from '@mantine/hooks';
import { activeSectionAt, LANDING_SECTIONS, SOLID_BAR_AFTER, type LandingSectionId } from './sections';

/** Whether the top bar is solid and which section is being read, from the window's scroll. */
export function useLandingScroll(): { solid: boolean; active: LandingSectionId | null } {
  const [{ y }] = useWindowScroll();
  const tops = LANDING_SECTIONS.flatMap(({ id }) => {
    const element = typeof document === 'undefined' ? null : document.getElementById(id);
    return element ? [{ id, top: element.getBoundingClientRect().top + window.scrollY }] : [];
  });
  return { solid: y > SOLID_BAR_AFTER, active: activeSectionAt(tops, y) };
}
