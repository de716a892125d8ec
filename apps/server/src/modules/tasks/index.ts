export { tasksModule, type TasksModuleOptions } from './routes.js';
