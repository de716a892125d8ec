import {
  can,
  CAUSALITY_DRUG_ROLES,
  canEditEvaluation,
  isWhoUmcCategory,
  MSG,
  type Role,
  type SetWhoUmcBody,
  WHO_UMC_QUESTION_KEYS,
  WHO_UMC_QUESTIONS,
  type WhoUmcAnswers,
  type WhoUmcAssessment,
  type WhoUmcCategory,
  whoUmcFinalCategory,
  whoUmcImpliedCategory,
  whoUmcIssues,
  whoUmcPairLabel,
  type WhoUmcPair,
  whoUmcRelevantAnswers,
} from '@atalaya/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, readAll } from '../../db/client.js';
import { eventMedications, eventRams, products, users, whoUmcAssessments } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { recordCaseOperation, type ChangeLine } from '../cases/index.js';
import { findCaseInReach } from '../reach/index.js';

export function canEditWhoUmc(role: Role, status: number): boolean {
  return can(role, 'whoUmc.write') && canEditEvaluation(role, status);
}

/** Only the stored answers that are booleans of known questions (the column is JSON). */
function storedAnswers(value: unknown): WhoUmcAnswers {
  if (typeof value !== 'object' || value === null) return {};
  const record = value as Record<string, unknown>;
  return Object.fromEntries(WHO_UMC_QUESTION_KEYS.filter((key) => typeof record[key] === 'boolean').map((key) => [key, record[key]]));
}

/**
 * Every reaction × suspect or interacting drug pair of a case (roles 1 and 3; a concomitant or
 * not-administered drug is not assessed), in the reactions' then the drugs' order, each with its
 * stored assessment (or none). An assessment stored for a drug later made concomitant stays
 * stored but is not listed (docs/causality.md 'Drug roles'). Read by the Imputabilidad tab,
 * the conclusion menu, the case PDF and the save below.
 */
