import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const ROOT = import.meta.dirname;

// ---- Server boundaries (docs/architecture.md) --------------------------------------------
const SERVER_SRC = 'apps/server/src';
const SERVER_MODULES = readdirSync(path.join(ROOT, SERVER_SRC, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The kernels whose imports are fixed (the modules below them): the case-lists engine stands on reach alone. */
const KERNELS = { 'case-lists': ['reach'] };

/** Server zones: who may import what (paths relative to the repository root). */
const SERVER_ZONES = [
  {
    // The layers under the modules never reach up into them (nor into what is built on them).
    target: [`${SERVER_SRC}/db`, `${SERVER_SRC}/http`, `${SERVER_SRC}/shared`],
    from: [`${SERVER_SRC}/modules`, `${SERVER_SRC}/demo`, `${SERVER_SRC}/app.ts`, `${SERVER_SRC}/main.ts`],
    message: 'db/, http/ and shared/ sit under the modules: move what they need down (docs/architecture.md).',
  },
  // A module imports another module through its index.ts only (`../x/index.js`).
  ...SERVER_MODULES.map((name) => ({
    target: `${SERVER_SRC}/modules/${name}/**`,
    from: `${SERVER_SRC}/modules/**`,
    except: [`**/${SERVER_SRC}/modules/${name}/**`, `**/${SERVER_SRC}/modules/*/index.ts`],
    message: `Import another module through its index.ts ('../x/index.js'), not its internals.`,
  })),
  // A kernel stays on its floor (docs/architecture.md, 'The case-lists kernel'): it imports only
  // the modules below it, so that the lists built on it can never be imported back into it.
  ...Object.entries(KERNELS).map(([name, below]) => ({
    target: `${SERVER_SRC}/modules/${name}/**`,
    from: `${SERVER_SRC}/modules/**`,
    except: [`**/${SERVER_SRC}/modules/${name}/**`, ...below.map((module) => `**/${SERVER_SRC}/modules/${module}/index.ts`)],
    message: `The ${name} kernel imports only ${below.join(', ')}: a list module uses the kernel, not the other way round.`,
  })),
  {
    // The storage kernel (the multipart reader, the chunked file store) stands on the first floor:
    // every module that takes or gives a file uses it, so it imports no module.
    target: `${SERVER_SRC}/modules/storage/**`,
    from: `${SERVER_SRC}/modules/**`,
    except: [`**/${SERVER_SRC}/modules/storage/**`],
    message: 'modules/storage is a first-floor kernel: it imports no other module (docs/architecture.md).',
  },
  {
    // Above the modules (app, demo seed, scripts, test support): through each module's index.ts too.
    target: [`${SERVER_SRC}/*.ts`, `${SERVER_SRC}/demo/**`, `${SERVER_SRC}/scripts/**`, `${SERVER_SRC}/test-support/**`, `${SERVER_SRC}/faces/**`],
    from: `${SERVER_SRC}/modules/**`,
    except: [`**/${SERVER_SRC}/modules/*/index.ts`],
    message: `Import a module through its index.ts ('modules/x/index.js'), not its internals.`,
  },
];

// ---- Web boundaries (docs/architecture.md, 'Web') ----------------------------------------
/** The web's features: each is a folder of apps/web/src/features whose only public surface is its index.ts. */
const WEB_FEATURES = readdirSync(path.join(ROOT, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webFeature = (name) => `./apps/web/src/features/${name}`;

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/drizzle/meta/**', 'e2e/test-results/**', 'e2e/.data/**', '.ci/results/**', 'e2e/playwright-report/**', 'data/**', 'coverage/**'],
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
  // ---- Server boundaries: zones and no cycles (docs/architecture.md) ----
  {
    files: [`${SERVER_SRC}/**/*.ts`],
    plugins: { 'import-x': importX },
    settings: {
      // Parse the .ts files imported (no-cycle follows them), resolve '.js' specifiers to them.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(ROOT, 'apps/server/tsconfig.json') })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: SERVER_ZONES }],
    },
  },
  {
    // No cycles between (or within) modules. The Drizzle tables of db/schema reference each other: not checked.
    files: [`${SERVER_SRC}/modules/**/*.ts`],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // ---- end of the server boundaries ----
  {
    // bench/ and e2e/ see the server through the face made for each (apps/server/src/faces/):
    // a module's insides can change without a bench script or a browser test noticing.
    files: ['bench/**/*.ts', 'e2e/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: [path.join(ROOT, 'bench/tsconfig.json'), path.join(ROOT, 'e2e/tsconfig.json')], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: [
            { target: 'bench', from: SERVER_SRC, except: ['./faces/bench.ts'], message: 'bench/ uses the server through apps/server/src/faces/bench.ts.' },
            { target: 'e2e', from: SERVER_SRC, except: ['./faces/e2e.ts'], message: 'e2e/ uses the server through apps/server/src/faces/e2e.ts.' },
            { target: ['bench', 'e2e'], from: 'apps/web/src', message: 'bench/ and e2e/ drive the web through the browser, not its code.' },
          ],
        },
      ],
    },
  },
  {
    // The API contract (ADR 0015): the web calls the API with `call(endpoint, …)` (or `urlOf` for a
    // link), typed by packages/domain/src/api; no hand-built path, no cast answer.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/shared/api/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='api'][callee.property.name=/^(get|post|request)$/]",
          message: 'Call the API through its contract: call(xApi.name, { params, query, body }) from shared/api (ADR 0015).',
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
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
