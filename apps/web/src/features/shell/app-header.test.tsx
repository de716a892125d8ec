import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../shared/session';
import { AppHeader, USER_MENU_LABEL } from './app-header';

const user: SessionUser = {
  Id: '7',
  Rol: 'RLF',
  Url: '/workflow',
  MenuItems: [],
  AcceptTerms: true,
  Country: 'UY',
  Email: 'rosa@example.com',
  Name: 'Rosa Laborde',
  TimeZone: 'America/Montevideo',
};

/** The user button's markup: the header's only <button> without an aria-label of its own. */
function userButton(compact: boolean): string {
  const html = renderToStaticMarkup(
    <MantineProvider>
      <MemoryRouter>
        <AppHeader user={user} compact={compact} navItems={[]} adminItems={[]} navOpened={false} onToggleNav={() => undefined} onOpenUser={() => undefined} />
      </MemoryRouter>
    </MantineProvider>,
  );
  const buttons = [...html.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)].filter((match) => (match[2] ?? '').includes(USER_MENU_LABEL));
  expect(buttons).toHaveLength(1);
  return buttons[0]?.[0] ?? '';
}

/** The text a screen reader reads from the markup, in order. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('AppHeader user button', () => {
  it('has no aria-label, so its accessible name is its visible text followed by the hidden "Menú de usuario" (axe label-content-name-mismatch)', () => {
    for (const compact of [false, true]) {
      const button = userButton(compact);
      expect(button).not.toMatch(/aria-label=/);
      const name = textOf(button);
      expect(name.endsWith(USER_MENU_LABEL)).toBe(true);
      expect(name.startsWith('RL')).toBe(true);
    }
    expect(textOf(userButton(false))).toBe(`RL Rosa Laborde RLF ${USER_MENU_LABEL}`);
    expect(textOf(userButton(true))).toBe(`RL ${USER_MENU_LABEL}`);
  });
});

describe('AppHeader logo', () => {
  it("links to the user's home URL (docs/roles.md): ADMIN's logo goes to its users screen, not to /workflow", () => {
    const admin: SessionUser = {
      ...user,
      Rol: 'ADMIN',
      Url: '/adminusers',
      MenuItems: [{ URL: '/adminusers', NameES: 'Usuarios', TooltipES: '', FontAwesomeIcon: 'fa-users', Menu: 'Admin', Order: 1 }],
    };
    const html = renderToStaticMarkup(
      <MantineProvider>
        <MemoryRouter>
          <AppHeader user={admin} compact={false} navItems={[]} adminItems={admin.MenuItems} navOpened={false} onToggleNav={() => undefined} onOpenUser={() => undefined} />
        </MemoryRouter>
      </MantineProvider>,
    );
    const logo = /<a\b[^>]*aria-label="Atalaya, ir a Usuarios"[^>]*>/.exec(html)?.[0] ?? '';
    expect(logo).toContain('href="/adminusers"');
    expect(html).not.toContain('href="/workflow"');
  });
});
