/**
 * A synthetic MedDRA release of the real size in the real ASCII layout (the licensed dictionary
 * is not in the repository), and the time the import takes:
 *
 *   npx tsx --conditions=source bench/meddra-release.ts [--out release.zip] [--password clave [--zipcrypto]]
 *       [--encoding latin1|utf8] [--version 27.0] [--revision 0] [--seed 1] [--smq-terms 100000]
 *   npx tsx --conditions=source bench/meddra-release.ts --import [--password clave] [--batch 2000] [--scale 1]
 *
 * The release: 27 SOCs, 340 HLGTs, 1,740 HLTs, 27,000 PTs and 87,000 LLTs (each PT has the
 * LLT of its own code; about 15% of the LLTs not current), HLGTs under one SOC or two, HLTs
 * under one HLGT or two, PTs under one to three HLTs (multi-axial: mdhier.asc has a line per
 * path, one SOC per PT flagged primary), 220 SMQs with `--smq-terms` terms, Spanish names
 * with accents and ñ composed from the demo sample's terms. Written as MedAscii/*.asc in a
 * zip (windows-1252 by default, as the MSSO ships Spanish; `--encoding utf8`), with CRLF line
 * ends and the trailing '$', streamed to the file. `--revision N` is the next release of the
 * same dictionary: names reworded, LLTs made non-current or left out, new PTs and LLTs.
 * `--scale N` (1 to 4) multiplies the HLTs, PTs, LLTs and SMQ terms: the import's memory
 * should not grow with them.
 *
 * `--import` writes release 27.0 and revision 1 (as 27.1) to a temporary folder and imports
 * them one after the other with the server's handler (modules/meddra-import) on a migrated
 * database — PGlite in a temporary data directory, or DATABASE_URL — with a minimal context.
 * It prints each step's time, the final switch's, the peak RSS and heap of the process, and
 * the latency of the typeahead's query (getMedDRALLT) run every 200 ms meanwhile: idle, while
 * the files load and during the switch.
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { configure, ZipWriter } from '@zip.js/zip.js';
import { SeededRandom } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import { type Database, type MeddraImportPhase, meddraLlts, migrate, openDatabase, searchCurrentLlts, seedReferenceData, users } from '../apps/server/src/faces/bench.js';
import { runMeddraImport } from './support/meddra-import.js';

configure({ useWebWorkers: false });

// ---------------------------------------------------------------------------------------
// The dictionary

const SOCS: readonly [string, string][] = [
  ['Infecciones e infestaciones', 'Infec'],
  ['Neoplasias benignas, malignas y no especificadas (incl. quistes y pólipos)', 'Neopl'],
  ['Trastornos de la sangre y del sistema linfático', 'Blood'],
  ['Trastornos del sistema inmunológico', 'Immun'],
  ['Trastornos endocrinos', 'Endo'],
  ['Trastornos del metabolismo y de la nutrición', 'Metab'],
  ['Trastornos psiquiátricos', 'Psych'],
  ['Trastornos del sistema nervioso', 'Nerv'],
  ['Trastornos oculares', 'Eye'],
  ['Trastornos del oído y del laberinto', 'Ear'],
  ['Trastornos cardiacos', 'Card'],
  ['Trastornos vasculares', 'Vasc'],
  ['Trastornos respiratorios, torácicos y mediastínicos', 'Resp'],
  ['Trastornos gastrointestinales', 'Gastr'],
  ['Trastornos hepatobiliares', 'Hepat'],
  ['Trastornos de la piel y del tejido subcutáneo', 'Skin'],
  ['Trastornos musculoesqueléticos y del tejido conjuntivo', 'Musc'],
  ['Trastornos renales y urinarios', 'Renal'],
  ['Embarazo, puerperio y enfermedades perinatales', 'Preg'],
  ['Trastornos del aparato reproductor y de la mama', 'Repro'],
  ['Trastornos congénitos, familiares y genéticos', 'Cong'],
  ['Trastornos generales y alteraciones en el lugar de administración', 'Genrl'],
  ['Exploraciones complementarias', 'Inv'],
  ['Lesiones traumáticas, intoxicaciones y complicaciones de procedimientos terapéuticos', 'Inj&P'],
  ['Procedimientos médicos y quirúrgicos', 'Surg'],
  ['Circunstancias sociales', 'SocCi'],
  ['Problemas relativos a productos', 'Prod'],
];
const HLGT_WORDS = ['Trastornos', 'Afecciones', 'Alteraciones', 'Signos y síntomas', 'Infecciones', 'Lesiones', 'Anomalías', 'Neoplasias'];
const HLT_WORDS = ['NCOC', 'agudos', 'crónicos', 'congénitos', 'inflamatorios', 'infecciosos', 'tóxicos', 'hemorrágicos', 'neoplásicos', 'degenerativos'];
const QUALIFIERS = [
  'agudo', 'crónico', 'grave', 'leve', 'moderado', 'recurrente', 'persistente', 'transitorio', 'intermitente', 'progresivo',
  'postoperatorio', 'inducido por fármacos', 'relacionado con la infusión', 'en el lugar de inyección', 'nocturno', 'matutino',
  'posprandial', 'idiopático', 'secundario', 'reactivo', 'alérgico', 'tóxico', 'hemorrágico', 'infeccioso', 'neonatal',
  'pediátrico', 'senil', 'congénito', 'adquirido', 'refractario', 'asintomático', 'sintomático', 'localizado', 'generalizado',
  'bilateral', 'unilateral', 'paroxístico', 'episódico', 'de rebote', 'por tamaño pequeño',
];
const CONTEXTS = [
  'del lado izquierdo', 'del lado derecho', 'en miembros inferiores', 'en miembros superiores', 'facial', 'cervical', 'lumbar',
  'torácico', 'abdominal', 'hepático', 'renal', 'cardíaco', 'ocular', 'cutáneo', 'tras la vacunación', 'durante el embarazo',
  'en el niño', 'en el anciano', 'de la uña', 'del muñón',
];

const REAL_SIZE = { soc: 27, hlgt: 340, hlt: 1_740, pt: 27_000, llt: 87_000, smq: 220 };
type Counts = typeof REAL_SIZE;
/** Codes by level, in ranges of their own (the real ones are 8 digits from 10000001). */
const FIRST_CODE = { soc: 10_010_001, hlgt: 10_020_001, hlt: 10_030_001, pt: 10_100_001, llt: 10_300_001, smq: 20_000_001 };

