/**
 * Calibrates the duplicate threshold (docs/duplicates.md 'Calibración del umbral'):
 *
 *   npm run calibrate-duplicates -w bench [-- --size 20000 --rate 0.025 --seed 1 --negatives 10 --hard 2]
 *
 * (a) Generated pairs: a population of `--size` synthetic cases drawn as bench/generator draws
 * them (the seeded catalogue's products, countries and LLTs, uniform picks; 2–3 initials, age
 * 0–95 years, 1–3 suspect drugs, 1–2 reactions, onset within three years, a reporter's contact on
 * 40 % of the cases, a physician reporting about 20 cases), the score's frequencies counted on it;
 * `--rate` of them get a planted, corrupted second report (positive = planted duplicate); random
 * and hard non-duplicate pairs are drawn from the same population. Every labelled pair is scored
 * with `duplicateScore`; precision, recall and F1 at thresholds 5..30 bits are printed, with the
 * threshold that reaches recall ≥ 0.9 at precision ≥ 0.9 versus DEFAULT_DUPLICATE_THRESHOLD.
 *
 * (b) With DATABASE_URL (or a PGlite ATALAYA_DATA_DIR) set, the decided pairs of `duplicate_decisions` ('Es duplicado' =
 * positive, 'No es duplicado' = negative), each side rebuilt by the server's record loader and
 * scored with the database's frequencies, as the server scores them. Read only.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  calibratedThreshold,
  CORRUPTIONS,
  DEFAULT_DUPLICATE_THRESHOLD,
  duplicateScore,
  type DuplicateRecord,
  plantDuplicates,
  populationFrequencies,
  type ScoredPair,
  SeededRandom,
  type ThresholdMetrics,
  thresholdMetrics,
} from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import { type ComparedRecord, duplicateThreshold, loadCaseRecords, openDatabase, reportRecord, type ReportRow, seedData as seed, type StoredReport, valueFrequencies } from '../apps/server/src/faces/bench.js';

const THRESHOLDS = Array.from({ length: 26 }, (_, index) => index + 5);
const DAY_MS = 86_400_000;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function number(value: string, name: string, check: (n: number) => boolean): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || !check(parsed)) throw new Error(`--${name}: invalid value ${value}`);
  return parsed;
}

/** The seeded catalogue as the generator reads it: ids by position. */
function catalog() {
  const countryId = new Map(seed.countries.map((country, index) => [country.code, index + 1]));
  const ingredientId = new Map(seed.activeIngredients.map((ingredient, index) => [ingredient.code, index + 1]));
  const products = seed.products
    .map((product, index) => ({
      id: index + 1,
      countryIds: product.countryCodes.map((code) => countryId.get(code)).filter((id): id is number => id !== undefined),
      ingredientIds: product.ingredients.map((ingredient) => ingredientId.get(ingredient.activeIngredientCode)).filter((id): id is number => id !== undefined),
    }))
    .filter((product) => product.countryIds.length > 0);
  const llts = seed.meddraLlts.map((llt) => ({ code: llt.code, ptCode: llt.ptCode }));
  return { products, llts };
}

/** `size` cases drawn as bench/generator/batch-rows.ts draws them. */
function syntheticPopulation(size: number, seedValue: number, shape: ReturnType<typeof catalog>): DuplicateRecord[] {
  const random = new SeededRandom(seedValue);
  const physicians = Math.max(1, Math.round(size / 20));
  const now = Date.UTC(2026, 10, 1);
  return Array.from({ length: size }, (_, index) => {
    const product = random.pick(shape.products);
    const suspects = [product, ...Array.from({ length: random.int(0, 2) }, () => random.pick(shape.products))];
    const createdAt = now - Math.floor(random.next() * 3 * 365) * DAY_MS;
    const reactions = Array.from({ length: random.int(1, 2) }, () => random.pick(shape.llts));
    const contact = random.chance(0.4) ? random.int(1, physicians) : null;
    return {
      caseNumbers: [`XX-2026-${String(index + 1).padStart(6, '0')}`],
      initials: Array.from({ length: random.int(2, 3) }, () => random.pick([...LETTERS])).join(''),
      sex: random.pick(['M', 'F']),
      ageYears: random.int(0, 95),
      countryId: random.pick(product.countryIds),
      onset: new Date(createdAt - random.int(0, 10) * DAY_MS).toISOString().slice(0, 10),
      drugIds: [...new Set(suspects.map((suspect) => suspect.id))],
      ingredientIds: [...new Set(suspects.flatMap((suspect) => suspect.ingredientIds))],
      lltCodes: [...new Set(reactions.map((llt) => llt.code))],
      ptCodes: [...new Set(reactions.map((llt) => llt.ptCode))],
      emails: contact === null ? [] : [`medico${contact}@example.org`],
      phones: contact === null ? [] : [String(20_000_000 + contact * 7919)],
    };
  });
}

