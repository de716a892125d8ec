import { CAUSALITY_DRUG_ROLES, type Icsr } from '@atalaya/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { eventMedications, eventRams, whoUmcAssessments } from '../../db/schema/index.js';

/** G.k.9.i.2.r.2 of a WHO-UMC assessment, and its source (the company's assessor, as Naranjo's). */
export const WHO_UMC_METHOD = 'WHO-UMC';
const SOURCE = 'Compañía';

/** The stored WHO-UMC categories of each case, by pair (`drug-{medication id}|ram-{reaction id}`). */
export type WhoUmcCategories = Map<string, Map<string, string>>;

/**
 * Reads the WHO-UMC categories of `caseIds` in one statement, for `withWhoUmcAssessments`. Only
 * pairs whose reaction and medicine still belong to the case, the medicine suspect or interacting
 * (G.k.9.i only for roles 1 and 3; docs/causality.md 'Drug roles'), are read.
 */
export async function whoUmcCategories(db: DbOrTx, caseIds: readonly string[]): Promise<WhoUmcCategories> {
  const byCase: WhoUmcCategories = new Map();
  if (caseIds.length === 0) return byCase;
  const rows = await db
    .select({ eventId: whoUmcAssessments.eventId, ramId: whoUmcAssessments.ramId, medicationId: whoUmcAssessments.medicationId, category: whoUmcAssessments.category })
    .from(whoUmcAssessments)
    .innerJoin(eventRams, and(eq(eventRams.id, whoUmcAssessments.ramId), eq(eventRams.eventId, whoUmcAssessments.eventId)))
    .innerJoin(eventMedications, and(eq(eventMedications.id, whoUmcAssessments.medicationId), eq(eventMedications.eventId, whoUmcAssessments.eventId)))
    .where(and(inArray(whoUmcAssessments.eventId, [...caseIds]), inArray(eventMedications.drugRole, [...CAUSALITY_DRUG_ROLES])))
    .orderBy(asc(whoUmcAssessments.ramId), asc(whoUmcAssessments.medicationId));
  for (const row of rows) {
    const pairs = byCase.get(row.eventId) ?? new Map<string, string>();
    pairs.set(`drug-${row.medicationId}|ram-${row.ramId}`, row.category);
    byCase.set(row.eventId, pairs);
  }
  return byCase;
}

/**
 * Adds the stored WHO-UMC category of each reaction × suspect drug to the ICSR's drug-reaction
 * matrix (G.k.9.i.2.r, method 'WHO-UMC'), after the assessments already there (Naranjo). The
 * pair is found by the ids `loadIcsrs` gives: `drug-{event_medications.id}`, `ram-{event_rams.id}`.
 */
export function withWhoUmcAssessments(icsr: Icsr, byPair: ReadonlyMap<string, string> | undefined): Icsr {
  if (!byPair || byPair.size === 0) return icsr;
  return {
    ...icsr,
    drugs: icsr.drugs.map((drug) => ({
      ...drug,
      reactions: drug.reactions.map((link) => {
        const category = byPair.get(`${drug.id}|${link.reactionId}`);
        return category ? { ...link, assessments: [...link.assessments, { source: SOURCE, method: WHO_UMC_METHOD, result: category }] } : link;
      }),
    })),
  };
}
