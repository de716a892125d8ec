import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../shared/session';
import { initialsOf, menuItemsOf } from './menu-items';

const item = (URL: string, Menu: MenuItem['Menu'], Order: number): MenuItem => ({
  URL,
  NameES: URL,
  TooltipES: '',
  FontAwesomeIcon: 'fa-list',
  Menu,
  Order,
});

describe('menus', () => {
  it('puts each item in its menu, in order, and leaves out the hidden ones', () => {
    const items = [item('/nokpis', 'NavBar', 5), item('/metrics', 'Admin', 2), item('/workflow', 'NavBar', 1), item('/myuser', null, 9)];
    expect(menuItemsOf(items, 'NavBar').map((i) => i.URL)).toEqual(['/workflow', '/nokpis']);
    expect(menuItemsOf(items, 'Admin').map((i) => i.URL)).toEqual(['/metrics']);
  });

  it('makes avatar initials from the first and last names', () => {
    expect(initialsOf('Rosa Laborde')).toBe('RL');
    expect(initialsOf('María del Carmen Pérez')).toBe('MP');
    expect(initialsOf('admin')).toBe('A');
  });
});