interface Dictionary {
  socs: { code: number; name: string; abbrev: string }[];
  hlgts: { code: number; name: string; socs: number[] }[];
  hlts: { code: number; name: string; hlgts: number[] }[];
  pts: { code: number; name: string; hlts: number[]; soc: number }[];
  llts: { code: number; name: string; pt: number; current: boolean }[];
  smqs: { code: number; name: string }[];
}

/** Two distinct picks from `count` (the second differs from the first). */
function other(random: SeededRandom, count: number, not: number): number {
  const pick = random.int(0, count - 2);
  return pick >= not ? pick + 1 : pick;
}

function dictionary(seed: number, revision: number, scale: number): Dictionary {
  // HLTs, PTs and LLTs times `scale`.
  const counts: Counts = { ...REAL_SIZE, hlt: REAL_SIZE.hlt * scale, pt: REAL_SIZE.pt * scale, llt: REAL_SIZE.llt * scale };
  const random = new SeededRandom(seed);
  const bases = [...new Set(meddraLlts.map((llt) => llt.name))];
  const socs = SOCS.map(([name, abbrev], i) => ({ code: FIRST_CODE.soc + i, name, abbrev }));
  const hlgts = Array.from({ length: counts.hlgt }, (_, i) => {
    const soc = i % counts.soc;
    const socCodes = [FIRST_CODE.soc + soc];
    if (random.chance(0.05)) socCodes.push(FIRST_CODE.soc + other(random, counts.soc, soc));
    return { code: FIRST_CODE.hlgt + i, name: `${random.pick(HLGT_WORDS)} ${random.pick(bases).toLowerCase()} ${i + 1}`, socs: socCodes };
  });
  const hlts = Array.from({ length: counts.hlt }, (_, i) => {
    const hlgt = i % counts.hlgt;
    const hlgtCodes = [FIRST_CODE.hlgt + hlgt];
    if (random.chance(0.03)) hlgtCodes.push(FIRST_CODE.hlgt + other(random, counts.hlgt, hlgt));
    return { code: FIRST_CODE.hlt + i, name: `${random.pick(bases)} ${random.pick(HLT_WORDS)} ${i + 1}`, hlgts: hlgtCodes };
  });
  const firstSoc = (hltCode: number) => hlgts[(hlts[hltCode - FIRST_CODE.hlt]?.hlgts[0] ?? FIRST_CODE.hlgt) - FIRST_CODE.hlgt]?.socs[0] ?? FIRST_CODE.soc;
  const pts = Array.from({ length: counts.pt }, (_, i) => {
    const hlt = i % counts.hlt;
    const hltCodes = [FIRST_CODE.hlt + hlt];
    if (random.chance(0.45)) hltCodes.push(FIRST_CODE.hlt + other(random, counts.hlt, hlt));
    if (random.chance(0.08)) {
      const third = FIRST_CODE.hlt + random.int(0, counts.hlt - 1);
      if (!hltCodes.includes(third)) hltCodes.push(third);
    }
    const name = `${random.pick(bases)} ${random.pick(QUALIFIERS)}${random.chance(0.5) ? ` ${random.pick(CONTEXTS)}` : ''}`;
    return { code: FIRST_CODE.pt + i, name, hlts: hltCodes, soc: firstSoc(FIRST_CODE.hlt + hlt) };
  });
  // Each PT's own LLT, then synonyms spread over the PTs.
  const llts = pts.map((pt) => ({ code: pt.code, name: pt.name, pt: pt.code, current: true }));
  for (let i = 0; llts.length < counts.llt; i += 1) {
    const pt = random.pick(pts);
    const name = `${pt.name.split(' ')[0] ?? ''} ${random.pick(QUALIFIERS)} ${random.pick(CONTEXTS)} (${i + 1})`;
    llts.push({ code: FIRST_CODE.llt + i, name, pt: pt.code, current: !random.chance(0.22) });
  }
  const smqs = Array.from({ length: counts.smq }, (_, i) => ({ code: FIRST_CODE.smq + i, name: `${random.pick(bases)} (SMQ) ${i + 1}` }));
  const dictionary = { socs, hlgts, hlts, pts, llts, smqs };
  for (let r = 1; r <= revision; r += 1) revise(dictionary, new SeededRandom(seed * 1_000 + r), r);
  return dictionary;
}

