export { tasksModule, type TasksModuleOptions } from './routes.js';
export { annulResultSchema, type AnnulResult } from './schemas.js';
