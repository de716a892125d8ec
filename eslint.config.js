import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The web's features: each is a folder of apps/web/src/features whose only public surface is its index.ts. */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webFeature = (name) => `./apps/web/src/features/${name}`;

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/drizzle/meta/**', 'e2e/test-results/**', 'e2e/playwright-report/**', 'data/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Features talk to each other through their public index.ts only.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./(features|modules)/[^/]+/.+',
              message: 'Import another feature through its index.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Web layers (docs/architecture.md, 'Web'): app → features → shared. A feature imports
    // another only through its index.ts; shared/ imports no feature and not the app; no cycles.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle follows imports only into files it can parse: the TypeScript ones.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...WEB_FEATURES.map((name) => ({
              target: WEB_FEATURES.filter((other) => other !== name).map(webFeature),
              from: webFeature(name),
              except: ['./index.ts'],
              message: `Import the ${name} feature through its index.ts.`,
            })),
            {
              target: './apps/web/src/shared',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'shared/ is below the features and the app: it imports neither.',
            },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'A feature does not import the app; the app composes the features.',
            },
          ],
        },
      ],
      'import-x/no-cycle': 'error',
    },
  },
);
