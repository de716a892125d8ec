import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, serial, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';
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
