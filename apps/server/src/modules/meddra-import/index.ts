export { createMeddraImportHandler, meddraImportHandler, type MeddraImportOptions, type MeddraImportPhase } from './handler.js';
export { loadedMeddraVersion, type LoadedMeddraVersion } from './version.js';