const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)} %`);

function printTable(metrics: readonly ThresholdMetrics[], defaultThreshold: number, configured?: number): void {
  console.log('| umbral (bits) | VP | FP | FN | VN | precisión | exhaustividad | F1 |');
  console.log('| --: | --: | --: | --: | --: | --: | --: | --: |');
  for (const row of metrics) {
    const mark = row.threshold === defaultThreshold ? ' (por defecto)' : row.threshold === configured ? ' (configurado)' : '';
    console.log(
      `| ${row.threshold}${mark} | ${row.truePositives} | ${row.falsePositives} | ${row.falseNegatives} | ${row.trueNegatives} | ${percent(row.precision)} | ${percent(row.recall)} | ${percent(row.f1)} |`,
    );
  }
  const chosen = calibratedThreshold(metrics);
  const atDefault = metrics.find((row) => row.threshold === defaultThreshold);
  console.log('');
  console.log(
    chosen
      ? `Chosen threshold (recall ≥ 0.9 at precision ≥ 0.9, best F1): ${chosen.threshold} bits (precision ${percent(chosen.precision)}, recall ${percent(chosen.recall)}, F1 ${percent(chosen.f1)})`
      : 'No threshold reaches recall ≥ 0.9 at precision ≥ 0.9.',
  );
  if (atDefault) {
    const met = (atDefault.recall ?? 0) >= 0.9 && (atDefault.precision ?? 0) >= 0.9;
    console.log(
      `DEFAULT_DUPLICATE_THRESHOLD ${defaultThreshold} bits: precision ${percent(atDefault.precision)}, recall ${percent(atDefault.recall)}: ${met ? 'met' : 'NOT met'} (recall ≥ 0.9 at precision ≥ 0.9)`,
    );
  }
}

function generated(size: number, rate: number, seedValue: number, negatives: number, hard: number): void {
  const started = Date.now();
  const shape = catalog();
  const base = syntheticPopulation(size, seedValue, shape);
  const set = plantDuplicates(base, {
    seed: seedValue + 1,
    rate,
    negativesPerDuplicate: negatives,
    hardNegativesPerDuplicate: hard,
    catalog: {
      drugIngredients: new Map(shape.products.map((product) => [product.id, product.ingredientIds])),
      lltPt: new Map(shape.llts.map((llt) => [llt.code, llt.ptCode])),
    },
  });
  const frequencies = populationFrequencies(set.records);
  const scored: ScoredPair[] = set.pairs.map((pair) => ({
    score: duplicateScore(set.records[pair.left] as DuplicateRecord, set.records[pair.right] as DuplicateRecord, frequencies).score,
    duplicate: pair.duplicate,
  }));
  const count = (kind: string) => set.pairs.filter((pair) => pair.kind === kind).length;
  console.log(`## Generated pairs (size ${size}, rate ${rate}, seed ${seedValue})`);
  console.log(
    `${set.planted} planted duplicates, ${count('random')} random and ${count('hard')} hard non-duplicate pairs; catalogue ${shape.products.length} products, ${shape.llts.length} LLTs`,
  );
  console.log(`corruptions applied: ${CORRUPTIONS.map((kind) => `${kind} ${set.applied[kind]}`).join(', ')}`);
  console.log('');
  printTable(thresholdMetrics(scored, THRESHOLDS), DEFAULT_DUPLICATE_THRESHOLD);
  const falseAtDefault = (kind: string) => set.pairs.filter((pair, index) => pair.kind === kind && (scored[index]?.score ?? 0) >= DEFAULT_DUPLICATE_THRESHOLD).length;
  console.log(`false positives at ${DEFAULT_DUPLICATE_THRESHOLD} bits: ${falseAtDefault('random')} of ${count('random')} random pairs, ${falseAtDefault('hard')} of ${count('hard')} hard pairs`);
  const hardScores = set.pairs.flatMap((pair, index) => (pair.kind === 'hard' ? [scored[index]?.score ?? 0] : [])).sort((a, b) => a - b);
  if (hardScores.length > 0) console.log(`hard negatives: median ${hardScores[Math.floor(hardScores.length / 2)]} bits, max ${hardScores[hardScores.length - 1]} bits`);
  console.log(`(${Date.now() - started} ms)`);
}

