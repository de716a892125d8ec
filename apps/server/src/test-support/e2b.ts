import { randomInt, randomUUID } from 'node:crypto';
import { ER_STATUS, NARANJO_QUESTION_KEYS, type MedicationInput, type PatientInput, type RamInput } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { events, imports, meddraVersions } from '../db/schema/index.js';
import type { TestApp } from './app.js';
import { post, type Session, validPatient } from './case-edit.js';
import { type MedicationProduct, medicationForm, ramForm } from './case-medications.js';
import { createCase, type TestCase } from './cases.js';
import type { TestLlt } from './catalog.js';

/** Helpers of the E2B tests: a case filled through the wizard's own calls. */

const NO = 1;
const SI = 2;
const NO_SABE = 3;
/** Naranjo answers totalling 6: Probable. */
export const PROBABLE_ANSWERS = [SI, SI, SI, NO_SABE, NO, NO_SABE, NO_SABE, NO_SABE, NO_SABE, NO_SABE] as const;

async function ok(response: { statusCode: number; body: string }, call: string): Promise<void> {
  if (response.statusCode !== 200) throw new Error(`${call} answered ${response.statusCode}: ${response.body}`);
}

/**
 * A case with a patient, one medication of `product`, one reaction per `rams` entry (coded with `llt`),
 * evaluated 'Probable' by `by`, then moved to `status` (Cerrado imputable by default).
 */
export async function filledE2bCase(
  t: TestApp,
  by: Session,
  product: MedicationProduct,
  llt: TestLlt,
  options: { status?: number; patient?: Partial<PatientInput>; rams?: Partial<RamInput>[]; additional?: string; medication?: Partial<MedicationInput> } = {},
): Promise<TestCase> {
  const testCase = await createCase(t.database.db, { status: ER_STATUS.PENDIENTE, createdBy: by.user.id, productIds: [] });
  await ok(await post(t, by, 'setPaciente', { IdER: testCase.meta, ...validPatient(options.patient) }), 'setPaciente');
  await ok(await post(t, by, 'insertMedicamentoRelacionado', { IdER: testCase.meta, ERType: 1, ...medicationForm(product, options.medication) }), 'insertMedicamentoRelacionado');
  for (const overrides of options.rams ?? [{}]) {
    await ok(await post(t, by, 'insertRAM', { ram: { IdER: testCase.meta, ...ramForm(llt, overrides) } }), 'insertRAM');
  }
  if (options.additional) await t.database.db.update(events).set({ additionalInformation: options.additional }).where(eq(events.id, testCase.id));
  await t.database.db.update(events).set({ status: ER_STATUS.EN_REVISION_RLF }).where(eq(events.id, testCase.id));
  const encuesta = NARANJO_QUESTION_KEYS.map((Key, index) => ({
    Key,
    Respuesta: PROBABLE_ANSWERS[index] ?? 0,
    LeidoFabricante: false,
    LeidoQPPV: false,
    RevisadoQPPV: false,
    ComentarioQPPV: null,
  }));
  await ok(await post(t, by, 'setImputEvaluation', { er: testCase.meta, encuesta, comentario: null }), 'setImputEvaluation');
  const status = options.status ?? ER_STATUS.CERRADO_IMPUTABLE;
  await t.database.db.update(events).set({ status }).where(eq(events.id, testCase.id));
  return { ...testCase, status };
}

/** A MedDRA-like LLT code: 8 digits, as E2B requires (the catalogue helper's default may be longer). */
export const eightDigitCode = (): number => randomInt(20_000_000, 99_999_999);

/** Records a MedDRA version as switched in (E.i.2.1a of every export), as a finished MedDRA import would. */
export async function switchInMeddraVersion(db: DbOrTx, userId: string, version = '27.1'): Promise<void> {
  const [row] = await db
    .insert(imports)
    .values({ codeImport: `MEDDRA-TEST-${randomUUID()}`, kind: 'meddra', meddraVersion: version, userId, status: 'S', percentage: 100 })
    .returning({ id: imports.id });
  if (!row) throw new Error('import not stored');
  await db.insert(meddraVersions).values({ version, language: 'es', importId: row.id });
}
