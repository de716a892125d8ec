import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpEmbedded, migrate, openDatabase } from '../db/client.js';
import { seedReferenceData } from '../db/seed/index.js';
import { createTemplate, dropFileDatabases, dropFileDatabasesAfterRun, templateDatabaseUrl } from './pg-databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a migrated, reference-seeded PGlite dump (tar.gz); empty on DATABASE_URL. */
    atalayaDatabaseDump: string;
    /** On DATABASE_URL: the URL the suite was given, whose server holds the template database. */
    atalayaPgBaseUrl: string;
  }
}

/**
 * Prepares the database once for the whole `server` project. Without DATABASE_URL: a migrated
 * and seeded PGlite dumped to a temporary file that every test database starts from. With it:
 * a migrated and seeded template database beside DATABASE_URL's, from which every test file
 * gets a database of its own (pg-databases.ts), so that files run in parallel and never read
 * each other's rows; the template and the files' databases are dropped after the run in the
 * background (pg-databases.ts), or at the next run's start.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL;
  project.provide('atalayaPgBaseUrl', databaseUrl ?? '');
  if (databaseUrl) {
    await dropFileDatabases(databaseUrl, { template: true });
    await createTemplate(databaseUrl);
    const template = await openDatabase({ databaseUrl: templateDatabaseUrl(databaseUrl) });
    try {
      await migrate(template);
      await seedReferenceData(template.db);
    } finally {
      await template.close();
    }
    project.provide('atalayaDatabaseDump', '');
    return () => dropFileDatabasesAfterRun(databaseUrl);
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrate(database);
    await seedReferenceData(database.db);
    const dump = await dumpEmbedded(database);
    if (!dump) throw new Error('The embedded database gave no dump');
    const folder = await mkdtemp(join(tmpdir(), 'atalaya-test-'));
    const dumpPath = join(folder, 'database.tar.gz');
    await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
    project.provide('atalayaDatabaseDump', dumpPath);
    return () => rm(folder, { recursive: true, force: true });
  } finally {
    await database.close();
  }
}
