export { workflowModule, type WorkflowModuleOptions } from './routes.js';
