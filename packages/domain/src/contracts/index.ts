/**
 * Response contracts: the zod schema of every JSON answer of the API, used by the server's
 * route schemas (and so by the OpenAPI document) and, through `z.infer`, by the web's calls.
 * The case records' contracts live in case-records.ts, case-view.ts and work-lists.ts.
 */
export * from './http.js';
export * from './auth.js';
export * from './context.js';
export * from './catalog.js';
export * from './meddra.js';
export * from './reference-data.js';
export * from './home-reports.js';
export * from './tasks.js';
export * from './case-workflow.js';
export * from './case-medications.js';
export * from './files.js';
export * from './search.js';
export * from './users.js';
export * from './metrics.js';
export * from './indicators.js';
export * from './audit-trail.js';
export * from './nokpi.js';
export * from './imports.js';
export * from './e2b-import.js';
export * from './duplicates.js';
export * from './signals.js';
export * from './signal-register.js';
