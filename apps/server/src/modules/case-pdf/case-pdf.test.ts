import { randomUUID } from 'node:crypto';
import { ER_STATUS, MSG, NARANJO_QUESTION_KEYS } from '@atalaya/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, communicationChannels, events, operationHistory, pdfHistory, products, ramCategories, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { get, post, sessionOf, type Session, validPatient } from '../../test-support/case-edit.js';
import { createMedicationProduct, medicationForm, type MedicationProduct, ramForm } from '../../test-support/case-medications.js';
import { createCase, type TestCase } from '../../test-support/cases.js';
import { createLlt, type TestLlt } from '../../test-support/catalog.js';
import { pdfText } from '../../test-support/pdf-text.js';

/**
 * The case PDF (event spec §4, §9: getERPDF, listERPDF, ER-{reference}.pdf).
 */

let t: TestApp;
let product: MedicationProduct;
let llt: TestLlt;
let rlf: Session;
let qppv: Session;
let outsider: Session;

const NO = 1;
const SI = 2;
const NO_SABE = 3;
/** Total 6: Probable. */
const PROBABLE = [SI, SI, SI, NO_SABE, NO, NO_SABE, NO_SABE, NO_SABE, NO_SABE, NO_SABE];

beforeAll(async () => {
  t = await createTestApp();
  product = await createMedicationProduct(t.database.db);
  llt = await createLlt(t.database.db, { name: `Cefalea pulsátil ${randomUUID().slice(0, 6)}` });
  rlf = await sessionOf(t, 'RLF');
  qppv = await sessionOf(t, 'QPPV', { laboratories: [{ laboratoryId: product.laboratoryId }] });
  outsider = await sessionOf(t, 'RLF', { country: 'AR' });
});
afterAll(() => t.close());

/** The full name the server prints for a user. */
async function nameOf(who: Session): Promise<string> {
  const [row] = await t.database.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, who.user.id));
  return `${row?.firstName ?? ''} ${row?.lastName ?? ''}`.trim();
}

const moveTo = (testCase: TestCase, status: number) => t.database.db.update(events).set({ status }).where(eq(events.id, testCase.id));

