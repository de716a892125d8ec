/**
 * The colour names the specs use for statuses and alerts (Bootstrap-like). The web app maps
 * them to its theme: info → blue, warning → yellow, danger → red, success → green,
 * secondary → grey.
 */
export type Tone = 'info' | 'warning' | 'danger' | 'success' | 'secondary';
