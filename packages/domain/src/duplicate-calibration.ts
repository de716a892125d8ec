/**
 * Calibration of the duplicate threshold (docs/duplicates.md 'Calibración del umbral'):
 * known duplicates planted in a population of reports with realistic corruption, labelled
 * non-duplicate pairs from the same population, and precision, recall and F1 of the score at
 * each threshold. Pure and seeded: the same seed plants the same pairs.
 */
import { type DuplicateFrequencies, type DuplicateRecord, normaliseEmail, normaliseInitials, type ValueFrequencies } from './duplicates.js';
import { SeededRandom } from './random.js';

/** The corruptions a planted duplicate may carry. */
export const CORRUPTIONS = ['initialsTypo', 'missingField', 'onsetShift', 'ageShift', 'drugChange', 'reactionChange', 'contactChange'] as const;
export type Corruption = (typeof CORRUPTIONS)[number];

/** How often each corruption hits a planted duplicate (each drawn independently). */
export interface CorruptionRates {
  /** The initials one edit apart (a letter changed, dropped, added or two swapped). */
  initialsTypo: number;
  /** Each field (initials, sex, age, country, onset, drugs, reactions, contact) absent with this probability. */
  fieldMissing: number;
  /** The onset shifted by 1..`onsetShiftMaxDays` days either way. */
  onsetShift: number;
  onsetShiftMaxDays: number;
  /** The age one year more or less. */
  ageShift: number;
  /** A suspect drug dropped (if there are several) or replaced by another of the population's. */
  drugChange: number;
  /** A reaction (LLT and its PT) dropped (if there are several) or replaced. */
  reactionChange: number;
  /** A different reporter's e-mail and phone (the physician after the patient). */
  contactChange: number;
}

/** Default rates: a second report of the same reaction, as told by someone else. */
export const DEFAULT_CORRUPTION_RATES: CorruptionRates = {
  initialsTypo: 0.1,
  fieldMissing: 0.1,
  onsetShift: 0.3,
  onsetShiftMaxDays: 7,
  ageShift: 0.2,
  drugChange: 0.2,
  reactionChange: 0.25,
  contactChange: 0.6,
};

/** The catalogue's links, so a changed drug brings its ingredients and a changed LLT its PT. */
export interface CorruptionCatalog {
  drugIngredients?: ReadonlyMap<number, readonly number[]>;
  lltPt?: ReadonlyMap<number, number>;
}