/** The next release: 1% of the LLTs reworded, 500 made non-current, 300 left out, 200 new PTs and 1,000 new LLTs. */
function revise(d: Dictionary, random: SeededRandom, revision: number): void {
  for (let i = 0; i < d.llts.length / 100; i += 1) {
    const llt = random.pick(d.llts);
    llt.name = `${llt.name} (revisado ${revision})`;
  }
  for (let i = 0; i < 500; i += 1) random.pick(d.llts).current = false;
  const leftOut = new Set(Array.from({ length: 300 }, () => random.pick(d.llts.filter((llt) => llt.code !== llt.pt)).code));
  d.llts = d.llts.filter((llt) => !leftOut.has(llt.code));
  const nextPt = d.pts.reduce((max, pt) => Math.max(max, pt.code), 0) + 1;
  for (let i = 0; i < 200; i += 1) {
    const hlt = random.pick(d.hlts);
    const pt = { code: nextPt + i, name: `Término nuevo ${revision}.${i + 1} ${random.pick(QUALIFIERS)}`, hlts: [hlt.code], soc: d.hlgts[(hlt.hlgts[0] ?? FIRST_CODE.hlgt) - FIRST_CODE.hlgt]?.socs[0] ?? FIRST_CODE.soc };
    d.pts.push(pt);
    d.llts.push({ code: pt.code, name: pt.name, pt: pt.code, current: true });
  }
  const nextLlt = d.llts.reduce((max, llt) => Math.max(max, llt.code), FIRST_CODE.llt) + 1;
  for (let i = 0; i < 1_000; i += 1) {
    const pt = random.pick(d.pts);
    d.llts.push({ code: nextLlt + i, name: `${pt.name} (sinónimo nuevo ${revision}.${i + 1})`, pt: pt.code, current: true });
  }
}

// ---------------------------------------------------------------------------------------
// The files

const record = (fields: readonly (string | number)[]) => `${fields.join('$')}$\r\n`;
const legacy = (count: number) => Array.from({ length: count }, () => '');

