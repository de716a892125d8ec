export { filesModule, type FilesModuleOptions } from './routes.js';
export { documentsOfCaseInReach } from './service.js';
