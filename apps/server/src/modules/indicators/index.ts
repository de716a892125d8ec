export { indicatorsModule, type IndicatorsModuleOptions } from './routes.js';
