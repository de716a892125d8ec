import { firstSegment } from '@atalaya/domain';
import type { MenuItem } from '../../shared/session';

/** The user's items of one menu ('NavBar' or 'Admin'), in the server's order. */
export function menuItemsOf(items: readonly MenuItem[], menu: 'NavBar' | 'Admin'): MenuItem[] {
  return items.filter((item) => item.Menu === menu).sort((a, b) => a.Order - b.Order);
}

/**
 * The logo link's accessible name: the user's home screen (`User.Url`, docs/roles.md) named by its menu
 * item, so ADMIN hears 'Usuarios' and not a screen it cannot open; 'inicio' when no item names it.
 */
export function homeLinkLabel(url: string, items: readonly MenuItem[]): string {
  const home = items.find((item) => firstSegment(item.URL) === firstSegment(url));
  return home ? `Atalaya, ir a ${home.NameES}` : 'Atalaya, ir al inicio';
}

/** Two-letter initials of a person's name, for the avatar. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters
    .map((word) => word?.charAt(0) ?? '')
    .join('')
    .toUpperCase();
}
