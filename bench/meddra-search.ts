/**
 * Times the MedDRA typeahead (getMedDRALLT/{term}) on a dictionary of the real size:
 *
 *   npx tsx --conditions=source bench/meddra-search.ts [--llts 80000] [--runs 10] [--seed 1] [--no-seqscan]
 *
 * Loads `--llts` lowest level terms (with their PTs, under the demo SOCs) into an in-memory
 * PGlite migrated like the server's (trigram index on lower(name) included), then runs the
 * server's own search (`searchCurrentLlts`, as getMedDRALLT runs it, 20 rows) for 20
 * terms — prefixes, pieces from the middle of words, accented and upper-case spellings, a
 * 2-character term and one that matches nothing — `--runs` times each after two warm-up runs.
 * Prints each term's median and the p50/p95 of every timed run. Only the database query is
 * timed (no HTTP). Names are Spanish-looking compositions of the demo sample's terms, not the
 * licensed dictionary. `--no-seqscan` sets `enable_seqscan = off` for the whole session and
 * times the bare query (`currentLltsMatching`), the index forced for every term.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { SeededRandom } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import { accentInsensitivePattern, currentLltsMatching, type DbOrTx, meddraLlt, meddraLlts, meddraPt, meddraPts, meddraSoc, meddraSocs, migrate, openDatabase, searchCurrentLlts } from '../apps/server/src/faces/bench.js';

/** Rows the typeahead answers (MAX_LLT_RESULTS of the meddra module). */
const LIMIT = 20;
const BATCH = 2_000;
/** Codes above the real dictionary's range (10000000–10999999). */
const FIRST_PT_CODE = 30_000_000;
const FIRST_LLT_CODE = 40_000_000;

const QUALIFIERS = [
  'agudo', 'crónico', 'grave', 'leve', 'moderado', 'recurrente', 'persistente', 'transitorio', 'intermitente', 'progresivo',
  'postoperatorio', 'inducido por fármacos', 'relacionado con la infusión', 'en el lugar de inyección', 'nocturno', 'matutino',
  'posprandial', 'idiopático', 'secundario', 'reactivo', 'alérgico', 'tóxico', 'hemorrágico', 'infeccioso', 'neonatal',
  'pediátrico', 'senil', 'congénito', 'adquirido', 'refractario', 'asintomático', 'sintomático', 'localizado', 'generalizado',
  'bilateral', 'unilateral', 'paroxístico', 'episódico', 'leve a moderado', 'de rebote',
];
const CONTEXTS = [
  '', '', '', '', 'del lado izquierdo', 'del lado derecho', 'en miembros inferiores', 'en miembros superiores', 'facial',
  'cervical', 'lumbar', 'torácico', 'abdominal', 'hepático', 'renal', 'cardíaco', 'ocular', 'cutáneo', 'tras la vacunación',
  'durante el embarazo',
];

/** 20 typeahead terms and what kind of search each one is. */
const TERMS: readonly [string, string][] = [
  ['ce', '2 letras'],
  ['cef', 'prefijo'],
  ['dolor', 'prefijo'],
  ['naus', 'prefijo'],
  ['prur', 'prefijo'],
  ['hipert', 'prefijo'],
  ['erup', 'prefijo'],
  ['algia', 'mitad de palabra'],
  ['itis', 'mitad de palabra'],
  ['emia', 'mitad de palabra'],
  ['cardi', 'mitad de palabra'],
  ['tensi', 'mitad de palabra'],
  ['abdom', 'mitad de palabra'],
  ['náusea', 'acentos'],
  ['vómito', 'acentos'],
  ['erupción', 'acentos'],
  ['hígado', 'acentos'],
  ['CÉFALEA', 'mayúsculas y acentos'],
  ['inflamacion', 'sin el acento'],
  ['zzxq', 'sin resultados'],
];

