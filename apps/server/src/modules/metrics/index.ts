export { metricsModule, type MetricsModuleOptions } from './routes.js';
export { METRICS_CHANGE } from './service.js';
