export { catalogImportHandler, type CatalogImportDeps, createCatalogImportHandler } from './handler.js';
export { CATALOG_TEMPLATE_ROLES, catalogImportModule } from './routes.js';
