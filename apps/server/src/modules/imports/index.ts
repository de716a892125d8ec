export { type ImportHandler, type ImportJobContext, ImportRejected, type ImportRowError } from './job.js';
