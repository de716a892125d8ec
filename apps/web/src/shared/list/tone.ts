import type { Tone } from '@atalaya/domain';

/** The theme colour of each tone the specs name (domain tone.ts): info blue, warning yellow… */
const TONE_COLORS: Record<Tone, string> = {
  info: 'blue',
  warning: 'yellow',
  danger: 'red',
  success: 'green',
  secondary: 'gray',
};

export function toneColor(tone: Tone): string {
  return TONE_COLORS[tone];
}
