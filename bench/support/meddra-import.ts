import { eq } from 'drizzle-orm';
import { createMeddraImportHandler, type Db, type ImportJobContext, imports, type MeddraImportPhase, users } from '../../apps/server/src/faces/bench.js';

export interface MeddraImportRun {
  /** Each file's table and the rows it inserted, in order ('meddra_llt 87,000'). */
  tables: string[];
  ms: number;
}

/**
 * Imports a MedDRA release zip with the server's own handler (modules/meddra-import), as the
 * import runner would: an `imports` row of the first user, a minimal job context, the row
 * ended 'S' (one active import of a kind at a time: imports_one_active_per_kind).
 */
export async function runMeddraImport(
  db: Db,
  filePath: string,
  options: { label: string; password?: string | null; batchRows?: number; onPhase?: (phase: MeddraImportPhase, ms: number) => void },
): Promise<MeddraImportRun> {
  const [user] = await db.select({ id: users.id }).from(users).limit(1);
  if (!user) throw new Error('No user');
  const code = `BENCH-${Date.now()}`;
  const [row] = await db.insert(imports).values({ codeImport: code, kind: 'meddra', fileName: options.label, userId: user.id, status: 'D' }).returning({ id: imports.id });
  if (!row) throw new Error('Import not created');
  const handler = createMeddraImportHandler({ batchRows: options.batchRows ?? 2000, ...(options.onPhase ? { onPhase: options.onPhase } : {}) });
  const tables: string[] = [];
  const ctx: ImportJobContext = {
    db,
    importId: row.id,
    code,
    filePath,
    fileName: options.label,
    password: options.password ?? null,
    signal: new AbortController().signal,
    declareTables: async () => undefined,
    tableStarted: async () => undefined,
    tableProgress: async () => undefined,
    tableDone: async (name, inserted) => {
      tables.push(`${name} ${inserted.toLocaleString('en')}`);
    },
    setVersion: async () => undefined,
  };
  const started = performance.now();
  await handler.run(ctx);
  const ms = performance.now() - started;
  await db.update(imports).set({ status: 'S', percentage: 100, dateEnd: new Date() }).where(eq(imports.id, row.id));
  return { tables, ms };
}