async function ok(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * A case filled through the wizard's calls (patient, one medication, the reactions), sent
 * (status 2), evaluated by the RLF with `answers`, then moved to `status`.
 */
async function filledCase(
  options: {
    status?: number;
    answers?: readonly number[];
    description?: string;
    rams?: number;
    additional?: string;
    by?: Session;
    medication?: MedicationProduct;
    patient?: Parameters<typeof validPatient>[0];
  } = {},
): Promise<TestCase> {
  const by = options.by ?? rlf;
  const testCase = await createCase(t.database.db, { status: ER_STATUS.PENDIENTE, createdBy: by.user.id, productIds: [] });
  await ok(await post(t, by, 'setPaciente', { IdER: testCase.meta, ...validPatient(options.patient) }));
  await ok(await post(t, by, 'insertMedicamentoRelacionado', { IdER: testCase.meta, ERType: 1, ...medicationForm(options.medication ?? product) }));
  for (let index = 0; index < (options.rams ?? 1); index += 1) {
    const ram = ramForm(llt, { HospitalizationRequired: true, HospitalizationDateStart: '2024-03-06', HospitalizationDateEnd: '2024-03-07', ...(options.description ? { Description: options.description } : {}) });
    await ok(await post(t, by, 'insertRAM', { ram: { IdER: testCase.meta, ...ram } }));
  }
  if (options.additional) await t.database.db.update(events).set({ additionalInformation: options.additional }).where(eq(events.id, testCase.id));
  await moveTo(testCase, ER_STATUS.EN_REVISION_RLF);
  const encuesta = NARANJO_QUESTION_KEYS.map((Key, index) => ({
    Key,
    Respuesta: (options.answers ?? PROBABLE)[index] ?? 0,
    LeidoFabricante: false,
    LeidoQPPV: false,
    RevisadoQPPV: false,
    ComentarioQPPV: null,
  }));
  await ok(await post(t, by, 'setImputEvaluation', { er: testCase.meta, encuesta, comentario: null }));
  await moveTo(testCase, options.status ?? ER_STATUS.EN_EVALUACION_QPPV);
  return { ...testCase, status: options.status ?? ER_STATUS.EN_EVALUACION_QPPV };
}

const pdfOf = (who: Session, testCase: TestCase) => get(t, who, `getERPDF/${testCase.meta}`);

describe('GET /api/getERPDF/:id', () => {
  it('answers the PDF of the whole case in Spanish, named ER-{reference}.pdf', async () => {
    const testCase = await filledCase();
    const response = await pdfOf(qppv, testCase);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename=ER-${testCase.referenceNumber}.pdf`);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = pdfText(response.rawPayload);
    expect(text).toContain('FORMULARIO DE NOTIFICACIÓN DE SOSPECHA DE REACCIÓN ADVERSA');
    expect(text).toContain(`Evento reportable: ${testCase.referenceNumber}`);
    expect(text).toContain('Estado: En evaluación QPPV');
    for (const section of ['I. INFORMACIÓN DE LA REACCIÓN', 'II. MEDICAMENTOS SOSPECHOSOS', 'III. MEDICACIÓN CONCOMITANTE E HISTORIA', 'V. NOTIFICADOR / ORIGEN', 'VI. RESUMEN DEL HISTORIAL']) {
      expect(text).toContain(section);
    }
    expect(text).toContain('IV. EVALUACIÓN DE CAUSALIDAD');
    // The patient, the reaction with its MedDRA term and code, the medication.
    expect(text).toContain('ABC');
    expect(text).toContain(llt.llt_name);
    expect(text).toContain(String(llt.llt_code));
    expect(text).toContain('Erupción en los brazos tras la segunda dosis');
    expect(text).toContain('En recuperación');
    expect(text).toContain('Requirió hospitalización (desde 06/03/2024 hasta 07/03/2024)');
    expect(text).toContain(product.commercialName);
    expect(text).toContain('L-2024-01');
    // The evaluation: each question's answer, the total and the result.
    expect(text).toContain('¿Existen notificaciones concluyentes previas sobre esta reacción?');
    expect(text).toMatch(/Total\n6\n/);
    expect(text).toMatch(/Resultado\nProbable/);
    // History: the wizard's entries with the user and the date.
    expect(text).toContain('Operaciones (hora de Uruguay, UTC\u221203:00)');
    expect(text).toContain(await nameOf(rlf));
    expect(text).toMatch(/Página 1 de \d+/);
  });

  it('prints what the case view shows: times on the clock of the case’s country, decimals with a comma, Sí / No, the report type once', async () => {
    const testCase = await filledCase({ patient: { Height: 1.65, Weight: 61.5, Pregnancy: false, Gestation: null, Lactation: false } });
    await t.database.db
      .insert(operationHistory)
      .values({ eventId: testCase.id, userId: rlf.user.id, createdAt: new Date('2026-03-05T17:05:00Z'), description: 'Nota de prueba', operationType: 'U' });
    const text = pdfText((await pdfOf(qppv, testCase)).rawPayload);
    // Uruguay is UTC−3: 17:05 UTC is 14:05 there, labelled in the header and over the history.
    expect(text).toMatch(/Fecha: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(hora de Uruguay, UTC\u221203:00\)/);
    expect(text).toContain('Operaciones (hora de Uruguay, UTC\u221203:00)');
    expect(text).toMatch(/\n05\/03\/2026 14:05\n/);
    expect(text).not.toContain('hora UTC');
    // Decimals with a comma.
    expect(text).toMatch(/3a\. Peso\n61,5 /);
    expect(text).toMatch(/3b\. Altura\n1,65 /);
    expect(text).not.toMatch(/\b1\.65\b|\b61\.5\b/);
    // A woman not pregnant: 'No' as on the screen, no weeks of gestation; booleans read 'Sí' / 'No'.
    expect(text).toMatch(/Embarazo\nNo\n/);
    expect(text).toMatch(/Lactancia\nNo\n/);
    expect(text).not.toContain('Semanas de gestación');
    expect(text).toContain('Grave: Sí');
    expect(text).not.toMatch(/\nSI\n|\nNO\n/);
    // The sub-group once, not the group's title before it ('Reacción adversa a medicamento / Reacción adversa a medicamento').
    expect(text).not.toContain(' / Reacción adversa');
    expect(text.split('\n').filter((line) => line === 'Tipo de reporte')).toHaveLength(1);
  });

  it('prints neither pregnancy nor lactation for a man, as the case view', async () => {
    const testCase = await filledCase({ patient: { Genere: 'M', Pregnancy: null, Gestation: null, Lactation: null } });
    const text = pdfText((await pdfOf(qppv, testCase)).rawPayload);
    expect(text).toMatch(/3\. Sexo\nMasculino\n/);
    expect(text).not.toContain('Embarazo');
    expect(text).not.toContain('Lactancia');
  });

  it('prints the RAM classification’s categories and notifications with their channels and each product’s recovery, or that none was recorded', async () => {
    const testCase = await filledCase({ status: ER_STATUS.EN_REVISION_RLF });
    const before = pdfText((await pdfOf(rlf, testCase)).rawPayload);
    expect(before).toMatch(/Recuperación del producto\nSin registrar/);

    const [medication] = (await get(t, rlf, `getProductsRelationsByMeta/${testCase.meta}`)).json() as { Id: number }[];
    await ok(
      await post(t, rlf, 'updateMedicamentoRecuperado', {
        Id: medication?.Id,
        IdER: testCase.meta,
        HaveProduct: true,
        Date: '2024-03-10',
        ContactName: 'Farmacia Central',
        ConditionStorage: 'Guardado a temperatura ambiente',
      }),
    );
    const [ram] = (await get(t, rlf, `getRAMByMeta/${testCase.meta}`)).json() as { Id: number }[];
    const categories = await t.database.db.select({ id: ramCategories.id, name: ramCategories.type }).from(ramCategories).where(eq(ramCategories.eliminado, false)).orderBy(asc(ramCategories.id)).limit(2);
    const [channel] = await t.database.db.select({ id: communicationChannels.id, name: communicationChannels.nombre }).from(communicationChannels).where(eq(communicationChannels.eliminado, false)).orderBy(asc(communicationChannels.id)).limit(1);
    expect(categories).toHaveLength(2);
    await ok(
      await post(t, rlf, 'updateRAM', {
        ram: {
          Id: ram?.Id,
          IdER: testCase.meta,
          IsRAM: true,
          TypeRAM: 2,
          // Given in the reverse order: the PDF prints them as the case view, by id.
          CategoryRAM: categories.map((category) => category.id).reverse(),
          IsExpected: false,
          LocalSanitaryNotificaction: { Fecha: '2024-03-11', Via: channel?.id },
        },
        comentario: null,
      }),
    );
    const text = pdfText((await pdfOf(rlf, testCase)).rawPayload);
    expect(text).toMatch(/Recuperación: se dispone del producto\nSí/);
    expect(text).toContain('10/03/2024');
    expect(text).toContain('Farmacia Central');
    expect(text).toContain('Guardado a temperatura ambiente');
    expect(text).toContain(`Notificación a la autoridad sanitaria\n11/03/2024 - ${channel?.name}`);
    // The cell wraps after the comma.
    expect(text.replace(/,\s+/g, ', ')).toContain(`Categorías\n${categories[0]?.name}, ${categories[1]?.name}\n`);
  });

  it('prints the result the answers give (Segura with total 13)', async () => {
    const testCase = await filledCase({ answers: [SI, SI, SI, SI, NO, NO, SI, SI, SI, SI], status: ER_STATUS.CERRADO_IMPUTABLE });
    const response = await pdfOf(rlf, testCase);
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toMatch(/Total\n13\n/);
    expect(text).toMatch(/Resultado\nSegura/);
    expect(text).toContain('Estado: Cerrado imputable');
  });

  it('prints names in Latin Extended, Greek and Cyrillic as written (embedded Unicode font)', async () => {
    const reporter = await sessionOf(t, 'RLF');
    await t.database.db.update(users).set({ firstName: 'Łukasz', lastName: 'Дмитрий' }).where(eq(users.id, reporter.user.id));
    const medication = await createMedicationProduct(t.database.db);
    await t.database.db.update(products).set({ commercialName: 'Ελληνικά' }).where(eq(products.id, medication.id));
    const testCase = await filledCase({ by: reporter, medication: { ...medication, commercialName: 'Ελληνικά' }, description: 'Ζάλη και ναυτία; тошнота; żółć' });
    const response = await pdfOf(reporter, testCase);
    expect(response.statusCode, response.body).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toMatch(/Nombre\nŁukasz Дмитрий\n/);
    expect(text).toContain('14. Medicamento 1 de 1: Ελληνικά');
    expect(text).toMatch(/Producto\nΕλληνικά\n/);
    expect(text).toContain('Ζάλη και ναυτία; тошнота; żółć');
    expect(text).not.toContain('\uFFFD');
  });

  it('keeps the PDF whole when a name is in a script the font lacks (Chinese prints as empty boxes)', async () => {
    const reporter = await sessionOf(t, 'RLF');
    await t.database.db.update(users).set({ firstName: '王小明', lastName: 'Łukasz' }).where(eq(users.id, reporter.user.id));
    const testCase = await filledCase({ by: reporter });
    const response = await pdfOf(reporter, testCase);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(response.rawPayload.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
    const text = pdfText(response.rawPayload);
    expect(text).toMatch(/Nombre\n\uFFFD{3} Łukasz\n/);
    expect(text).toContain('FORMULARIO DE NOTIFICACIÓN DE SOSPECHA DE REACCIÓN ADVERSA');
    expect(text).toContain('VI. RESUMEN DEL HISTORIAL');
    expect(text).toContain(product.commercialName);
    expect(text).toMatch(/Página 1 de \d+/);
  });

  it('survives hostile text: emoji, Chinese and a very long note paginate without failing', async () => {
    const long = Array.from({ length: 600 }, (_, index) => `Línea ${index} del relato 😀 头痛 ✓ ‰ “citas” ő`).join('\n');
    const testCase = await filledCase({ description: 'Dolor 😀 中文字符 ﬁn', rams: 3, additional: long });
    const response = await pdfOf(rlf, testCase);
    expect(response.statusCode, response.body).toBe(200);
    const text = pdfText(response.rawPayload);
    // The font has the emoji and 'ő'; the Chinese characters it lacks read as U+FFFD (drawn as empty boxes).
    expect(text).toContain('Dolor 😀 \uFFFD\uFFFD\uFFFD\uFFFD ﬁn');
    expect(text).toContain('Línea 599 del relato 😀 \uFFFD\uFFFD ✓ ‰ “citas” ő');
    // The note splits across pages: its label and the section's title bar repeat on each page.
    expect(text.split('\n').filter((line) => line === 'Información adicional').length).toBeGreaterThan(3);
    expect(text.split('\n').filter((line) => line === 'III. MEDICACIÓN CONCOMITANTE E HISTORIA').length).toBeGreaterThan(3);
    const pages = Number(/Página 1 de (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(5);
    expect(text).toContain(`Página ${pages} de ${pages}`);
  });

  it.each([
    ['Pendiente', ER_STATUS.PENDIENTE],
    ['Anulado', ER_STATUS.ANULADO],
  ])('refuses a %s case with 400 and stores nothing', async (_name, status) => {
    const testCase = await createCase(t.database.db, { status, createdBy: rlf.user.id, productIds: [product.id] });
    const response = await pdfOf(rlf, testCase);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.pdf.notAllowed });
    expect(await t.database.db.select().from(pdfHistory).where(eq(pdfHistory.eventId, testCase.id))).toEqual([]);
  });

  it('answers 404 for a case out of reach, an unknown one and a deleted one', async () => {
    const testCase = await createCase(t.database.db, { status: ER_STATUS.EN_REVISION_RLF, createdBy: rlf.user.id, productIds: [product.id] });
    expect((await pdfOf(outsider, testCase)).statusCode).toBe(404);
    expect((await get(t, rlf, 'getERPDF/desconocido')).json()).toMatchObject({ Message: MSG.lists.eventNotFound });
    await t.database.db.update(events).set({ deletedAt: new Date(), deletedBy: rlf.user.id }).where(eq(events.id, testCase.id));
    expect((await pdfOf(rlf, testCase)).statusCode).toBe(404);
  });

  it('keeps each PDF in the history (newest first) with an audit row, and downloads the stored one byte for byte', async () => {
    const testCase = await createCase(t.database.db, { status: ER_STATUS.EN_REVISION_RLF, createdBy: rlf.user.id, productIds: [product.id] });
    const first = await pdfOf(rlf, testCase);
    // A change to the case: the next PDF is a new one.
    await t.database.db.update(events).set({ additionalInformation: 'Dato agregado después del primer PDF' }).where(eq(events.id, testCase.id));
    const second = await pdfOf(qppv, testCase);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);

    const list = await get(t, rlf, `listERPDF/${testCase.meta}`);
    expect(list.statusCode).toBe(200);
    const items = list.json() as { Id: number; FileName: string; Date: string; UserFullName: string }[];
    expect(items).toHaveLength(2);
    const pattern = new RegExp(`^ER-${testCase.referenceNumber}_\\d{8}-\\d{6}(_\\d+)?\\.pdf$`);
    expect(items.map((item) => item.FileName)).toEqual([expect.stringMatching(pattern), expect.stringMatching(pattern)]);
    expect(new Set(items.map((item) => item.FileName)).size).toBe(2);
    expect(items.map((item) => item.UserFullName)).toEqual([await nameOf(qppv), await nameOf(rlf)]);
    expect(Date.parse(items[0]?.Date ?? '')).toBeGreaterThanOrEqual(Date.parse(items[1]?.Date ?? ''));

    const [newest, oldest] = items;
    for (const [item, original] of [
      [newest, second],
      [oldest, first],
    ] as const) {
      const stored = await get(t, rlf, `getERPDF/${testCase.meta}/${encodeURIComponent(item?.FileName ?? '')}/`);
      expect(stored.statusCode).toBe(200);
      expect(stored.headers['content-type']).toBe('application/pdf');
      expect(Buffer.compare(stored.rawPayload, original.rawPayload)).toBe(0);
    }
    const noSlash = await get(t, rlf, `getERPDF/${testCase.meta}/${encodeURIComponent(oldest?.FileName ?? '')}`);
    expect(Buffer.compare(noSlash.rawPayload, first.rawPayload)).toBe(0);

    expect((await get(t, rlf, `getERPDF/${testCase.meta}/ER-otro.pdf/`)).json()).toMatchObject({ Message: MSG.pdf.notFound });
    expect((await get(t, outsider, `getERPDF/${testCase.meta}/${encodeURIComponent(oldest?.FileName ?? '')}/`)).statusCode).toBe(404);
    expect((await get(t, outsider, `listERPDF/${testCase.meta}`)).statusCode).toBe(404);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.pkId, testCase.id), eq(auditLog.description, 'PDF generado')));
    expect(audit).toHaveLength(2);
    expect(audit.map((row) => (row.newValues as { Archivo: string }).Archivo).sort()).toEqual(items.map((item) => item.FileName).sort());
  });

  it('stores one PDF while the case is unchanged and a new one after a change, listing each once', async () => {
    const testCase = await createCase(t.database.db, { status: ER_STATUS.EN_REVISION_RLF, createdBy: rlf.user.id, productIds: [product.id] });
    const storedFiles = async () =>
      (await t.database.db.select({ fileId: pdfHistory.fileId }).from(pdfHistory).where(eq(pdfHistory.eventId, testCase.id))).map((row) => row.fileId);

    const first = await pdfOf(rlf, testCase);
    const again = await pdfOf(rlf, testCase);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    expect(again.headers['content-disposition']).toBe(first.headers['content-disposition']);
    expect(await storedFiles()).toHaveLength(1);
    const once = (await get(t, rlf, `listERPDF/${testCase.meta}`)).json() as { FileName: string; UserFullName: string }[];
    expect(once).toHaveLength(1);
    expect(once[0]?.UserFullName).toBe(await nameOf(rlf));

    await t.database.db.update(events).set({ additionalInformation: 'Información nueva' }).where(eq(events.id, testCase.id));
    const changed = await pdfOf(rlf, testCase);
    expect(changed.statusCode).toBe(200);
    expect(pdfText(changed.rawPayload)).toContain('Información nueva');
    expect(await pdfOf(rlf, testCase).then((response) => Buffer.compare(response.rawPayload, changed.rawPayload))).toBe(0);
    expect(new Set(await storedFiles()).size).toBe(2);

    const twice = (await get(t, rlf, `listERPDF/${testCase.meta}`)).json() as { FileName: string }[];
    expect(twice).toHaveLength(2);
    expect(twice[1]?.FileName).toBe(once[0]?.FileName);
    const newest = await get(t, rlf, `getERPDF/${testCase.meta}/${encodeURIComponent(twice[0]?.FileName ?? '')}/`);
    expect(Buffer.compare(newest.rawPayload, changed.rawPayload)).toBe(0);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.pkId, testCase.id), eq(auditLog.description, 'PDF generado')));
    expect(audit).toHaveLength(2);
  });

  it('sends back any stored PDF made from the same data, not only the latest one', async () => {
    const testCase = await createCase(t.database.db, { status: ER_STATUS.EN_REVISION_RLF, createdBy: rlf.user.id, productIds: [product.id] });
    const setInfo = (text: string | null) => t.database.db.update(events).set({ additionalInformation: text }).where(eq(events.id, testCase.id));
    await setInfo('Vista A');
    const a = await pdfOf(rlf, testCase);
    await setInfo('Vista B');
    const b = await pdfOf(rlf, testCase);
    await setInfo('Vista A');
    const aAgain = await pdfOf(rlf, testCase);
    expect(Buffer.compare(aAgain.rawPayload, a.rawPayload)).toBe(0);
    expect(Buffer.compare(aAgain.rawPayload, b.rawPayload)).not.toBe(0);
    expect(await t.database.db.select().from(pdfHistory).where(eq(pdfHistory.eventId, testCase.id))).toHaveLength(2);
  });

  it('stores one PDF when two requests for an unchanged case arrive at once', async () => {
    const testCase = await createCase(t.database.db, { status: ER_STATUS.EN_REVISION_RLF, createdBy: rlf.user.id, productIds: [product.id] });
    const answers = await Promise.all([pdfOf(rlf, testCase), pdfOf(rlf, testCase), pdfOf(rlf, testCase)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect((await t.database.db.select().from(pdfHistory).where(eq(pdfHistory.eventId, testCase.id))).length).toBe(1);
  });

  it('lists nothing for a case without PDFs', async () => {
    const testCase = await createCase(t.database.db, { status: ER_STATUS.EN_REVISION_RLF, createdBy: rlf.user.id, productIds: [product.id] });
    expect((await get(t, rlf, `listERPDF/${testCase.meta}`)).json()).toEqual([]);
  });
});
