import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImportKind } from '@atalaya/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { imports } from '../db/schema/index.js';
import type { ImportJobContext } from '../modules/imports/index.js';

/** A call a handler made on its context, in order. */
export type RecordedCall =
  | { call: 'declareTables'; names: readonly string[] }
  | { call: 'tableStarted'; name: string; percentage: number }
  | { call: 'tableProgress'; name: string; inserted: number; percentage: number }
  | { call: 'tableDone'; name: string; inserted: number; percentage: number }
  | { call: 'setVersion'; version: string };

export interface TestImportJob {
  ctx: ImportJobContext;
  calls: RecordedCall[];
  /** Aborts the job's signal (a cancel). */
  controller: AbortController;
  /** Ends the job's import (S, unless something ended it) and removes its file. */
  cleanup(): Promise<void>;
}

/**
 * A handler's context for a test: the `imports` row (status D, the given user), the file
 * written to a temporary folder, and every call recorded rather than stored. Not the runner:
 * what the runner does with the calls is its own tests' business. `onCall` runs after each
 * call is recorded (a test cancels from it).
 */
export async function createImportJob(
  db: Db,
  options: { kind?: ImportKind; userId: string; fileName: string; content: string | Uint8Array; onCall?: (call: RecordedCall, job: TestImportJob) => void },
): Promise<TestImportJob> {
  const code = `TEST-${randomUUID()}`;
  const kind = options.kind ?? 'data';
  // One import of a kind may be P or D at a time (imports_one_active_per_kind): an earlier test's
  // job that was not cleaned up is ended first, as the runner would have ended it.
  await db
    .update(imports)
    .set({ status: 'C', dateEnd: new Date() })
    .where(and(eq(imports.kind, kind), inArray(imports.status, ['P', 'D'])));
  const [row] = await db
    .insert(imports)
    .values({ codeImport: code, kind, userId: options.userId, fileName: options.fileName, status: 'D' })
    .returning({ id: imports.id });
  if (!row) throw new Error('Import not created');
  const folder = await mkdtemp(join(tmpdir(), 'atalaya-import-test-'));
  const filePath = join(folder, 'upload');
  await writeFile(filePath, options.content);
  const calls: RecordedCall[] = [];
  const controller = new AbortController();
  const record = async (call: RecordedCall) => {
    calls.push(call);
    options.onCall?.(call, job);
  };
  const job: TestImportJob = {
    calls,
    controller,
    cleanup: async () => {
      await db.update(imports).set({ status: 'S', dateEnd: new Date() }).where(and(eq(imports.id, row.id), isNull(imports.dateEnd)));
      await rm(folder, { recursive: true, force: true });
    },
    ctx: {
      db,
      importId: row.id,
      code,
      filePath,
      fileName: options.fileName,
      password: null,
      signal: controller.signal,
      declareTables: (names) => record({ call: 'declareTables', names: [...names] }),
      tableStarted: (name, percentage) => record({ call: 'tableStarted', name, percentage }),
      tableProgress: (name, inserted, percentage) => record({ call: 'tableProgress', name, inserted, percentage }),
      tableDone: (name, inserted, percentage) => record({ call: 'tableDone', name, inserted, percentage }),
      setVersion: (version) => record({ call: 'setVersion', version }),
    },
  };
  return job;
}
