export { createE2bImportHandler } from './handler.js';
export { e2bImportModule, type E2bImportModuleOptions } from './routes.js';
export { parseBatchFile, readBatch, type ReadBatch } from './batch.js';
export { buildAck } from './ack.js';
export { xsdSchemaCheck } from './schema.js';
export { confirmE2bImport } from './service.js';
