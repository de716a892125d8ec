export { loadIcsr, type IcsrContext } from './load.js';
