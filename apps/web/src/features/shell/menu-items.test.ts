import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../shared/session';
import { homeLinkLabel, initialsOf, menuItemsOf } from './menu-items';

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

  it("names the logo link after the user's home screen, not after Tareas for every role", () => {
    const items = [
      { ...item('/workflow', 'NavBar', 1), NameES: 'Tareas' },
      { ...item('/eventsearch', 'NavBar', 2), NameES: 'Buscar' },
      { ...item('/adminusers', 'Admin', 1), NameES: 'Usuarios' },
    ];
    expect(homeLinkLabel('/workflow', items)).toBe('Atalaya, ir a Tareas');
    expect(homeLinkLabel('/eventsearch', items)).toBe('Atalaya, ir a Buscar');
    expect(homeLinkLabel('/adminusers', items)).toBe('Atalaya, ir a Usuarios');
    expect(homeLinkLabel('/AdminUsers/7', items)).toBe('Atalaya, ir a Usuarios');
    expect(homeLinkLabel('/nokpis', items)).toBe('Atalaya, ir al inicio');
  });
});
