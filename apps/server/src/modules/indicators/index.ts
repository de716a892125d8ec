export { INDICATORS_ROLES, indicatorsModule, type IndicatorsModuleOptions } from './routes.js';
