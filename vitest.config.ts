import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const domainSource = fileURLToPath(new URL('./packages/domain/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@atalaya/domain': domainSource } },
  test: {
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
          globalSetup: ['./src/test-support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        extends: true,
        test: { name: 'web', root: './apps/web', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] },
      },
    ],
  },
});