export async function loadWhoUmcPairs(db: DbOrTx, eventId: string): Promise<WhoUmcPair[]> {
  const [rams, medications, stored] = await readAll(db, [
    () =>
      db
        .select({ id: eventRams.id, name: sql<string>`coalesce(${eventRams.lltName}, ${eventRams.description})` })
        .from(eventRams)
        .where(eq(eventRams.eventId, eventId))
        .orderBy(asc(eventRams.id)),
    () =>
      db
        .select({ id: eventMedications.id, name: products.commercialName })
        .from(eventMedications)
        .innerJoin(products, eq(products.id, eventMedications.productId))
        .where(and(eq(eventMedications.eventId, eventId), inArray(eventMedications.drugRole, [...CAUSALITY_DRUG_ROLES])))
        .orderBy(asc(eventMedications.id)),
    () =>
      db
        .select({
          ramId: whoUmcAssessments.ramId,
          medicationId: whoUmcAssessments.medicationId,
          answers: whoUmcAssessments.answers,
          implied: whoUmcAssessments.impliedCategory,
          category: whoUmcAssessments.category,
          reason: whoUmcAssessments.overrideReason,
          updatedAt: whoUmcAssessments.updatedAt,
          updatedBy: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})`,
        })
        .from(whoUmcAssessments)
        .leftJoin(users, eq(users.id, whoUmcAssessments.updatedBy))
        .where(eq(whoUmcAssessments.eventId, eventId)),
  ]);
  const byPair = new Map(stored.map((row) => [`${row.ramId}:${row.medicationId}`, row]));
  return rams.flatMap((ram) =>
    medications.map((medication) => {
      const row = byPair.get(`${ram.id}:${medication.id}`);
      return {
        RamId: ram.id,
        Reaccion: ram.name,
        MedicamentoId: medication.id,
        Medicamento: medication.name,
        Respuestas: row ? storedAnswers(row.answers) : {},
        CategoriaImplicada: row && isWhoUmcCategory(row.implied) ? row.implied : null,
        Categoria: row && isWhoUmcCategory(row.category) ? row.category : null,
        MotivoCambio: row?.reason ?? null,
        Modificado: row ? { Usuario: row.updatedBy ?? '', Fecha: row.updatedAt.toISOString() } : null,
      };
    }),
  );
}

/** `getWhoUmcByMeta`: every reaction × suspect drug pair with its WHO-UMC assessment. */
export async function getWhoUmc(db: Db, user: AuthUser, meta: string): Promise<WhoUmcAssessment> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  return { Pares: await loadWhoUmcPairs(db, found.id), CanEdit: canEditWhoUmc(user.role, found.status) };
}

const yesNo = (answer: boolean | null | undefined) => (answer === true ? 'Sí' : answer === false ? 'No' : null);

/**
 * `setWhoUmc` (docs/causality.md): one pair's checklist, in one transaction with the case
 * locked. The implied category is computed here from the answers on the checklist's path
 * (others are dropped), never taken from the client; a kept category other than the implied
 * one needs a reason (refused with 400 otherwise). Who and when are stamped; every change is a
 * line of one history and audit entry.
 */
export async function setWhoUmc(db: Db, user: AuthUser, body: SetWhoUmcBody): Promise<WhoUmcAssessment> {
  return db.transaction(async (tx) => {
    const found = await findCaseInReach(tx, user, body.er, { forUpdate: true });
    if (!found) throw notFound(MSG.lists.eventNotFound);
    if (!can(user, 'whoUmc.write')) throw forbidden();
    if (!canEditWhoUmc(user.role, found.status)) throw badRequest(MSG.imputability.notEditable);

    const pairs = await loadWhoUmcPairs(tx, found.id);
    const pair = pairs.find((candidate) => candidate.RamId === body.RamId && candidate.MedicamentoId === body.MedicamentoId);
    if (!pair) throw badRequest(MSG.whoUmc.pairNotFound);

    const answers = whoUmcRelevantAnswers(body.Respuestas);
    const decision = { answers, category: body.Categoria ?? null, overrideReason: body.MotivoCambio ?? null };
    const [issue] = whoUmcIssues(decision);
    if (issue) throw badRequest(issue);
    const implied = whoUmcImpliedCategory(answers) as WhoUmcCategory;
    const category = whoUmcFinalCategory(decision) as WhoUmcCategory;
    const reason = category === implied ? null : (body.MotivoCambio?.trim() ?? null);

    const label = whoUmcPairLabel(pair);
    const lines: ChangeLine[] = [];
    for (const key of WHO_UMC_QUESTION_KEYS) {
      const before = yesNo(pair.Respuestas[key]);
      const after = yesNo(answers[key]);
      if (before !== after) lines.push({ description: `${label}: ${WHO_UMC_QUESTIONS[key]}`, oldValue: before, newValue: after });
    }
    if (pair.CategoriaImplicada !== implied) lines.push({ description: `${label}: categoría implicada`, oldValue: pair.CategoriaImplicada, newValue: implied });
    if (pair.Categoria !== category) lines.push({ description: `${label}: categoría WHO-UMC`, oldValue: pair.Categoria, newValue: category });
    if (pair.MotivoCambio !== reason) lines.push({ description: `${label}: motivo del cambio de categoría`, oldValue: pair.MotivoCambio, newValue: reason });

    const now = new Date();
    const values = { answers: answers as Record<string, boolean>, impliedCategory: implied, category, overrideReason: reason, updatedBy: user.id, updatedAt: now };
    await tx
      .insert(whoUmcAssessments)
      .values({ eventId: found.id, ramId: pair.RamId, medicationId: pair.MedicamentoId, ...values, createdBy: user.id, createdAt: now })
      .onConflictDoUpdate({ target: [whoUmcAssessments.ramId, whoUmcAssessments.medicationId], set: values });
    await recordCaseOperation(tx, user, found, {
      description: 'Evaluación de causalidad WHO-UMC actualizada',
      operationType: pair.Modificado ? 'U' : 'I',
      lines,
      now,
    });
    return { Pares: await loadWhoUmcPairs(tx, found.id), CanEdit: true };
  });
}
