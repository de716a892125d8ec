export * from './icsr.js';
export * from './mapping.js';
export * from './code-lists.js';
