export { MAX_LLT_RESULTS, meddraModule, type MeddraModuleOptions } from './routes.js';
export { visibleLlt } from './queries.js';
