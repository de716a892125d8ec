import { inject } from 'vitest';
import { createFileDatabase } from './pg-databases.js';

// Set-up file of the `server` project (vitest.config.ts), run before each test file: on the
// PostgreSQL server the file gets a database of its own, copied from the migrated and seeded
// template, and DATABASE_URL names it for everything the file opens (the app, second
// instances, raw pools). On PGlite nothing happens: each file loads its own copy already.
const baseUrl = inject('atalayaPgBaseUrl');
if (baseUrl) process.env.DATABASE_URL = await createFileDatabase(baseUrl);
