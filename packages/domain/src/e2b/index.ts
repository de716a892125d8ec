export * from './icsr.js';
export * from './mapping.js';
export * from './code-lists.js';
export * from './ich-elements.js';
export * from './rules.js';
export * from './sample.js';
export * from './submissions.js';
export * from './receivers.js';
