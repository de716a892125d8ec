export * from './form.js';
export * from './from-icsr.js';
