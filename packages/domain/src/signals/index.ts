export * from './counting.js';
export * from './disproportionality.js';
export * from './ebgm.js';
export * from './nelder-mead.js';
export * from './scores.js';
