import { isEvaluationComplete, NARANJO_QUESTION_KEYS, type NaranjoAnswers } from '@atalaya/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedByText } from '../../db/prepared.js';
import { imputabilityAnswers, imputabilityEvaluations } from '../../db/schema/index.js';

const answersRead = preparedByText((db) =>
  db
    .select({ question: imputabilityAnswers.question, answer: imputabilityAnswers.answer })
    .from(imputabilityAnswers)
    .innerJoin(imputabilityEvaluations, eq(imputabilityEvaluations.id, imputabilityAnswers.evaluationId))
    .where(eq(imputabilityEvaluations.eventId, sql.placeholder('eventId'))),
);

/** Whether the ten imputability answers of a case are given (Imputable / NoImputable need it). */
export async function evaluationCompleteOf(db: DbOrTx, eventId: string): Promise<boolean> {
  const rows = await answersRead(db).execute({ eventId });
  const answers: NaranjoAnswers = {};
  for (const row of rows) {
    const key = NARANJO_QUESTION_KEYS[row.question - 1];
    if (key) answers[key] = row.answer;
  }
  return isEvaluationComplete(answers);
}
