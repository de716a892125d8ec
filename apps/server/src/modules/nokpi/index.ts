export { noKpiModule, type NoKpiModuleOptions } from './routes.js';
