export { NO_KPI_ROLES, noKpiModule, type NoKpiModuleOptions } from './routes.js';
