export { e2bModule, type E2bModuleOptions } from './routes.js';
export { loadIcsr, currentMeddraVersion, hl7Day, hl7Moment, worldwideCaseId, DEFAULT_E2B_SENDER, type IcsrContext } from './load.js';
export { buildBatchXml } from './build.js';
export { validateXml, preloadSchema, BATCH_SCHEMA, ACK_SCHEMA, type XsdProblem } from './xsd.js';
export { parseAck, type ParsedAck } from './ack.js';
export { exportMeddraVersion, exportSender, DEFAULT_E2B_SENDER_ID } from './config.js';
export { listReceivers } from './receivers.js';
// The bench (src/faces/bench.ts) times a case's and a batch's export as the routes run them.
export { exportCase } from './service.js';
export { exportBatch } from './batch.js';
export { loadIcsrs } from './load.js';
