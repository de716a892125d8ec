/**
 * Counting for disproportionality (docs/signals.md 'Counting'): the 2×2 table of a drug–event
 * pair counts distinct reports (cases), not rows; a pair repeated inside one report counts once.
 * Which reports and drugs enter (no duplicates, no drafts, suspect/interacting drugs…) is chosen
 * before this point; here a report is a set of drugs, a set of events and at most one stratum.
 */

/** One row of a report: report × drug × event (× stratum), as in the reference CSVs. */
export interface SignalRow {
  reportId: string;
  drug: string;
  event: string;
  /** The stratum of the report (sex, age group, country…); omitted: one stratum. */
  stratum?: string;
}

/** The counts of one drug–event pair. */
export interface PairCounts {
  drug: string;
  event: string;
  /** Reports with the drug and the event. */
  a: number;
  /** Reports with the drug, without the event. */
  b: number;
  /** Reports with the event, without the drug. */
  c: number;
  /** Reports with neither. */
  d: number;
  /** Expected a under independence, summed over strata: Σₛ n(drug)ₛ · n(event)ₛ / Nₛ. */
  expected: number;
}

/** Marginal counts of one stratum. */
export interface StratumMargins {
  reports: number;
  byDrug: Map<string, number>;
  byEvent: Map<string, number>;
}

const UNSTRATIFIED = '';

/** The expected count of a pair: Σₛ n(drug)ₛ · n(event)ₛ / Nₛ (one stratum: (a+b)(a+c)/N). */
export function expectedCount(drug: string, event: string, strata: Iterable<StratumMargins>): number {
  let sum = 0;
  for (const stratum of strata) {
    if (stratum.reports === 0) continue;
    const nDrug = stratum.byDrug.get(drug) ?? 0;
    const nEvent = stratum.byEvent.get(event) ?? 0;
    sum += (nDrug * nEvent) / stratum.reports;
  }
  return sum;
}

/**
 * Every drug–event pair seen in at least one report, with its 2×2 table (distinct reports) and
 * its expected count (stratified when the rows carry a stratum). A pair is in a report when one
 * of the report's rows names it (an Atalaya case's rows are each of its drugs × each of its
 * reactions; pvda's simulated rows are not a cross product, and count as they are). A report
 * is in a drug's (an event's) margin when any of its rows names the drug (the event). A report
 * whose rows name different strata takes the first one met.
 */
export function countPairs(rows: Iterable<SignalRow>, options: { stratified?: boolean } = {}): PairCounts[] {
  const stratified = options.stratified ?? false;
  const reportStratum = new Map<string, string>();
  const reportDrugs = new Map<string, Set<string>>();
  const reportEvents = new Map<string, Set<string>>();
  const reportPairs = new Map<string, Set<string>>();
  const pairKey = (drug: string, event: string) => JSON.stringify([drug, event]);
  for (const row of rows) {
    if (!reportStratum.has(row.reportId)) reportStratum.set(row.reportId, stratified ? (row.stratum ?? UNSTRATIFIED) : UNSTRATIFIED);
    let drugs = reportDrugs.get(row.reportId);
    if (!drugs) reportDrugs.set(row.reportId, (drugs = new Set()));
    drugs.add(row.drug);
    let events = reportEvents.get(row.reportId);
    if (!events) reportEvents.set(row.reportId, (events = new Set()));
    events.add(row.event);
    let pairs = reportPairs.get(row.reportId);
    if (!pairs) reportPairs.set(row.reportId, (pairs = new Set()));
    pairs.add(pairKey(row.drug, row.event));
  }

  const strata = new Map<string, StratumMargins>();
  const drugTotal = new Map<string, number>();
  const eventTotal = new Map<string, number>();
  const pairTotal = new Map<string, number>();
  for (const [reportId, drugs] of reportDrugs) {
    const events = reportEvents.get(reportId) ?? new Set<string>();
    const key = reportStratum.get(reportId) ?? UNSTRATIFIED;
    let margins = strata.get(key);
    if (!margins) strata.set(key, (margins = { reports: 0, byDrug: new Map(), byEvent: new Map() }));
    margins.reports += 1;
    for (const drug of drugs) {
      margins.byDrug.set(drug, (margins.byDrug.get(drug) ?? 0) + 1);
      drugTotal.set(drug, (drugTotal.get(drug) ?? 0) + 1);
    }
    for (const k of reportPairs.get(reportId) ?? []) pairTotal.set(k, (pairTotal.get(k) ?? 0) + 1);
    for (const event of events) {
      margins.byEvent.set(event, (margins.byEvent.get(event) ?? 0) + 1);
      eventTotal.set(event, (eventTotal.get(event) ?? 0) + 1);
    }
  }

  const total = reportDrugs.size;
  const out: PairCounts[] = [];
  for (const [k, a] of pairTotal) {
    const [drug, event] = JSON.parse(k) as [string, string];
    const withDrug = drugTotal.get(drug) ?? 0;
    const withEvent = eventTotal.get(event) ?? 0;
    out.push({
      drug,
      event,
      a,
      b: withDrug - a,
      c: withEvent - a,
      d: total - withDrug - withEvent + a,
      expected: expectedCount(drug, event, strata.values()),
    });
  }
  return out;
}