/** Each file's records, generated as the zip is written. */
function* files(d: Dictionary, version: string, smqTerms: number, seed: number): Generator<[string, () => Generator<string>]> {
  yield ['meddra_release.asc', function* () { yield record([version, 'Spanish', '', '', '']); }];
  yield ['soc.asc', function* () { for (const soc of d.socs) yield record([soc.code, soc.name, soc.abbrev, ...legacy(7)]); }];
  yield ['hlgt.asc', function* () { for (const hlgt of d.hlgts) yield record([hlgt.code, hlgt.name, ...legacy(7)]); }];
  yield ['hlt.asc', function* () { for (const hlt of d.hlts) yield record([hlt.code, hlt.name, ...legacy(7)]); }];
  yield ['pt.asc', function* () { for (const pt of d.pts) yield record([pt.code, pt.name, '', pt.soc, ...legacy(7)]); }];
  yield ['llt.asc', function* () { for (const llt of d.llts) yield record([llt.code, llt.name, llt.pt, ...legacy(6), llt.current ? 'Y' : 'N', '']); }];
  yield ['soc_hlgt.asc', function* () { for (const hlgt of d.hlgts) for (const soc of hlgt.socs) yield record([soc, hlgt.code]); }];
  yield ['hlgt_hlt.asc', function* () { for (const hlt of d.hlts) for (const hlgt of hlt.hlgts) yield record([hlgt, hlt.code]); }];
  yield ['hlt_pt.asc', function* () { for (const pt of d.pts) for (const hlt of pt.hlts) yield record([hlt, pt.code]); }];
  yield [
    'mdhier.asc',
    function* () {
      const socByCode = new Map(d.socs.map((soc) => [soc.code, soc]));
      const hlgtByCode = new Map(d.hlgts.map((hlgt) => [hlgt.code, hlgt]));
      const hltByCode = new Map(d.hlts.map((hlt) => [hlt.code, hlt]));
      for (const pt of d.pts) {
        // One line per path; the primary SOC flagged once even when two paths reach it.
        let flagged = false;
        for (const hltCode of pt.hlts) {
          const hlt = hltByCode.get(hltCode);
          for (const hlgtCode of hlt?.hlgts ?? []) {
            const hlgt = hlgtByCode.get(hlgtCode);
            for (const socCode of hlgt?.socs ?? []) {
              const soc = socByCode.get(socCode);
              const primary = socCode === pt.soc;
              yield record([pt.code, hltCode, hlgtCode, socCode, pt.name, hlt?.name ?? '', hlgt?.name ?? '', soc?.name ?? '', soc?.abbrev ?? '', '', pt.soc, primary ? 'Y' : 'N']);
              flagged ||= primary;
            }
          }
        }
        if (!flagged) throw new Error(`PT ${pt.code} has no path to its primary SOC`);
      }
    },
  ];
  yield [
    'smq_list.asc',
    function* () {
      for (const smq of d.smqs) yield record([smq.code, smq.name, 1, `Búsqueda estandarizada de ${smq.name.toLowerCase()}: términos que la definen.`, 'Fuente bibliográfica', '', version, 'A', 'N']);
    },
  ];
  yield [
    'smq_content.asc',
    function* () {
      const random = new SeededRandom(seed + 7);
      for (let i = 0; i < smqTerms; i += 1) {
        const smq = d.smqs[i % d.smqs.length] ?? d.smqs[0];
        const llt = random.chance(0.3);
        const term = llt ? random.pick(d.llts).code : random.pick(d.pts).code;
        yield record([smq?.code ?? 0, term, llt ? 5 : 4, random.int(1, 2), 'A', 0, 'A', '8.0', version]);
      }
    },
  ];
}

/** The records of a file as a stream of encoded chunks of about 64 KB. */
function stream(records: Generator<string>, encoding: 'latin1' | 'utf8'): ReadableStream<Uint8Array> {
  return new ReadableStream({
    pull(controller) {
      let text = '';
      while (text.length < 65_536) {
        const next = records.next();
        if (next.done) break;
        text += next.value;
      }
      if (text) controller.enqueue(new Uint8Array(Buffer.from(text, encoding)));
      else controller.close();
    },
  });
}

interface ReleaseOptions {
  out: string;
  version: string;
  revision: number;
  seed: number;
  encoding: 'latin1' | 'utf8';
  password: string | undefined;
  zipCrypto: boolean;
  smqTerms: number;
  scale: number;
}

