// Señales (issue 32; docs/signals.md 'The screen'): the disproportionality table, its charts and export.
export { SignalsPage } from './signals-page';
