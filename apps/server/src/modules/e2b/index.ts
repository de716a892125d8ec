export { buildBatchXml } from './build.js';
export { ACK_SCHEMA, BATCH_SCHEMA, validateXml, type XsdProblem } from './xsd.js';
