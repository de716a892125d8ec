export { casePdfModule, type CasePdfModuleOptions } from './routes.js';
