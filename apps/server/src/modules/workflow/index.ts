export { workflowModule, type WorkflowModuleOptions } from './routes.js';
export { annulResultSchema, type AnnulResult } from './schemas.js';