interface DecisionRow extends Record<string, unknown> {
  event_id: string;
  other_event_id: string | null;
  home_report_id: string | null;
  decision: string;
}

async function decided(target: { databaseUrl: string } | { dataDir: string }): Promise<void> {
  const database = await openDatabase(target);
  try {
    const db = database.db;
    const rows = (await db.execute<DecisionRow>(sql`select event_id, other_event_id, home_report_id, decision from duplicate_decisions order by id`)).rows;
    console.log('');
    console.log(`## Decided pairs (duplicate_decisions)`);
    if (rows.length === 0) {
      console.log('No decided pairs in this database: nothing to calibrate on yet.');
      return;
    }
    const caseIds = [...new Set(rows.flatMap((row) => [row.event_id, ...(row.other_event_id ? [row.other_event_id] : [])]))];
    const cases = new Map<string, ComparedRecord>();
    for (let at = 0; at < caseIds.length; at += 500) {
      for (const record of await loadCaseRecords(db, caseIds.slice(at, at + 500))) if (record.eventId) cases.set(record.eventId, record);
    }
    const scored: ScoredPair[] = [];
    for (const row of rows) {
      const left = cases.get(row.event_id);
      let right: ComparedRecord | undefined = row.other_event_id ? cases.get(row.other_event_id) : undefined;
      if (row.home_report_id) {
        const report = (
          await db.execute<{ id: string; reference: string; status: number; country_id: number; country_name: string | null; created_at: Date | string; data: unknown }>(
            sql`select h.id, h.reference, h.status, h.country_id, c.name as country_name, h.created_at, h.data
                from home_reports h join countries c on c.id = h.country_id where h.id = ${row.home_report_id}`,
          )
        ).rows[0];
        if (report) {
          const reportRow: ReportRow = {
            id: report.id,
            reference: report.reference,
            status: Number(report.status),
            countryId: report.country_id,
            countryName: report.country_name,
            createdAt: new Date(report.created_at),
            data: report.data as StoredReport,
          };
          right = await reportRecord(db, reportRow);
        }
      }
      if (!left || !right) continue;
      // The frequencies of the database, as the server reads them for the subject of a search.
      const frequencies = await valueFrequencies(db, right.record);
      scored.push({ score: duplicateScore(left.record, right.record, frequencies).score, duplicate: row.decision === 'duplicate' });
    }
    const positives = scored.filter((pair) => pair.duplicate).length;
    console.log(`${rows.length} decisions: ${positives} 'Es duplicado' (positive), ${scored.length - positives} 'No es duplicado' (negative) rebuilt; ${rows.length - scored.length} skipped`);
    console.log('');
    printTable(thresholdMetrics(scored, THRESHOLDS), DEFAULT_DUPLICATE_THRESHOLD, await duplicateThreshold(db));
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: '20000' },
      rate: { type: 'string', default: '0.025' },
      seed: { type: 'string', default: '1' },
      negatives: { type: 'string', default: '10' },
      hard: { type: 'string', default: '2' },
    },
  });
  const size = number(values.size, 'size', (n) => Number.isInteger(n) && n >= 2);
  const rate = number(values.rate, 'rate', (n) => n > 0 && n <= 1);
  const seedValue = number(values.seed, 'seed', Number.isInteger);
  const negatives = number(values.negatives, 'negatives', (n) => n >= 0);
  const hard = number(values.hard, 'hard', (n) => n >= 0);
  generated(size, rate, seedValue, negatives, hard);
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = process.env.ATALAYA_DATA_DIR;
  if (databaseUrl) await decided({ databaseUrl });
  else if (dataDir) await decided({ dataDir: resolve(process.env.INIT_CWD ?? process.cwd(), dataDir) });
  else console.log('\nNeither DATABASE_URL nor ATALAYA_DATA_DIR set: the decided pairs of duplicate_decisions are not read.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
