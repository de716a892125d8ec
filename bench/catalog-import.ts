/**
 * Product catalogue import bench (issue 19 §5: a 50,000-product catalogue in ≤ 30 s, memory
 * flat). Writes a synthetic catalogue workbook in the template's layout (exceljs streaming
 * writer, shared strings, as Excel writes them): 12 companies, 36 laboratories, 120 lines, 80
 * families, 1,500 active ingredients and `--products` products, each sold in 1–4 countries and
 * with 1–3 ingredients; and the Productos sheet again as a CSV with every product renamed. Then,
 * on each database, runs the catalogue handler with a minimal job context (the `imports` row
 * and calls timed, nothing else) three times:
 *
 * 1. the workbook into a catalogue without it (everything inserted);
 * 2. the same workbook again (nothing changes);
 * 3. the Productos CSV (every product renamed: updated).
 *
 * and prints, per run, the time of each phase (validation, loading into the staging table,
 * switch), the whole, and the process's peak RSS above its RSS before the run (sampled every
 * 20 ms; the bench holds nothing of the files itself).
 *
 *   npm run catalog-import -w bench                                   # PGlite (a temporary data directory)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/atalaya_bench npm run catalog-import -w bench -- --db pg
 *   npm run catalog-import -w bench -- --db both --products 50000
 *   npm run catalog-import -w bench -- --out /tmp/catalogo      # only write the files, and keep them
 *
 * The PostgreSQL database should be empty or a bench database: it is migrated and the demo
 * catalogue and users are loaded into it.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { CATALOG_SHEETS, type CatalogSheetName } from '@atalaya/domain';
import { catalogImportHandler, type Database, imports, migrate, openDatabase, seedDemoCatalogAndUsers, seedReferenceData, users } from '../apps/server/src/faces/bench.js';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    products: { type: 'string', default: '50000' },
    /** Write the files into this folder and keep them (to upload them by hand); no database is used. */
    out: { type: 'string' },
  },
});
const PRODUCTS = Number(args.products);
const MB = 1024 * 1024;
const COUNTRIES = ['UY', 'AR', 'PY', 'CL', 'BR', 'BO', 'PE', 'EC', 'CO', 'MX'];
const FORMS = ['COMPRIMIDO', 'CAPSULA', 'JARABE', 'SOLUCION_INYECTABLE', 'CREMA', 'GOTAS_ORALES'];
const UNITS = ['MG', 'G', 'MCG', 'ML', 'UI'];
const COMPANIES = 12;
const LABS_PER_COMPANY = 3;
const LINES_PER_LAB = 3;
const FAMILIES = 80;
const INGREDIENTS = 1_500;

/** A repeatable pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const header = (sheet: CatalogSheetName) => CATALOG_SHEETS.find((candidate) => candidate.name === sheet)?.columns.map((column) => column.name) ?? [];

/** Every row of the synthetic catalogue, sheet by sheet (`renamed`: the products' second names). */
function* catalogRows(renamed: boolean): Generator<[CatalogSheetName, (string | number)[]]> {
  const next = random(19);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  for (let c = 0; c < COMPANIES; c++) yield ['Empresas', [`BCIA-${c}`, `Compañía de prueba ${c} S.A.`, COUNTRIES[c % COUNTRIES.length] ?? 'UY', 'Sí']];
  for (let c = 0; c < COMPANIES; c++) for (let l = 0; l < LABS_PER_COMPANY; l++) yield ['Laboratorios', [`BLAB-${c}-${l}`, `Laboratorio ${c}-${l}`, `BCIA-${c}`, 'Sí']];
  for (let c = 0; c < COMPANIES; c++)
    for (let l = 0; l < LABS_PER_COMPANY; l++)
      for (let n = 0; n < LINES_PER_LAB; n++) yield ['Lineas', [`BLIN-${c}-${l}-${n}`, `Línea ${n} del laboratorio ${c}-${l}`, `BLAB-${c}-${l}`, 'Sí']];
  for (let f = 0; f < FAMILIES; f++) yield ['Familias', [`BFAM-${f}`, `Familia terapéutica ${f}`, 'Sí']];
  for (let i = 0; i < INGREDIENTS; i++) yield ['PrincipiosActivos', [`BPA-${i}`, `principio activo ${i} ácido`, 'Sí']];
  const ingredientRows: (string | number)[][] = [];
  for (let p = 0; p < PRODUCTS; p++) {
    const c = Math.floor(next() * COMPANIES);
    const l = Math.floor(next() * LABS_PER_COMPANY);
    const countries = new Set<string>();
    const sold = 1 + Math.floor(next() * 4);
    while (countries.size < sold) countries.add(pick(COUNTRIES));
    const code = `BPRD-${p}`;
    yield [
      'Productos',
      [
        code,
        `${renamed ? 'Renombrado' : 'Producto'} ${p} ${pick(['forte', 'plus', 'niños', 'retard', ''])}`.trim(),
        `BFAM-${Math.floor(next() * FAMILIES)}`,
        `BLAB-${c}-${l}`,
        `BLIN-${c}-${l}-${Math.floor(next() * LINES_PER_LAB)}`,
        pick(FORMS),
        [...countries].join(', '),
        'Sí',
      ],
    ];
    const ingredients = new Set<number>();
    const count = 1 + Math.floor(next() * 3);
    while (ingredients.size < count) ingredients.add(Math.floor(next() * INGREDIENTS));
    for (const ingredient of ingredients) ingredientRows.push([code, `BPA-${ingredient}`, Math.round(next() * 1000) / 2, pick(UNITS)]);
  }
  for (const row of ingredientRows) yield ['ProductoPrincipios', row];
}

