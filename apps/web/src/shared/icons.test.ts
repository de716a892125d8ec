import { IconCircleDot, IconListCheck, IconUsers } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { menuIcon } from './icons';

describe('menu icons', () => {
  it('maps the FontAwesome names of docs/roles.md to Tabler icons', () => {
    expect(menuIcon('fa-tasks')).toBe(IconListCheck);
    expect(menuIcon('fas fa-users')).toBe(IconUsers);
  });

  it('falls back to a neutral icon for names it does not know', () => {
    expect(menuIcon('fa-unknown')).toBe(IconCircleDot);
    expect(menuIcon('')).toBe(IconCircleDot);
  });
});
