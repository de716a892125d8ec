import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'teal',
  // Shade 8 keeps white text on filled buttons readable (WCAG AA for large text and icons).
  primaryShade: { light: 8, dark: 6 },
  colors: { magenta },
  defaultRadius: 'md',
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Roboto, "Noto Sans", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Modal: { defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 } } },
    Drawer: { defaultProps: { overlayProps: { backgroundOpacity: 0.35, blur: 1 } } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
  },
});
