export { duplicatesModule, type DuplicatesModuleOptions } from './routes.js';
export { duplicateScanHandler } from './scan.js';
export { createPairRecorder, type PairRecorder } from './recorder.js';
// The calibration of the threshold (bench/calibrate-duplicates.ts) rebuilds decided pairs as the server reads them.
export { loadCaseRecords, reportRecord, type ComparedRecord, type ReportRow } from './records.js';
export { candidateIds, valueFrequencies } from './queries.js';
export { duplicateThreshold } from './service.js';
// The whole-database scan run in process by bench/duplicates.ts (--scan-in-place).
export { scanFrequencies } from './batch.js';
export { type ScanProfile, scanRegistry } from './registry.js';
