import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { dumpEmbedded, migrate, openDatabase } from '../db/client.js';
import { seedReferenceData } from '../db/seed/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a migrated, reference-seeded PGlite dump (tar.gz); empty on DATABASE_URL. */
    atalayaDatabaseDump: string;
  }
}

/**
 * Prepares the database once for the whole `server` project: on DATABASE_URL a clean
 * migrated schema with the reference data, otherwise a migrated and seeded PGlite dumped
 * to a temporary file that every test database starts from.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL;
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: 'memory://' });
  try {
    if (databaseUrl) {
      await database.db.execute(sql`drop schema if exists drizzle cascade`);
      await database.db.execute(sql`drop schema if exists public cascade`);
      await database.db.execute(sql`create schema public`);
    }
    await migrate(database);
    await seedReferenceData(database.db);
    const dump = await dumpEmbedded(database);
    if (!dump) {
      project.provide('atalayaDatabaseDump', '');
      return async () => undefined;
    }
    const folder = await mkdtemp(join(tmpdir(), 'atalaya-test-'));
    const dumpPath = join(folder, 'database.tar.gz');
    await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
    project.provide('atalayaDatabaseDump', dumpPath);
    return () => rm(folder, { recursive: true, force: true });
  } finally {
    await database.close();
  }
}
