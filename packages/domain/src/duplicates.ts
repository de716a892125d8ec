/**
 * Duplicate detection: the score of a pair of reports after the hit-miss model of vigiMatch
 * (Norén, Orre, Bate & Edwards 2007, Data Min Knowl Disc 14:305–328); docs/duplicates.md.
 *
 * The model: for a true duplicate pair, each field of the second report is a *hit* (the same
 * value as the first) with probability 1 − a, or a *miss* (a value drawn from the background
 * distribution, as for an unrelated report) with probability a. For an unrelated pair both
 * values are independent draws from the background. The weight of a field is the log
 * likelihood ratio (bits) of what is seen under the two hypotheses:
 *
 * - agreement on a value x of background frequency p: log2(((1 − a)·p + a·p²) / p²) =
 *   log2((1 − a)/p + a): a rare value weighs much, a common one (paracetamol, headache) little;
 * - disagreement: log2(a·(1 − Σp²) / (1 − Σp²)) = log2(a): a fixed cost per field;
 * - a value missing on either side: 0 (nothing is known);
 * - dates and ages: the difference d between the two values is, for a duplicate, a Laplace
 *   error of scale s (a hit, written down slightly differently) or a background draw (a miss);
 *   for an unrelated pair it is spread over a span W. The weight is
 *   log2(((1 − a)·W/(2s))·e^(−|d|/s) + a): the exact value weighs most, a day or a year apart a
 *   little less, and far apart it falls to the fixed cost log2(a).
 *
 * Pure: the value frequencies come in as input (from the database), so that the server, the
 * bench and the tests compute the same score.
 */

/** The fields compared, in the order the screens show them. */
export const DUPLICATE_FIELDS = [
  'caseNumber',
  'initials',
  'sex',
  'age',
  'country',
  'onset',
  'drug',
  'ingredient',
  'llt',
  'pt',
  'email',
  'phone',
] as const;
export type DuplicateField = (typeof DUPLICATE_FIELDS)[number];

/** Spanish names of the fields, as the comparison shows them. */
export const DUPLICATE_FIELD_LABELS: Record<DuplicateField, string> = {
  caseNumber: 'Número de caso',
  initials: 'Iniciales del paciente',
  sex: 'Sexo',
  age: 'Edad',
  country: 'País',
  onset: 'Inicio de la reacción',
  drug: 'Medicamentos sospechosos',
  ingredient: 'Principios activos',
  llt: 'Reacciones (LLT)',
  pt: 'Reacciones (PT)',
  email: 'Correo del reportante',
  phone: 'Teléfono del reportante',
};

/** What the score reads of one report or case; null or [] = not given. */
export interface DuplicateRecord {
  /** Every case number the report carries: its own, the incoming report's, E2B C.1.8.1 and C.1.9.1. */
  caseNumbers: readonly string[];
  initials: string | null;
  /** 'M' or 'F'. */
  sex: string | null;
  /** Age in years (fractional below a year), at the reaction's onset. */
  ageYears: number | null;
  /** Country id (the patient's, else the report's). */
  countryId: number | null;
  /** The earliest reaction start, YYYY-MM-DD. */
  onset: string | null;
  drugIds: readonly number[];
  ingredientIds: readonly number[];
  lltCodes: readonly number[];
  ptCodes: readonly number[];
  emails: readonly string[];
  phones: readonly string[];
}

/**
 * The background frequency of a field's values (from the database's statistics): `known` by
 * value, and `otherwise` for any value not listed (the share of the rest spread evenly).
 */
export interface ValueFrequencies {
  known: ReadonlyMap<string, number>;
  otherwise: number;
}

/** The background frequencies the agreement weights read, per field; a field not given reads `unseenOneIn`. */
export type DuplicateFrequencies = Partial<Record<'initials' | 'sex' | 'country' | 'drug' | 'ingredient' | 'llt' | 'pt' | 'email', ValueFrequencies>>;

