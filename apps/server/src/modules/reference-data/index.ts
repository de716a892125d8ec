export { referenceDataModule, type ReferenceDataModuleOptions } from './routes.js';
