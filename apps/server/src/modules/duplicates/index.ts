export { duplicatesModule, type DuplicatesModuleOptions } from './routes.js';
