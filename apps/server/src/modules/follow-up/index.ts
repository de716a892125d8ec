export { followUpModule, type FollowUpModuleOptions } from './routes.js';