/** The model's parameters: the miss rate a of each field, the spread of dates and ages. */
export interface DuplicateModel {
  /** Probability a that a duplicate's field differs anyway (a miss): the disagreement costs log2(a). */
  missRate: Record<DuplicateField, number>;
  /** Frequency of a value of a field given no frequencies: one in this many. */
  unseenOneIn: Record<'initials' | 'email' | 'phone' | 'caseNumber', number>;
  /** Probability that a duplicate's initials are one edit apart (a typo). */
  initialsTypoRate: number;
  /** Laplace scale s (days) and span W (days) of the onset date. */
  onset: { scaleDays: number; spanDays: number };
  /** Laplace scale s (years) and span W (years) of the age. */
  age: { scaleYears: number; spanYears: number };
}

/**
 * The default parameters (docs/duplicates.md gives the reasoning and how to recalibrate). The
 * reporter's e-mail and phone often differ for a true duplicate (the patient and the physician
 * report the same reaction), so their disagreement costs little; and they name a reporter, not
 * a patient (a physician reports many patients), so their agreement is read as one case in 200
 * (about 6 bits each), never enough alone; a case number differs for
 * nearly every duplicate (each report gets its own) and costs nothing, but a shared one is
 * decisive (a miss rate near 1: a difference costs nothing, a match weighs about 30 bits, above
 * the default threshold and the calibration's best, 28).
 */
export const DEFAULT_DUPLICATE_MODEL: DuplicateModel = {
  missRate: {
    caseNumber: 0.999,
    initials: 0.05,
    sex: 0.02,
    age: 0.1,
    country: 0.05,
    onset: 0.15,
    drug: 0.2,
    ingredient: 0.15,
    llt: 0.35,
    pt: 0.25,
    email: 0.6,
    phone: 0.6,
  },
  unseenOneIn: { initials: 5000, email: 200, phone: 200, caseNumber: 1_000_000_000_000 },
  initialsTypoRate: 0.1,
  onset: { scaleDays: 3, spanDays: 3650 },
  age: { scaleYears: 1, spanYears: 100 },
};

/**
 * The default threshold (bits) above which a pair is proposed as a possible duplicate: the lowest
 * at which the calibration's planted pairs are found with precision and recall both ≥ 0.9
 * (docs/duplicates.md 'Calibración del umbral': 91.2 % and 97.6 % at 22 bits).
 */
export const DEFAULT_DUPLICATE_THRESHOLD = 22;

/** One field's part in the score: how the two values compare and its weight in bits. */
export interface DuplicateContribution {
  field: DuplicateField;
  /** 'agree' (same or within tolerance), 'near' (a typo), 'disagree', 'missing'. */
  outcome: 'agree' | 'near' | 'disagree' | 'missing';
  /** Log2 likelihood ratio; 0 when missing. */
  weight: number;
  /** The shared values, for the screen's reasons (e.g. the drug ids in common). */
  shared: readonly string[];
}

export interface DuplicateScore {
  /** Sum of the contributions, bits. */
  score: number;
  contributions: DuplicateContribution[];
}

const log2 = Math.log2;

