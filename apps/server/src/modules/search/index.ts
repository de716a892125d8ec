export { searchModule, type SearchModuleOptions } from './routes.js';
