/**
 * The API contract: every endpoint, by module (endpoint.ts). The server registers each as a route;
 * a test (apps/server/src/http/contract.test.ts) holds the registered routes to this table.
 */
import { tasksApi } from './tasks.js';

export * from './endpoint.js';
export { tasksApi } from './tasks.js';

/** Every endpoint of the API, by module. */
export const API = {
  tasks: tasksApi,
} as const;
