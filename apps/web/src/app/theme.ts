import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  luminance,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

/** The secondary colour of the platform (spec §1: primary teal, secondary magenta). */
const magenta: MantineColorsTuple = [
  '#ffe9f6',
  '#ffd1e8',
  '#faa1cf',
  '#f66eb4',
  '#f2439d',
  '#f0288e',
  '#e0197f',
  '#c80a6f',
  '#b30062',
  '#9c0055',
];

/**
 * A light button or badge given a shade ('magenta.7', 'yellow.8') is, in Mantine, that solid shade
 * under the colour's darkest text (1.2–1.5:1, it looks disabled). Here it is the colour's pale
 * background under the given shade, darkened as needed to read (WCAG AA).
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (input.variant !== 'light' || !parsed.isThemeColor || parsed.shade === undefined) return colors;
  const shades = input.theme.colors[parsed.color];
  if (!shades) return colors;
  return {
    ...colors,
    background: `var(--mantine-color-${parsed.color}-light)`,
    hover: `var(--mantine-color-${parsed.color}-light-hover)`,
    color: readableOn(shades[parsed.shade] ?? shades[9], shades[2]),
  };
};

export const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9: white text on filled buttons and badges at 5:1 (WCAG AA for normal text).
  primaryShade: { light: 9, dark: 6 },
  colors: { magenta },
  defaultRadius: 'md',
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Roboto, "Noto Sans", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  // A user whose system asks for less motion gets dialogs, menus and collapses without their
  // transitions (WCAG 2.3.3); the browser tests ask for it too, so axe never reads a half-faded colour.
  respectReducedMotion: true,
  variantColorResolver,
  components: {
    Button: { defaultProps: { radius: 'md' } },
    // Overlays dim without blurring: a backdrop blur repaints the whole page behind a dialog on
    // every change (measured: 45 % of the browser's CPU over the public form's dialog, software-rendered).
    // Every dialog's ✕ has a name for a screen reader (a dialog may still give a more precise one).
    Modal: { defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.45 }, closeButtonProps: { 'aria-label': 'Cerrar' } } },
    Drawer: { defaultProps: { overlayProps: { backgroundOpacity: 0.35 }, closeButtonProps: { 'aria-label': 'Cerrar' } } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
  },
});

/** WCAG 2.x AA for normal text (4.5:1), with a margin for rounding. */
export const MIN_TEXT_CONTRAST = 4.6;

export function contrastRatio(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color`, darkened in small steps until text of it reads on `background` (WCAG AA). */
export function readableOn(color: string, background: string): string {
  let candidate = color;
  for (let step = 1; contrastRatio(candidate, background) < MIN_TEXT_CONTRAST && step <= 20; step += 1) candidate = darken(color, step * 0.04);
  return candidate;
}


/**
 * Issue 20 §2: Mantine's light scheme gives some colours unreadable text (a light yellow button
 * writes yellow.9 on yellow.1 at 2.7:1; filled orange is 4.3:1 under white; dimmed gray is 3.3:1).
 * For every colour of the theme, the filled background under white text, the text and outline of
 * a colour, and the text of the light variant (on its background or its hover) are darkened just enough to reach AA; the
 * 'dimmed' and placeholder greys are darker than Mantine's.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6b7178',
  };
  const shade = typeof resolved.primaryShade === 'number' ? resolved.primaryShade : resolved.primaryShade.light;
  // The darkest neutral background text of a colour sits on: a hovered or striped row (gray.1).
  // A colour that reads there reads on white and on the page's gray.0, and white reads on it.
  const rowGray = resolved.colors.gray[1];
  for (const [name, shades] of Object.entries(resolved.colors)) {
    const filled = readableOn(shades[shade], rowGray);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-text`] = filled;
    light[`--mantine-color-${name}-outline`] = filled;
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], shades[2]);
  }
  light['--mantine-color-anchor'] = `var(--mantine-color-${resolved.primaryColor}-text)`;
  return { variables: {}, light, dark: {} };
};
