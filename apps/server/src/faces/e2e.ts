/**
 * The server's face for e2e/ (docs/architecture.md 'Faces'): the little the browser tests read
 * of the server's code: the demo dictionary the server seeds, the PDF text reader and the captcha
 * solver the server's tests use. It imports no module: a Playwright worker loads it without the
 * server.
 */
export { solvedCaptchaPayload } from '../test-support/captcha-solver.js';
export { meddraHlgts, meddraHlts, meddraLlts, meddraPts, meddraSocs } from '../db/seed/data/meddra.js';
export { pdfText } from '../test-support/pdf-text.js';
