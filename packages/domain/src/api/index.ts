/**
 * The API contract: every endpoint, by module (endpoint.ts). The server registers each as a route;
 * a test (apps/server/src/http/contract.test.ts) holds the registered routes to this table.
 */
import { tasksApi } from './tasks.js';
import { authApi } from './auth.js';
import { usersApi } from './users.js';
import { settingsApi } from './settings.js';
import { filesApi } from './files.js';
import { importsApi } from './imports.js';
import { auditTrailApi } from './audit-trail.js';
import { searchApi } from './search.js';
import { metricsApi } from './metrics.js';
import { nokpiApi } from './nokpi.js';
import { indicatorsApi } from './indicators.js';

export * from './endpoint.js';
export { tasksApi } from './tasks.js';
export { authApi, loginFormSchema, type LoginForm } from './auth.js';
export { usersApi } from './users.js';
export { settingsApi } from './settings.js';
export { filesApi } from './files.js';
export { importsApi } from './imports.js';
export { auditTrailApi } from './audit-trail.js';
export { searchApi } from './search.js';
export { metricsApi } from './metrics.js';
export { nokpiApi } from './nokpi.js';
export { indicatorsApi } from './indicators.js';

/** Every endpoint of the API, by module. */
export const API = {
  tasks: tasksApi,
  auth: authApi,
  users: usersApi,
  settings: settingsApi,
  files: filesApi,
  imports: importsApi,
  auditTrail: auditTrailApi,
  search: searchApi,
  metrics: metricsApi,
  nokpi: nokpiApi,
  indicators: indicatorsApi,
} as const;
