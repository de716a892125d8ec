export { MAX_LLT_RESULTS, meddraModule, type MeddraModuleOptions } from './routes.js';
