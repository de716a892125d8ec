export { contextModule, type ContextModuleOptions } from './routes.js';
