import { and, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { ImportKind } from '@atalaya/domain';
import type { Db } from '../db/client.js';
import { imports } from '../db/schema/index.js';
import type { ImportJobContext } from '../modules/imports/index.js';
import { createUser } from './factories.js';

/** A call a handler made on its context, in order. */
export type ImportCall =
  | { call: 'declareTables'; names: string[] }
  | { call: 'tableStarted'; name: string; percentage: number }
  | { call: 'tableProgress'; name: string; inserted: number; percentage: number }
  | { call: 'tableDone'; name: string; inserted: number; percentage: number }
  | { call: 'setVersion'; version: string };

export interface RecordingContext {
  ctx: ImportJobContext;
  calls: ImportCall[];
  /** The entries as declared, with their final counts (null until done). */
  tables(): { table: string; inserted: number | null }[];
  version(): string | null;
  /** Cancels the import (the signal the handler watches). */
  abort(): void;
}

/**
 * The context a handler runs with, for its tests (the job runner builds the real one): an
 * `imports` row of its own (by a new ADMIN, status D) or the one of `importId` (a resumed
 * import), and every call recorded. `onCall` sees each call as it is made (to cancel midway).
 */
export async function recordingContext(
  db: Db,
  options: {
    filePath: string;
    kind?: ImportKind;
    password?: string | null;
    importId?: string;
    onCall?: (call: ImportCall, context: RecordingContext) => void;
  },
): Promise<RecordingContext> {
  let importId = options.importId;
  let code = '';
  if (!importId) {
    const user = await createUser(db, { role: 'ADMIN' });
    code = `IMP-${randomUUID().slice(0, 8)}`;
    const kind = options.kind ?? 'meddra';
    // One import of a kind may be P or D at a time (imports_one_active_per_kind): an earlier
    // test's import is ended first, as the runner would have ended it.
    await db
      .update(imports)
      .set({ status: 'C', dateEnd: new Date() })
      .where(and(eq(imports.kind, kind), inArray(imports.status, ['P', 'D'])));
    const [row] = await db
      .insert(imports)
      .values({ codeImport: code, kind, fileName: 'meddra.zip', userId: user.id, status: 'D' })
      .returning({ id: imports.id });
    if (!row) throw new Error('Import not created');
    importId = row.id;
  }
  const controller = new AbortController();
  const calls: ImportCall[] = [];
  const record = async (call: ImportCall) => {
    calls.push(call);
    options.onCall?.(call, recording);
  };
  const ctx: ImportJobContext = {
    db,
    importId,
    code,
    filePath: options.filePath,
    fileName: 'meddra.zip',
    password: options.password ?? null,
    signal: controller.signal,
    declareTables: (names) => record({ call: 'declareTables', names: [...names] }),
    tableStarted: (name, percentage) => record({ call: 'tableStarted', name, percentage }),
    tableProgress: (name, inserted, percentage) => record({ call: 'tableProgress', name, inserted, percentage }),
    tableDone: (name, inserted, percentage) => record({ call: 'tableDone', name, inserted, percentage }),
    setVersion: (version) => record({ call: 'setVersion', version }),
  };
  const recording: RecordingContext = {
    ctx,
    calls,
    tables() {
      const declared = [...calls].reverse().find((call) => call.call === 'declareTables');
      return (declared?.call === 'declareTables' ? declared.names : []).map((table) => {
        const done = calls.find((call) => call.call === 'tableDone' && call.name === table);
        return { table, inserted: done?.call === 'tableDone' ? done.inserted : null };
      });
    },
    version() {
      const set = [...calls].reverse().find((call) => call.call === 'setVersion');
      return set?.call === 'setVersion' ? set.version : null;
    },
    abort: () => controller.abort(new Error('Import cancelled')),
  };
  return recording;
}