/** Initials compared: upper case, letters only, accents removed. */
export function normaliseInitials(value: string | null | undefined): string | null {
  const text = (value ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  return text ? text : null;
}

/** E-mail compared: trimmed, lower case. */
export function normaliseEmail(value: string | null | undefined): string | null {
  const text = (value ?? '').trim().toLowerCase();
  return text.includes('@') ? text : null;
}

/** Phone compared: its last 8 digits (country and area prefixes are written in many ways). */
export function normalisePhone(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits.length >= 6 ? digits.slice(-8) : null;
}

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent swaps). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The lowest background frequency a value is given (a shared case number's: ≈ 30 bits). */
export const MIN_VALUE_FREQUENCY = 1e-12;

/** The background frequency of a value (kept within [MIN_VALUE_FREQUENCY, 1]), or one in `unseenOneIn` without frequencies. */
function frequency(frequencies: ValueFrequencies | undefined, value: string, unseenOneIn: number): number {
  const p = frequencies ? (frequencies.known.get(value) ?? frequencies.otherwise) : 1 / unseenOneIn;
  return Math.min(1, Math.max(p, MIN_VALUE_FREQUENCY));
}

/** The weight of agreement on a value of frequency p for a field of miss rate a. */
export function agreementWeight(p: number, a: number): number {
  return log2((1 - a) / p + a);
}

/** The weight of disagreement for a field of miss rate a (0 when a = 1: a difference says nothing). */
export function disagreementWeight(a: number): number {
  return a >= 1 ? 0 : log2(a);
}

/** The weight of a difference d under the Laplace tolerance model (scale s, span W, miss rate a). */
export function differenceWeight(d: number, scale: number, span: number, a: number): number {
  return log2(((1 - a) * span) / (2 * scale) * Math.exp(-Math.abs(d) / scale) + a);
}

const DAY_MS = 86_400_000;
function dayNumber(day: string): number | null {
  const time = Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(time) ? null : Math.round(time / DAY_MS);
}

function missing(field: DuplicateField): DuplicateContribution {
  return { field, outcome: 'missing', weight: 0, shared: [] };
}

function single(field: DuplicateField, left: string | null, right: string | null, counts: ValueFrequencies | undefined, model: DuplicateModel, unseenOneIn: number): DuplicateContribution {
  if (left === null || right === null) return missing(field);
  const a = model.missRate[field];
  if (left !== right) return { field, outcome: 'disagree', weight: disagreementWeight(a), shared: [] };
  return { field, outcome: 'agree', weight: agreementWeight(frequency(counts, left, unseenOneIn), a), shared: [left] };
}

/**
 * A field holding a set (drugs, ingredients, reactions, e-mails): each shared value adds its
 * agreement weight (a rare drug more than a common one); no value in common costs the fixed
 * disagreement; either side empty weighs 0.
 */
function set(field: DuplicateField, left: readonly (string | number)[], right: readonly (string | number)[], counts: ValueFrequencies | undefined, model: DuplicateModel, unseenOneIn: number): DuplicateContribution {
  const a = [...new Set(left.map(String))];
  const b = new Set(right.map(String));
  if (a.length === 0 || b.size === 0) return missing(field);
  const shared = a.filter((value) => b.has(value)).sort();
  const rate = model.missRate[field];
  if (shared.length === 0) return { field, outcome: 'disagree', weight: disagreementWeight(rate), shared: [] };
  const weight = shared.reduce((sum, value) => sum + agreementWeight(frequency(counts, value, unseenOneIn), rate), 0);
  return { field, outcome: 'agree', weight, shared };
}

function initials(left: string | null, right: string | null, frequencies: DuplicateFrequencies, model: DuplicateModel): DuplicateContribution {
  const a = normaliseInitials(left);
  const b = normaliseInitials(right);
  if (a === null || b === null) return missing('initials');
  if (a === b) return single('initials', a, b, frequencies.initials, model, model.unseenOneIn.initials);
  if (editDistance(a, b) === 1) {
    // A typo: the agreement weight of the commoner of the two values, less log2(1/t) for the
    // probability t that a duplicate's initials carry one. Never below the disagreement (t > a).
    const p = Math.max(frequency(frequencies.initials, a, model.unseenOneIn.initials), frequency(frequencies.initials, b, model.unseenOneIn.initials));
    const weight = agreementWeight(p, model.missRate.initials) + log2(model.initialsTypoRate);
    return { field: 'initials', outcome: 'near', weight, shared: [] };
  }
  return { field: 'initials', outcome: 'disagree', weight: disagreementWeight(model.missRate.initials), shared: [] };
}

function difference(field: 'age' | 'onset', d: number | null, scale: number, span: number, tolerance: number, model: DuplicateModel): DuplicateContribution {
  if (d === null) return missing(field);
  const weight = differenceWeight(d, scale, span, model.missRate[field]);
  return { field, outcome: Math.abs(d) <= tolerance ? 'agree' : 'disagree', weight, shared: [] };
}

/**
 * The duplicate score of a pair and each field's contribution. Symmetric: score(a, b) =
 * score(b, a). A shared case number (an E2B C.1.8.1 or C.1.9.1, an incoming report's RH
 * number) alone crosses the default threshold.
 */
export function duplicateScore(
  left: DuplicateRecord,
  right: DuplicateRecord,
  frequencies: DuplicateFrequencies = {},
  model: DuplicateModel = DEFAULT_DUPLICATE_MODEL,
): DuplicateScore {
  const ageDiff = left.ageYears === null || right.ageYears === null ? null : left.ageYears - right.ageYears;
  const leftDay = left.onset ? dayNumber(left.onset) : null;
  const rightDay = right.onset ? dayNumber(right.onset) : null;
  const onsetDiff = leftDay === null || rightDay === null ? null : leftDay - rightDay;
  const caseNumbers = (values: readonly string[]) => values.map((value) => value.trim().toUpperCase()).filter(Boolean);
  const contributions: DuplicateContribution[] = [
    set('caseNumber', caseNumbers(left.caseNumbers), caseNumbers(right.caseNumbers), undefined, model, model.unseenOneIn.caseNumber),
    initials(left.initials, right.initials, frequencies, model),
    single('sex', left.sex, right.sex, frequencies.sex, model, 2),
    difference('age', ageDiff, model.age.scaleYears, model.age.spanYears, 1, model),
    single('country', left.countryId === null ? null : String(left.countryId), right.countryId === null ? null : String(right.countryId), frequencies.country, model, 20),
    difference('onset', onsetDiff, model.onset.scaleDays, model.onset.spanDays, 7, model),
    set('drug', left.drugIds, right.drugIds, frequencies.drug, model, 10_000),
    set('ingredient', left.ingredientIds, right.ingredientIds, frequencies.ingredient, model, 5000),
    set('llt', left.lltCodes, right.lltCodes, frequencies.llt, model, 80_000),
    set('pt', left.ptCodes, right.ptCodes, frequencies.pt, model, 25_000),
    set('email', emails(left.emails), emails(right.emails), frequencies.email, model, model.unseenOneIn.email),
    set('phone', phones(left.phones), phones(right.phones), undefined, model, model.unseenOneIn.phone),
  ];
  const score = contributions.reduce((sum, part) => sum + part.weight, 0);
  return { score: Math.round(score * 100) / 100, contributions: contributions.map((part) => ({ ...part, weight: Math.round(part.weight * 100) / 100 })) };
}

function emails(values: readonly string[]): string[] {
  return values.map(normaliseEmail).filter((value): value is string => value !== null);
}
function phones(values: readonly string[]): string[] {
  return values.map(normalisePhone).filter((value): value is string => value !== null);
}

/** An empty record (nothing known), to build from. */
export function emptyDuplicateRecord(): DuplicateRecord {
  return { caseNumbers: [], initials: null, sex: null, ageYears: null, countryId: null, onset: null, drugIds: [], ingredientIds: [], lltCodes: [], ptCodes: [], emails: [], phones: [] };
}

/** An age in a case's unit as years (fractional below a year); null when unknown. */
export function ageInYears(age: number | null | undefined, unit: string | null | undefined): number | null {
  if (age === null || age === undefined || !Number.isFinite(age)) return null;
  switch (unit) {
    case 'Años':
      return age;
    case 'Meses':
      return age / 12;
    case 'Semanas':
      return (age * 7) / 365.25;
    case 'Días':
      return age / 365.25;
    default:
      return unit ? null : age;
  }
}

/** The Spanish reason of a contribution, as the list of candidates shows it ('Mismas iniciales'). */
export function duplicateReason(part: DuplicateContribution): string | null {
  const label = DUPLICATE_FIELD_LABELS[part.field];
  switch (part.outcome) {
    case 'agree':
      return part.field === 'age' || part.field === 'onset' ? `${label}: coincide` : `${label}: coinciden`;
    case 'near':
      return `${label}: casi iguales`;
    default:
      return null;
  }
}
