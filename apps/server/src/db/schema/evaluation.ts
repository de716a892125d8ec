import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';
import { eventMedications } from './event-medications.js';
import { eventRams } from './event-rams.js';
import { events } from './events.js';

/** The imputability (causality) evaluation of an event: total score and result. */
export const imputabilityEvaluations = pgTable('imputability_evaluations', {
  id: serial().primaryKey(),
  eventId: uuid()
    .notNull()
    .unique('imputability_evaluations_event_id_unique')
    .references(() => events.id),
  total: smallint().notNull().default(0),
  /** Segura, Probable, Posible or Improbable; null while incomplete. */
  result: text(),
  qppvComment: text(),
  ...stamps(),
});

/**
 * Answer to question r1…r10: 0 Seleccione, 1 NO, 2 SI, 3 No sabe, with its score and the
 * read/reviewed flags of Fabricante and QPPV (a reviewed question carries a comment).
 */
export const imputabilityAnswers = pgTable(
  'imputability_answers',
  {
    evaluationId: integer()
      .notNull()
      .references(() => imputabilityEvaluations.id, { onDelete: 'cascade' }),
    question: smallint().notNull(),
    answer: smallint().notNull().default(0),
    score: smallint().notNull().default(0),
    readByFabricante: boolean().notNull().default(false),
    reviewedByFabricante: boolean().notNull().default(false),
    readByQppv: boolean().notNull().default(false),
    reviewedByQppv: boolean().notNull().default(false),
    comment: text(),
    ...stamps(),
  },
  (t) => [
    primaryKey({ columns: [t.evaluationId, t.question] }),
    check('imputability_answers_question', sql`${t.question} between 1 and 10`),
    check('imputability_answers_answer', sql`${t.answer} between 0 and 3`),
  ],
);

/**
 * WHO-UMC causality of one reaction × suspect drug (docs/causality.md): the checklist's answers
 * (only those on the checklist's path), the category they imply, the category kept and the
 * reason when it differs from the implied one.
 */
export const whoUmcAssessments = pgTable(
  'who_umc_assessments',
  {
    id: serial().primaryKey(),
    eventId: uuid()
      .notNull()
      .references(() => events.id),
    ramId: integer()
      .notNull()
      .references(() => eventRams.id, { onDelete: 'cascade' }),
    medicationId: integer()
      .notNull()
      .references(() => eventMedications.id, { onDelete: 'cascade' }),
    /** `{ suficiente: true, temporal: false, … }` (WhoUmcAnswers). */
    answers: jsonb().$type<Record<string, boolean>>().notNull(),
    impliedCategory: text().notNull(),
    category: text().notNull(),
    overrideReason: text(),
    ...stamps(),
  },
  (t) => [
    unique('who_umc_assessments_pair_unique').on(t.ramId, t.medicationId),
    index().on(t.eventId),
    check('who_umc_assessments_override_reason', sql`${t.category} = ${t.impliedCategory} or length(trim(${t.overrideReason})) > 0`),
  ],
);
