/**
 * The server's face for e2e/ (docs/architecture.md 'Faces'): the little the browser tests read
 * of the server's code: the demo dictionary the server seeds, and the PDF text reader the
 * server's tests use. It imports no module: a Playwright worker loads it without the server.
 */
export { meddraHlgts, meddraHlts, meddraLlts, meddraPts, meddraSocs } from '../db/seed/data/meddra.js';
export { pdfText } from '../test-support/pdf-text.js';
