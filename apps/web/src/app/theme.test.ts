import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, readableOn, theme } from './theme';

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(resolved).light;
const AA = 4.5;

describe('the theme’s colours (issue 20 §2: WCAG AA contrast)', () => {
  it('puts white text on every filled colour at AA or better', () => {
    for (const name of Object.keys(resolved.colors)) {
      expect(contrastRatio('#ffffff', light[`--mantine-color-${name}-filled`] ?? ''), name).toBeGreaterThanOrEqual(AA);
    }
  });

  it('writes a light button or badge of any colour readably on its pale background', () => {
    for (const [name, shades] of Object.entries(resolved.colors)) {
      expect(contrastRatio(light[`--mantine-color-${name}-light-color`] ?? '', shades[1]), name).toBeGreaterThanOrEqual(AA);
    }
  });

  it('writes links in the primary text colour, readable on a hovered row', () => {
    expect(light['--mantine-color-anchor']).toBe('var(--mantine-color-teal-text)');
    expect(contrastRatio(light['--mantine-color-teal-text'] ?? '', resolved.colors.gray[1])).toBeGreaterThanOrEqual(AA);
  });

  it('keeps dimmed text and placeholders readable on white and on the page’s gray', () => {
    for (const background of ['#ffffff', resolved.colors.gray[0]]) {
      expect(contrastRatio(light['--mantine-color-dimmed'] ?? '', background)).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(light['--mantine-color-placeholder'] ?? '', background)).toBeGreaterThanOrEqual(AA);
    }
  });

  it('draws a light button given a shade (Revisar, the public form’s No) as readable text on its colour’s pale background', () => {
    for (const color of ['yellow.8', 'magenta.7', 'orange.6']) {
      const [name = ''] = color.split('.');
      const look = resolved.variantColorResolver({ color, variant: 'light', theme: resolved });
      expect(look.background).toBe(`var(--mantine-color-${name}-light)`);
      expect(contrastRatio(look.color, resolved.colors[name]?.[2] ?? ''), color).toBeGreaterThanOrEqual(AA);
    }
  });

  it('leaves a colour that already reads as it is', () => {
    expect(readableOn('#087f5b', '#ffffff')).toBe('#087f5b');
    expect(contrastRatio(readableOn('#fab005', '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(AA);
  });
});
