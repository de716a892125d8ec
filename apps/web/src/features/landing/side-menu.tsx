import { LANDING_SECTIONS, type LandingSectionId } from './sections';
import classes from './landing-page.module.css';

/** The section menu with scroll tracking (shown only on screens wider than 800 px). */
export function SideMenu({ active }: { active: LandingSectionId | null }) {
  return (
    <nav className={classes.sideMenu} aria-label="Secciones">
      <ul>
        {LANDING_SECTIONS.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`} aria-current={active === section.id ? 'location' : undefined} data-active={active === section.id || undefined}>
              <span className={classes.sideDot} aria-hidden />
              <span className={classes.sideLabel}>{section.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