/** Writes the release zip; answers its size. */
async function writeRelease(options: ReleaseOptions): Promise<number> {
  const d = dictionary(options.seed, options.revision, options.scale);
  await mkdir(dirname(options.out), { recursive: true });
  const output = Writable.toWeb(createWriteStream(options.out)) as WritableStream<Uint8Array>;
  const writer = new ZipWriter(output, {
    useWebWorkers: false,
    ...(options.password ? { password: options.password, zipCrypto: options.zipCrypto } : {}),
  });
  for (const [name, records] of files(d, options.version, options.smqTerms, options.seed)) {
    await writer.add(`MedAscii/${name}`, stream(records(), options.encoding));
  }
  // A document, as releases have, that the import does not read.
  await writer.add('dist_file_format_27_0_Spanish.pdf', new Blob(['%PDF-1.4 documento de muestra']).stream());
  await writer.close();
  return (await stat(options.out)).size;
}

// ---------------------------------------------------------------------------------------
// The import

function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? Number.NaN;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

async function importRelease(database: Database, filePath: string, password: string | null, batchRows: number, label: string): Promise<void> {
  const db = database.db;
  const phases: Partial<Record<MeddraImportPhase, number>> = {};
  const order = ['idle', 'load', 'check', 'prepare', 'switch', 'cleanup', 'after'] as const;
  type Phase = (typeof order)[number];
  const next: Record<MeddraImportPhase, Phase> = { load: 'check', check: 'prepare', prepare: 'switch', switch: 'cleanup', cleanup: 'after' };
  const transitions: { at: number; phase: Phase }[] = [{ at: 0, phase: 'idle' }];
  const setPhase = (phase: Phase) => transitions.push({ at: performance.now(), phase });
  const phaseAt = (at: number) => order.indexOf([...transitions].reverse().find((transition) => transition.at <= at)?.phase ?? 'idle');
  const onPhase = (name: MeddraImportPhase, ms: number) => {
    phases[name] = ms;
    setPhase(next[name]);
  };

  // The typeahead's query every 200 ms, timed by phase (a query the switch held up counts for
  // it): 2 s before the import (idle), while it runs, and 2 s after it.
  const latencies: Record<Phase, number[]> = { idle: [], load: [], check: [], prepare: [], switch: [], cleanup: [], after: [] };
  let probing = true;
  const probe = (async () => {
    while (probing) {
      // Timed from when it was due: a query that could not even start (the event loop held by
      // the import) waited like a request arriving then would.
      const due = performance.now() + 200;
      await new Promise((resolve) => setTimeout(resolve, 200));
      await searchCurrentLlts(db, 'dolor', 20);
      const end = performance.now();
      const ms = end - due;
      const [from, to] = [phaseAt(due), phaseAt(end)];
      const switching = order.indexOf('switch');
      const during = from <= switching && switching <= to ? 'switch' : order[from];
      if (during) latencies[during].push(ms);
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 2_000));

  let peakRss = process.memoryUsage().rss;
  (globalThis as { gc?: () => void }).gc?.();
  let peakHeap = process.memoryUsage().heapUsed;
  const heapBefore = peakHeap;
  const rssBefore = peakRss;
  // With node --expose-gc (NODE_OPTIONS=--expose-gc) the heap is read after a collection
  // every 500 ms: the live heap, not the garbage the collector has not reclaimed yet.
  const collect = (globalThis as { gc?: () => void }).gc;
  let samples = 0;
  const sampler = setInterval(() => {
    samples += 1;
    if (collect && samples % 10 === 0) collect();
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    if (!collect || samples % 10 === 0) peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 50);
  setPhase('load');
  const { tables, ms: total } = await runMeddraImport(db, filePath, { label, password, batchRows, onPhase });
  clearInterval(sampler);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  probing = false;
  await probe;

  const [counts] = (
    await db.execute<{ llts: number; current: number; pts: number }>(
      sql`select (select count(*) from meddra_llt)::int as llts, (select count(*) from meddra_llt where current)::int as current, (select count(*) from meddra_pt)::int as pts`,
    )
  ).rows;
  console.log(`\n${label}: ${seconds(total)} in all`);
  console.log(`  files: ${tables.join(', ')}`);
  console.log(
    `  steps: load ${seconds(phases.load ?? 0)}, checks ${seconds(phases.check ?? 0)}, new codes ${seconds(phases.prepare ?? 0)}, switch ${seconds(phases.switch ?? 0)}, clean-up ${seconds(phases.cleanup ?? 0)}`,
  );
  console.log(`  dictionary: ${counts?.pts} PTs, ${counts?.llts} LLTs (${counts?.current} current)`);
  console.log(
    `  memory: RSS ${mb(rssBefore)} before, peak ${mb(peakRss)}; heap used ${mb(heapBefore)} before, peak ${mb(peakHeap)}${collect ? ' (live: read after collections)' : ''}`,
  );
  for (const [name, samples] of Object.entries(latencies)) {
    if (samples.length === 0) continue;
    samples.sort((a, b) => a - b);
    console.log(
      `  typeahead while ${name.padEnd(6)}: ${String(samples.length).padStart(3)} queries, p50 ${percentile(samples, 0.5).toFixed(0)} ms, p95 ${percentile(samples, 0.95).toFixed(0)} ms, max ${(samples.at(-1) ?? 0).toFixed(0)} ms`,
    );
  }
}

async function benchImport(options: ReleaseOptions, batchRows: number): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'atalaya-meddra-bench-'));
  const databaseUrl = process.env.DATABASE_URL;
  try {
    const first = join(folder, 'meddra-27.0.zip');
    const second = join(folder, 'meddra-27.1.zip');
    const start = performance.now();
    // Written by a child process: the generator's objects would blur this process's memory figures.
    const write = (out: string, version: string, revision: number) => {
      const args = ['--out', out, '--version', version, '--revision', String(revision), '--seed', String(options.seed), '--encoding', options.encoding];
      args.push('--smq-terms', String(options.smqTerms / options.scale), '--scale', String(options.scale));
      if (options.password) args.push('--password', options.password, ...(options.zipCrypto ? ['--zipcrypto'] : []));
      execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...args], { stdio: 'ignore' });
      return stat(out).then((file) => file.size);
    };
    const sizes = [await write(first, '27.0', 0), await write(second, '27.1', 1)];
    console.log(`Wrote 27.0 (${mb(sizes[0] ?? 0)}) and 27.1 (${mb(sizes[1] ?? 0)}) in ${seconds(performance.now() - start)} (${options.encoding}${options.password ? `, ${options.zipCrypto ? 'ZipCrypto' : 'AES'}` : ''})`);
    const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: join(folder, 'pglite') });
    try {
      if (databaseUrl) {
        await database.db.execute(sql`drop schema if exists drizzle cascade`);
        await database.db.execute(sql`drop schema if exists public cascade`);
        await database.db.execute(sql`create schema public`);
      }
      await migrate(database);
      await seedReferenceData(database.db);
      const [country] = (await database.db.execute<{ id: number }>(sql`select id from countries order by id limit 1`)).rows;
      await database.db.insert(users).values({ email: 'bench@atalaya.test', passwordHash: 'x', roleId: 1, countryId: country?.id ?? 1, firstName: 'Bench', lastName: 'MedDRA' });
      console.log(`Database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite in a temporary data directory'}; batches of ${batchRows} rows`);
      await importRelease(database, first, options.password ?? null, batchRows, 'MedDRA 27.0 into an empty dictionary');
      await importRelease(database, second, options.password ?? null, batchRows, 'MedDRA 27.1 over 27.0');
    } finally {
      await database.close();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: fileURLToPath(new URL('.data/meddra-release.zip', import.meta.url)) },
      password: { type: 'string' },
      zipcrypto: { type: 'boolean', default: false },
      encoding: { type: 'string', default: 'latin1' },
      version: { type: 'string', default: '27.0' },
      revision: { type: 'string', default: '0' },
      seed: { type: 'string', default: '1' },
      'smq-terms': { type: 'string', default: '100000' },
      import: { type: 'boolean', default: false },
      batch: { type: 'string', default: '2000' },
      scale: { type: 'string', default: '1' },
    },
  });
  const scale = Number(values.scale);
  if (!Number.isInteger(scale) || scale < 1 || scale > 4) throw new Error('--scale must be 1 to 4');
  if (values.encoding !== 'latin1' && values.encoding !== 'utf8') throw new Error('--encoding must be latin1 or utf8');
  const options: ReleaseOptions = {
    out: values.out,
    version: values.version,
    revision: Number(values.revision),
    seed: Number(values.seed),
    encoding: values.encoding,
    password: values.password,
    zipCrypto: values.zipcrypto,
    smqTerms: Number(values['smq-terms']) * scale,
    scale,
  };
  if (values.import) {
    await benchImport(options, Number(values.batch));
    return;
  }
  const start = performance.now();
  const size = await writeRelease(options);
  console.log(`Wrote ${options.out}: MedDRA ${options.version} (revision ${options.revision}), ${mb(size)}, ${options.encoding}, in ${seconds(performance.now() - start)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
