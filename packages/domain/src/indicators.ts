import { ER_STATUS } from './event-status.js';

/**
 * The indicators' fixed chart palette (platform spec §2: "Status 11 is grey in the pie chart.
 * The chart palette is fixed."): the colour of a series item follows its position in the
 * series, which the server answers in a fixed order (statuses by id, age groups by band,
 * groups by id), so an item keeps its colour whatever the filters. Colours of the teal /
 * magenta scheme (style.md), distinct for colour-blind readers in order.
 */
export const INDICATOR_PALETTE = [
  '#0b7285', // teal
  '#c2255c', // magenta
  '#e8590c', // orange
  '#5f3dc4', // violet
  '#2b8a3e', // green
  '#1864ab', // blue
  '#e67700', // amber
  '#862e9c', // grape
  '#087f5b', // dark teal
  '#a61e4d', // dark magenta
] as const;

/** Status 11 (Anulado) is grey in the 'Por estado' pie. */
export const ANNULLED_GREY = '#868e96';

/** The colour of the status pie's slice of a status (by id). */
export function statusColor(statusId: number): string {
  if (statusId === ER_STATUS.ANULADO) return ANNULLED_GREY;
  return INDICATOR_PALETTE[(statusId - 2 + INDICATOR_PALETTE.length) % INDICATOR_PALETTE.length] ?? ANNULLED_GREY;
}

/** The colour of the n-th item (0-based) of a column chart. */
export function seriesColor(index: number): string {
  return INDICATOR_PALETTE[index % INDICATOR_PALETTE.length] ?? ANNULLED_GREY;
}

/**
 * The percentage of a card: the change of `current` against `previous`, rounded to a whole
 * number; null when there is nothing to compare with (previous 0) — the card then shows no
 * percentage, as it shows none at 0 %.
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}
