import { afterAll, afterEach, inject } from 'vitest';
import { takeErrorCodeMisses } from './error-code-misses.js';
import { createFileDatabase } from './pg-databases.js';

// Set-up file of the `server` project (vitest.config.ts), run before each test file: on the
// PostgreSQL server the file gets a database of its own, copied from the migrated and seeded
// template, and DATABASE_URL names it for everything the file opens (the app, second
// instances, raw pools). On PGlite nothing happens: each file loads its own copy already.
const baseUrl = inject('atalayaPgBaseUrl');
if (baseUrl) process.env.DATABASE_URL = await createFileDatabase(baseUrl);

// Every error answer of a test application holds to its call's list of codes (docs/api.md
// 'Error codes'; http/error-code-check.ts): an unlisted code fails the test that got it (or the
// file, when a beforeAll or afterAll got it).
function failOnUnlistedCodes(): void {
  const message = takeErrorCodeMisses();
  if (message) throw new Error(message);
}
afterEach(failOnUnlistedCodes);
afterAll(failOnUnlistedCodes);