function positiveInt(value: string, name: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a positive integer`);
  return number;
}

/** The value below which `share` of the sorted samples fall (nearest rank). */
function percentile(sorted: readonly number[], share: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function shuffle<T>(items: T[], random: SeededRandom): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random.next() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** `count` distinct LLT names (bases first), each with the PT it belongs to. */
function dictionary(count: number, random: SeededRandom): { pts: { code: number; name: string; primarySocCode: number }[]; llts: { code: number; name: string; ptCode: number; current: boolean }[] } {
  const socByPt = new Map(meddraPts.map((pt) => [pt.code, pt.primarySocCode]));
  const bases = [...new Map(meddraLlts.map((llt) => [llt.name, socByPt.get(llt.ptCode) ?? meddraSocs[0]?.code ?? 0])).entries()];
  const combos: { base: string; qualifier: string; name: string; soc: number }[] = [];
  for (const [base, soc] of bases) {
    for (const qualifier of QUALIFIERS) {
      for (const context of new Set(CONTEXTS)) combos.push({ base, qualifier, soc, name: [base, qualifier, context].filter(Boolean).join(' ') });
    }
  }
  if (combos.length + bases.length < count) throw new Error(`At most ${combos.length + bases.length} distinct names can be composed`);
  const chosen = [...bases.map(([base, soc]) => ({ base, qualifier: '', soc, name: base })), ...shuffle(combos, random)].slice(0, count);

  const ptCodes = new Map<string, number>();
  const pts: { code: number; name: string; primarySocCode: number }[] = [];
  const llts = chosen.map((entry, index) => {
    const ptName = entry.qualifier ? `${entry.base} ${entry.qualifier}` : entry.base;
    let ptCode = ptCodes.get(ptName);
    if (ptCode === undefined) {
      ptCode = FIRST_PT_CODE + pts.length;
      ptCodes.set(ptName, ptCode);
      pts.push({ code: ptCode, name: ptName, primarySocCode: entry.soc });
    }
    return { code: FIRST_LLT_CODE + index, name: entry.name, ptCode, current: !random.chance(0.05) };
  });
  return { pts, llts };
}

async function insertInBatches<Row>(rows: Row[], insert: (batch: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

async function load(db: DbOrTx, count: number, random: SeededRandom): Promise<{ pts: number; llts: number }> {
  const { pts, llts } = dictionary(count, random);
  await db.insert(meddraSoc).values(meddraSocs.map(({ code, name, abbrev }) => ({ code, name, abbrev })));
  await insertInBatches(pts, (batch) => db.insert(meddraPt).values(batch));
  await insertInBatches(llts, (batch) => db.insert(meddraLlt).values(batch));
  await db.execute(sql`analyze`);
  return { pts: pts.length, llts: llts.length };
}

async function plan(db: DbOrTx, term: string): Promise<string> {
  const rows = await db.execute<{ 'QUERY PLAN': string }>(sql`explain ${currentLltsMatching(db, accentInsensitivePattern(term), LIMIT)}`);
  return rows.rows
    .map((row) => row['QUERY PLAN'])
    .filter((line) => /Scan|Index/.test(line))
    .map((line) => line.trim())
    .join(' | ');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      llts: { type: 'string', default: '80000' },
      runs: { type: 'string', default: '10' },
      seed: { type: 'string', default: '1' },
      'no-seqscan': { type: 'boolean', default: false },
    },
  });
  const count = positiveInt(values.llts, 'llts');
  const runs = positiveInt(values.runs, 'runs');
  const random = new SeededRandom(positiveInt(values.seed, 'seed'));

  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrate(database);
    const db = database.db;
    const loadStart = performance.now();
    const loaded = await load(db, count, random);
    console.log(`Loaded ${loaded.llts} LLTs under ${loaded.pts} PTs in ${((performance.now() - loadStart) / 1000).toFixed(1)} s (PGlite, in memory)\n`);

    if (values['no-seqscan']) {
      await db.execute(sql`set enable_seqscan = off`);
      console.log('enable_seqscan = off\n');
    }
    const all: number[] = [];
    console.log(`${'term'.padEnd(14)}${'kind'.padEnd(24)}${'rows'.padStart(5)}${'median ms'.padStart(11)}${'max ms'.padStart(9)}`);
    for (const [term, kind] of TERMS) {
      const pattern = accentInsensitivePattern(term);
      let rows = 0;
      const search = () => (values['no-seqscan'] ? currentLltsMatching(db, pattern, LIMIT) : searchCurrentLlts(db, term, LIMIT));
      for (let i = 0; i < 2; i += 1) rows = (await search()).length;
      const samples: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const start = performance.now();
        await search();
        samples.push(performance.now() - start);
      }
      samples.sort((a, b) => a - b);
      all.push(...samples);
      console.log(
        `${term.padEnd(14)}${kind.padEnd(24)}${String(rows).padStart(5)}${percentile(samples, 0.5).toFixed(1).padStart(11)}${(samples.at(-1) ?? 0).toFixed(1).padStart(9)}`,
      );
    }
    all.sort((a, b) => a - b);
    console.log(`\n${all.length} timed searches: p50 ${percentile(all, 0.5).toFixed(1)} ms, p95 ${percentile(all, 0.95).toFixed(1)} ms, max ${(all.at(-1) ?? 0).toFixed(1)} ms`);
    console.log(`\nPlan for 'cef': ${await plan(db, 'cef')}`);
    console.log(`Plan for 'ce':  ${await plan(db, 'ce')}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
