import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const domainSource = fileURLToPath(new URL('./packages/domain/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@atalaya/domain': domainSource } },
  test: {
    // CI adds a JSON report that .ci/summarize.mjs adds up.
    reporters: process.env.VITEST_JSON ? ['default', 'json'] : ['default'],
    outputFile: process.env.VITEST_JSON ? { json: process.env.VITEST_JSON } : {},
    // Two workers even on two cores (Vitest's default there is one): every server test file has
    // a database of its own (a PGlite copy, or on DATABASE_URL a copy of the template database).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // *.pg.test.ts need the PostgreSQL server (e.g. LISTEN/NOTIFY between instances): not collected on PGlite, rather than skipped.
          exclude: process.env.DATABASE_URL ? configDefaults.exclude : [...configDefaults.exclude, 'src/**/*.pg.test.ts'],
          globalSetup: ['./src/test-support/global-setup.ts'],
          setupFiles: ['./src/test-support/file-database.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One module graph per worker instead of one per file: loading the application for each
          // of the ~120 files cost 280 of 610 s. The files share no state but their database, and
          // each has its own (set-up file file-database.ts, or its PGlite copy).
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'web', root: './apps/web', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] },
      },
    ],
  },
});
