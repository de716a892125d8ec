import type { Icsr } from '@atalaya/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { eventMedications, eventRams, whoUmcAssessments } from '../../db/schema/index.js';

/** G.k.9.i.2.r.2 of a WHO-UMC assessment, and its source (the company's assessor, as Naranjo's). */
export const WHO_UMC_METHOD = 'WHO-UMC';
const SOURCE = 'Compañía';

/**
 * Adds the stored WHO-UMC category of each reaction × suspect drug to the ICSR's drug-reaction
 * matrix (G.k.9.i.2.r, method 'WHO-UMC'), after the assessments already there (Naranjo). The
 * pair is found by the ids `loadIcsr` gives: `drug-{event_medications.id}`, `ram-{event_rams.id}`.
 * Kept apart from `loadIcsr` so that the WHO-UMC read does not touch the rest of the load.
 */
export async function withWhoUmcAssessments(db: DbOrTx, caseId: string, icsr: Icsr): Promise<Icsr> {
  const rows = await db
    .select({ ramId: whoUmcAssessments.ramId, medicationId: whoUmcAssessments.medicationId, category: whoUmcAssessments.category })
    .from(whoUmcAssessments)
    .innerJoin(eventRams, and(eq(eventRams.id, whoUmcAssessments.ramId), eq(eventRams.eventId, caseId)))
    .innerJoin(eventMedications, and(eq(eventMedications.id, whoUmcAssessments.medicationId), eq(eventMedications.eventId, caseId)))
    .where(eq(whoUmcAssessments.eventId, caseId))
    .orderBy(asc(whoUmcAssessments.ramId), asc(whoUmcAssessments.medicationId));
  if (rows.length === 0) return icsr;
  const byPair = new Map(rows.map((row) => [`drug-${row.medicationId}|ram-${row.ramId}`, row.category]));
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