/** A corrupted copy of a record and the corruptions it got (a missing field counts once per field). */
export interface CorruptedRecord {
  record: DuplicateRecord;
  applied: Record<Corruption, number>;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** One edit of a string of letters: a letter replaced, dropped, added, or two neighbours swapped. */
export function oneEdit(text: string, random: SeededRandom): string {
  const position = random.int(0, Math.max(0, text.length - 1));
  const other = (exclude: string) => {
    let letter = random.pick([...LETTERS]);
    while (letter === exclude) letter = random.pick([...LETTERS]);
    return letter;
  };
  const kind = text.length < 2 ? random.pick(['replace', 'add'] as const) : random.pick(['replace', 'drop', 'add', 'swap'] as const);
  switch (kind) {
    case 'replace':
      return text.slice(0, position) + other(text[position] ?? '') + text.slice(position + 1);
    case 'drop':
      return text.slice(0, position) + text.slice(position + 1);
    case 'add':
      return text.slice(0, position) + other('') + text.slice(position);
    case 'swap': {
      const at = Math.min(position, text.length - 2);
      const [a, b] = [text[at] ?? '', text[at + 1] ?? ''];
      // Swapping two equal letters changes nothing: replace one instead.
      if (a === b) return text.slice(0, at) + other(a) + text.slice(at + 1);
      return text.slice(0, at) + b + a + text.slice(at + 2);
    }
  }
}

const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function noCorruption(): Record<Corruption, number> {
  return Object.fromEntries(CORRUPTIONS.map((kind) => [kind, 0])) as Record<Corruption, number>;
}

/**
 * A second report of `original`, corrupted at the given rates. `donor` is another report of the
 * population: a replaced drug or reaction and a different contact come from it.
 */
export function corruptRecord(
  original: DuplicateRecord,
  donor: DuplicateRecord,
  random: SeededRandom,
  rates: CorruptionRates = DEFAULT_CORRUPTION_RATES,
  catalog: CorruptionCatalog = {},
): CorruptedRecord {
  const applied = noCorruption();
  const record: { -readonly [K in keyof DuplicateRecord]: DuplicateRecord[K] } = { ...original, caseNumbers: [] };
  if (record.initials && random.chance(rates.initialsTypo)) {
    record.initials = oneEdit(normaliseInitials(record.initials) ?? record.initials, random);
    applied.initialsTypo += 1;
  }
  if (record.onset && random.chance(rates.onsetShift)) {
    const days = random.int(1, Math.max(1, rates.onsetShiftMaxDays)) * (random.chance(0.5) ? 1 : -1);
    record.onset = shiftDay(record.onset, days);
    applied.onsetShift += 1;
  }
  if (record.ageYears !== null && random.chance(rates.ageShift)) {
    record.ageYears = record.ageYears === 0 ? 1 : record.ageYears + (random.chance(0.5) ? 1 : -1);
    applied.ageShift += 1;
  }
  const donorDrugs = donor.drugIds.filter((id) => !record.drugIds.includes(id));
  if (record.drugIds.length > 0 && random.chance(rates.drugChange)) {
    const index = random.int(0, record.drugIds.length - 1);
    const kept = record.drugIds.filter((_, at) => at !== index);
    const replaced = record.drugIds.length > 1 && random.chance(0.5) ? kept : donorDrugs.length > 0 ? [...kept, random.pick(donorDrugs)] : kept;
    if (replaced.length > 0) {
      record.drugIds = replaced;
      if (catalog.drugIngredients) record.ingredientIds = [...new Set(replaced.flatMap((id) => catalog.drugIngredients?.get(id) ?? []))];
      applied.drugChange += 1;
    }
  }
  const donorLlts = donor.lltCodes.filter((code) => !record.lltCodes.includes(code));
  if (record.lltCodes.length > 0 && random.chance(rates.reactionChange)) {
    const index = random.int(0, record.lltCodes.length - 1);
    const kept = record.lltCodes.filter((_, at) => at !== index);
    const replaced = record.lltCodes.length > 1 && random.chance(0.5) ? kept : donorLlts.length > 0 ? [...kept, random.pick(donorLlts)] : kept;
    if (replaced.length > 0) {
      record.lltCodes = replaced;
      if (catalog.lltPt) record.ptCodes = [...new Set(replaced.map((code) => catalog.lltPt?.get(code)).filter((code): code is number => code !== undefined))];
      applied.reactionChange += 1;
    }
  }
  if ((record.emails.length > 0 || record.phones.length > 0) && random.chance(rates.contactChange)) {
    record.emails = donor.emails.filter((email) => !original.emails.includes(email));
    record.phones = donor.phones.filter((phone) => !original.phones.includes(phone));
    applied.contactChange += 1;
  }
  const drop = () => {
    const absent = random.chance(rates.fieldMissing);
    if (absent) applied.missingField += 1;
    return absent;
  };
  if (drop()) record.initials = null;
  if (drop()) record.sex = null;
  if (drop()) record.ageYears = null;
  if (drop()) record.countryId = null;
  if (drop()) record.onset = null;
  if (drop()) {
    record.drugIds = [];
    record.ingredientIds = [];
  }
  if (drop()) {
    record.lltCodes = [];
    record.ptCodes = [];
  }
  if (drop()) {
    record.emails = [];
    record.phones = [];
  }
  return { record, applied };
}

/** The number of fields `corruptRecord` may leave absent. */
export const CORRUPTIBLE_FIELDS = 8;

/** A labelled pair: indices into the planted set's records. */
export interface LabelledPair {
  left: number;
  right: number;
  duplicate: boolean;
  /** 'planted' (a duplicate), 'random' (any two reports), 'hard' (same drug, PT, sex and age band). */
  kind: 'planted' | 'random' | 'hard';
}

export interface PlantOptions {
  seed: number;
  /** Share of the base records that get a planted second report. */
  rate: number;
  corruption?: CorruptionRates;
  catalog?: CorruptionCatalog;
  /** Random non-duplicate pairs per planted duplicate (default 10). */
  negativesPerDuplicate?: number;
  /** Hard non-duplicate pairs per planted duplicate (default 2), when the population has them. */
  hardNegativesPerDuplicate?: number;
}

export interface PlantedSet {
  /** The base records, then the planted second reports. */
  records: DuplicateRecord[];
  pairs: LabelledPair[];
  /** How many times each corruption was applied, over the planted records. */
  applied: Record<Corruption, number>;
  planted: number;
}

/** The age band of the hard negatives: ten years. */
const ageBand = (age: number | null) => (age === null ? '' : String(Math.floor(age / 10)));

/**
 * Plants `round(rate × n)` known duplicates among `base` (each a corrupted second report of a
 * distinct base record) and draws labelled non-duplicate pairs from the base records: random
 * pairs and hard ones (same drug and PT, same sex and age band). The base records are taken as
 * distinct cases.
 */
export function plantDuplicates(base: readonly DuplicateRecord[], options: PlantOptions): PlantedSet {
  const random = new SeededRandom(options.seed);
  const records: DuplicateRecord[] = [...base];
  const pairs: LabelledPair[] = [];
  const applied = noCorruption();
  const count = Math.min(base.length, Math.round(options.rate * base.length));
  // A partial Fisher–Yates shuffle: `count` distinct originals.
  const order = base.map((_, index) => index);
  for (let index = 0; index < count; index += 1) {
    const other = random.int(index, order.length - 1);
    [order[index], order[other]] = [order[other] as number, order[index] as number];
  }
  for (const original of order.slice(0, count)) {
    let donor = random.int(0, base.length - 1);
    if (donor === original && base.length > 1) donor = (donor + 1) % base.length;
    const copy = corruptRecord(base[original] as DuplicateRecord, base[donor] as DuplicateRecord, random, options.corruption, options.catalog);
    for (const kind of CORRUPTIONS) applied[kind] += copy.applied[kind];
    pairs.push({ left: original, right: records.length, duplicate: true, kind: 'planted' });
    records.push(copy.record);
  }

  const seen = new Set<string>();
  const addNegative = (left: number, right: number, kind: 'random' | 'hard') => {
    if (left === right) return false;
    const key = left < right ? `${left}|${right}` : `${right}|${left}`;
    if (seen.has(key)) return false;
    seen.add(key);
    pairs.push({ left, right, duplicate: false, kind });
    return true;
  };
  if (base.length > 1) {
    const negatives = Math.round((options.negativesPerDuplicate ?? 10) * count);
    for (let made = 0, tries = 0; made < negatives && tries < negatives * 10; tries += 1) {
      if (addNegative(random.int(0, base.length - 1), random.int(0, base.length - 1), 'random')) made += 1;
    }
  }
  const blocks = new Map<string, number[]>();
  base.forEach((record, index) => {
    if (record.sex === null || record.ageYears === null) return;
    for (const drug of new Set(record.drugIds)) {
      for (const pt of new Set(record.ptCodes)) {
        const key = `${record.sex}|${ageBand(record.ageYears)}|${drug}|${pt}`;
        const members = blocks.get(key);
        if (members) members.push(index);
        else blocks.set(key, [index]);
      }
    }
  });
  const hardBlocks = [...blocks.values()].filter((members) => members.length > 1);
  if (hardBlocks.length > 0) {
    const hard = Math.round((options.hardNegativesPerDuplicate ?? 2) * count);
    for (let made = 0, tries = 0; made < hard && tries < hard * 10; tries += 1) {
      const members = random.pick(hardBlocks);
      if (addNegative(random.pick(members), random.pick(members), 'hard')) made += 1;
    }
  }
  return { records, pairs, applied, planted: count };
}

/**
 * The background frequencies of a population, per field: the share of the records carrying
 * each value; a value not seen reads half a record.
 */
export function populationFrequencies(records: readonly DuplicateRecord[]): DuplicateFrequencies {
  const total = Math.max(1, records.length);
  const counters = {
    initials: new Map<string, number>(),
    sex: new Map<string, number>(),
    country: new Map<string, number>(),
    drug: new Map<string, number>(),
    ingredient: new Map<string, number>(),
    llt: new Map<string, number>(),
    pt: new Map<string, number>(),
    email: new Map<string, number>(),
  };
  const add = (counter: Map<string, number>, values: readonly (string | number | null)[]) => {
    for (const value of new Set(values.filter((item): item is string | number => item !== null).map(String))) counter.set(value, (counter.get(value) ?? 0) + 1);
  };
  for (const record of records) {
    add(counters.initials, [normaliseInitials(record.initials)]);
    add(counters.sex, [record.sex]);
    add(counters.country, [record.countryId]);
    add(counters.drug, record.drugIds);
    add(counters.ingredient, record.ingredientIds);
    add(counters.llt, record.lltCodes);
    add(counters.pt, record.ptCodes);
    add(counters.email, record.emails.map(normaliseEmail));
  }
  const frequencies = (counter: Map<string, number>): ValueFrequencies => ({
    known: new Map([...counter].map(([value, n]) => [value, n / total])),
    otherwise: 0.5 / total,
  });
  return {
    initials: frequencies(counters.initials),
    sex: frequencies(counters.sex),
    country: frequencies(counters.country),
    drug: frequencies(counters.drug),
    ingredient: frequencies(counters.ingredient),
    llt: frequencies(counters.llt),
    pt: frequencies(counters.pt),
    email: frequencies(counters.email),
  };
}

/** A labelled pair's score. */
export interface ScoredPair {
  score: number;
  duplicate: boolean;
}

/** The score's quality at one threshold: a pair is proposed when its score ≥ the threshold. */
export interface ThresholdMetrics {
  threshold: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
  /** TP / (TP + FP); null when nothing is proposed. */
  precision: number | null;
  /** TP / (TP + FN); null when there is no duplicate. */
  recall: number | null;
  /** Harmonic mean of precision and recall; null when either is null or both are 0. */
  f1: number | null;
}

/** Precision, recall and F1 at each threshold (score ≥ threshold = proposed as a duplicate). */
export function thresholdMetrics(pairs: readonly ScoredPair[], thresholds: readonly number[]): ThresholdMetrics[] {
  return thresholds.map((threshold) => {
    let truePositives = 0;
    let falsePositives = 0;
    let falseNegatives = 0;
    let trueNegatives = 0;
    for (const pair of pairs) {
      const proposed = pair.score >= threshold;
      if (pair.duplicate) {
        if (proposed) truePositives += 1;
        else falseNegatives += 1;
      } else if (proposed) falsePositives += 1;
      else trueNegatives += 1;
    }
    const precision = truePositives + falsePositives === 0 ? null : truePositives / (truePositives + falsePositives);
    const recall = truePositives + falseNegatives === 0 ? null : truePositives / (truePositives + falseNegatives);
    const f1 = precision === null || recall === null || precision + recall === 0 ? null : (2 * precision * recall) / (precision + recall);
    return { threshold, truePositives, falsePositives, falseNegatives, trueNegatives, precision, recall, f1 };
  });
}

/**
 * The threshold that reaches recall ≥ `minRecall` at precision ≥ `minPrecision` (0.9 and 0.9 by
 * default): of those that do, the best F1, the lowest threshold on a tie; null if none does.
 */
export function calibratedThreshold(metrics: readonly ThresholdMetrics[], minRecall = 0.9, minPrecision = 0.9): ThresholdMetrics | null {
  let best: ThresholdMetrics | null = null;
  for (const row of metrics) {
    if (row.recall === null || row.precision === null || row.recall < minRecall || row.precision < minPrecision) continue;
    if (best === null || (row.f1 ?? 0) > (best.f1 ?? 0) || ((row.f1 ?? 0) === (best.f1 ?? 0) && row.threshold < best.threshold)) best = row;
  }
  return best;
}
