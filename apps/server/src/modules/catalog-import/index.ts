export { catalogImportHandler, type CatalogImportDeps, createCatalogImportHandler } from './handler.js';
export { catalogImportModule } from './routes.js';
