#!/usr/bin/env node
// The TypeScript compiler of the builds and type checks: the native TypeScript 7 compiler,
// installed as the `typescript-native` alias beside TypeScript 5.9 (which typescript-eslint's
// parser requires, < 6.1). Called by path, never as `tsc` from node_modules/.bin: both packages
// have a `tsc` bin and npm links either one. It checks and emits the same as 5.9 for about half
// the CPU, and the 2-core CI machine spends most of its check phase type-checking (ADR 0016).
//
//   node ../../scripts/tsc.mjs -p tsconfig.json --noEmit      (from a workspace)
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const compiler = path.join(path.dirname(require.resolve('typescript-native/package.json')), 'bin', 'tsc');
const child = spawn(process.execPath, [compiler, ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