/** The workbook, written by exceljs's streaming writer with shared strings (one sheet after the other). */
async function writeWorkbook(path: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true, useStyles: false });
  let currentName: CatalogSheetName | null = null;
  let current: ExcelJS.Worksheet | null = null;
  for (const [name, row] of catalogRows(false)) {
    if (!current || currentName !== name) {
      current?.commit();
      current = workbook.addWorksheet(name);
      currentName = name;
      current.addRow(header(name)).commit();
    }
    current.addRow(row).commit();
  }
  current?.commit();
  await workbook.commit();
}

/** The Productos sheet with every product renamed, as a `;` CSV with BOM. */
async function writeProductsCsv(path: string): Promise<void> {
  const out = createWriteStream(path);
  const cell = (value: string | number) => (/[;"\r\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value));
  out.write(`\ufeff${header('Productos').join(';')}\r\n`);
  for (const [name, row] of catalogRows(true)) {
    if (name !== 'Productos') continue;
    if (!out.write(`${row.map(cell).join(';')}\r\n`)) await new Promise<void>((done) => out.once('drain', () => done()));
  }
  await new Promise<void>((done, fail) => out.end((error?: Error | null) => (error ? fail(error) : done())));
}

interface RunResult {
  label: string;
  validation: number;
  loading: number;
  switching: number;
  total: number;
  peakRssAboveStart: number;
  peakRss: number;
}

async function runImport(database: Database, userId: string, label: string, filePath: string, fileName: string): Promise<RunResult> {
  const [row] = await database.db
    .insert(imports)
    .values({ codeImport: `BENCH-${randomUUID()}`, kind: 'data', userId, fileName, status: 'D' })
    .returning({ id: imports.id, code: imports.codeImport });
  if (!row) throw new Error('Import not created');
  global.gc?.();
  const startRss = process.memoryUsage().rss;
  let peak = startRss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  let declared = 0;
  let loaded = 0;
  let switched = 0;
  try {
    await catalogImportHandler.run({
      db: database.db,
      importId: row.id,
      code: row.code,
      filePath,
      fileName,
      password: null,
      signal: new AbortController().signal,
      declareTables: async () => {
        declared = performance.now();
      },
      tableStarted: async () => undefined,
      tableProgress: async () => {
        loaded = performance.now();
      },
      tableDone: async () => {
        switched ||= performance.now();
      },
      setVersion: async () => undefined,
    });
  } finally {
    clearInterval(sampler);
  }
  const ended = performance.now();
  await database.db.update(imports).set({ status: 'S', dateEnd: new Date(), percentage: 100 }).where(eq(imports.id, row.id));
  // The loading ends with the handler's last progress report, just before the switch's transaction.
  return {
    label,
    validation: declared - started,
    loading: loaded - declared,
    switching: switched - loaded,
    total: ended - started,
    peakRssAboveStart: peak - startRss,
    peakRss: peak,
  };
}

async function bench(name: 'pglite' | 'pg', files: { workbook: string; csv: string }): Promise<RunResult[]> {
  let dataDir: string | null = null;
  let database: Database;
  if (name === 'pg') {
    const databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) throw new Error('--db pg needs DATABASE_URL');
    database = await openDatabase({ databaseUrl });
  } else {
    dataDir = await mkdtemp(join(tmpdir(), 'atalaya-catalog-bench-'));
    database = await openDatabase({ dataDir });
  }
  try {
    await migrate(database);
    await seedReferenceData(database.db);
    await seedDemoCatalogAndUsers(database.db);
    const [admin] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.atalaya'));
    if (!admin) throw new Error('No demo ADMIN');
    return [
      await runImport(database, admin.id, 'workbook, new catalogue', files.workbook, 'catalogo.xlsx'),
      await runImport(database, admin.id, 'same workbook again', files.workbook, 'catalogo.xlsx'),
      await runImport(database, admin.id, 'Productos CSV, all renamed', files.csv, 'Productos.csv'),
    ];
  } finally {
    await database.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

const folder = args.out ?? (await mkdtemp(join(tmpdir(), 'atalaya-catalog-files-')));
try {
  const files = { workbook: join(folder, 'catalogo.xlsx'), csv: join(folder, 'Productos.csv') };
  let started = performance.now();
  await writeWorkbook(files.workbook);
  await writeProductsCsv(files.csv);
  const rows = [...catalogRows(false)].reduce((counts, [sheet]) => counts.set(sheet, (counts.get(sheet) ?? 0) + 1), new Map<string, number>());
  console.log(`Files written in ${((performance.now() - started) / 1000).toFixed(1)} s:`);
  console.log(`  workbook ${((await stat(files.workbook)).size / MB).toFixed(1)} MB — ${[...rows].map(([sheet, count]) => `${sheet} ${count}`).join(', ')}`);
  console.log(`  Productos.csv ${((await stat(files.csv)).size / MB).toFixed(1)} MB`);
  const targets = args.out ? [] : args.db === 'both' ? (['pglite', 'pg'] as const) : [args.db as 'pglite' | 'pg'];
  for (const target of targets) {
    started = performance.now();
    const results = await bench(target, files);
    console.log(`\n${target} (setup and runs ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    console.log('| run | validation | loading (staging) | switch | total | peak RSS (above start) |');
    console.log('| --- | --: | --: | --: | --: | --: |');
    for (const result of results) {
      console.log(
        `| ${result.label} | ${(result.validation / 1000).toFixed(1)} s | ${(result.loading / 1000).toFixed(1)} s | ${(result.switching / 1000).toFixed(1)} s | **${(result.total / 1000).toFixed(1)} s** | ${(result.peakRss / MB).toFixed(0)} MiB (+${(result.peakRssAboveStart / MB).toFixed(0)}) |`,
      );
    }
  }
} finally {
  if (!args.out) await rm(folder, { recursive: true, force: true });
}
