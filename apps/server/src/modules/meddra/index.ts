export { MAX_LLT_RESULTS, meddraModule, type MeddraModuleOptions } from './routes.js';
export { lltMatchSchema, type LltMatch } from './schemas.js';
