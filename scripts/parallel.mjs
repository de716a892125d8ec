#!/usr/bin/env node
// Runs commands side by side, as many at once as the machine has cores (or PARALLEL_JOBS), in the
// order given (put the longest first). Each command's output is printed whole when it ends, with
// its wall-clock time, so that logs do not interleave. Exits with the first failure's status once
// every started command has ended; commands not yet started are not started after a failure.
//
//   node scripts/parallel.mjs "npm run typecheck -w apps/server" "npm run lint"
//
// tsc and ESLint use one core each: on the 2-core CI machine `npm run check` takes about half the
// time this way (issue 34 §8).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: node scripts/parallel.mjs "<command>" ["<command>" …]');
  process.exit(2);
}
const slots = Math.max(1, Number(process.env.PARALLEL_JOBS) || availableParallelism());

let next = 0;
let failure = 0;

function run(command) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const status = code ?? (signal ? 1 : 0);
      process.stdout.write(`── ${command} (${seconds} s${status === 0 ? '' : `, failed: ${signal ?? code}`})\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(status);
    });
  });
}

async function worker() {
  while (next < commands.length && failure === 0) {
    const status = await run(commands[next++]);
    if (status !== 0 && failure === 0) failure = status;
  }
}

await Promise.all(Array.from({ length: Math.min(slots, commands.length) }, worker));
process.exit(failure);
