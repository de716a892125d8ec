import { appendFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { UnlistedErrorCode } from '../http/error-code-check.js';

/**
 * The error answers of the test applications whose `Code` their route does not list
 * (http/error-code-check.ts), kept until the server test set-up (file-database.ts) takes them
 * after each test and fails it. With `ATALAYA_ERROR_CODE_MISSES=<file>` each is also appended
 * to that file as a JSON line, to gather a whole run's at once.
 */
export interface ErrorCodeMiss extends UnlistedErrorCode {
  test: string;
  file: string;
}

const misses: ErrorCodeMiss[] = [];

export function recordErrorCodeMiss(unlisted: UnlistedErrorCode): void {
  const state = expect.getState();
  const miss: ErrorCodeMiss = { ...unlisted, test: state.currentTestName ?? '(outside a test)', file: state.testPath ?? '' };
  misses.push(miss);
  const file = process.env.ATALAYA_ERROR_CODE_MISSES;
  if (file) appendFileSync(file, `${JSON.stringify(miss)}\n`);
}

/** The misses recorded since the last call, as a message naming what to declare; null when none. */
export function takeErrorCodeMisses(): string | null {
  if (misses.length === 0) return null;
  const lines = [...new Set(misses.splice(0).map((miss) => `  ${miss.route} answered ${miss.status} ${miss.code ?? 'without a Code'}`))];
  return [
    'Error answers whose Code the call does not list (docs/api.md, "Error codes"):',
    ...lines,
    "Declare each on its endpoint's `errors` in packages/domain/src/api/ (a refusal without a Code: give its text a catalogue entry), then `npm run openapi:update`.",
  ].join('\n');
}
