import { ER_STATUS, MSG } from '@atalaya/domain';
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOrigins, operationHistory, operationHistoryLines } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCase, type TestCase } from '../../test-support/cases.js';
import { createProduct } from '../../test-support/catalog.js';
import {
  createMedicalContact,
  medicalContactFileId,
  multipartBody,
  SAMPLE_PDF,
  
  type TestFilePart,
} from '../../test-support/files.js';
import { signIn, type SignedIn } from '../../test-support/home-reports.js';

let t: TestApp;
let rlf: SignedIn;
let productId: number;

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

beforeAll(async () => {
  t = await createTestApp();
  rlf = await signIn(t, 'RLF', 'UY');
  productId = (await createProduct(t.database.db, { countries: ['UY'] })).id;
});
afterAll(() => t.close());

function newCase(status: number = ER_STATUS.PENDIENTE): Promise<TestCase> {
  return createCase(t.database.db, { status, createdBy: rlf.user.id, productIds: [productId] });
}

async function post(url: string, who: SignedIn, fields: Record<string, string | number>, parts: readonly TestFilePart[] = []) {
  const body = await multipartBody(fields, parts);
  return t.app.inject({ method: 'POST', url: `/api/${url}`, headers: { ...who.headers, ...body.headers }, payload: body.payload });
}

async function linesOfLastEntry(testCase: TestCase) {
  const db = t.database.db;
  const [entry] = await db.select().from(operationHistory).where(eq(operationHistory.eventId, testCase.id)).orderBy(desc(operationHistory.id)).limit(1);
  const lines = await db.select().from(operationHistoryLines).where(eq(operationHistoryLines.entryId, entry?.id ?? 0)).orderBy(asc(operationHistoryLines.id));
  return { entry, lines: lines.map(({ description, oldValue, newValue, isFile }) => [description, oldValue, newValue, isFile]) };
}

async function originOf(testCase: TestCase) {
  const [row] = await t.database.db.select().from(eventOrigins).where(eq(eventOrigins.eventId, testCase.id));
  return row ?? null;
}

describe('uploadFileOriginReport and downloadOriginReportById', () => {
  it('attaches the origin document before step 1 is saved: Have is set and the download gives the same bytes', async () => {
    const testCase = await newCase();
    const response = await post('uploadFileOriginReport', rlf, { Id: testCase.meta, Extension: 'pdf', FileName: 'Notificación espontánea.pdf' }, [
      { name: 'Notificación espontánea.pdf', content: SAMPLE_PDF, type: 'application/pdf' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ FileName: 'Notificación espontánea.pdf', Extension: 'pdf' });
    expect(await originOf(testCase)).toMatchObject({ have: true, notHave: null, originId: null, typeId: null, fileId: expect.any(String) });

    const file = await t.app.inject({ method: 'GET', url: `/api/downloadOriginReportById/${testCase.meta}`, headers: rlf.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''Notificaci%C3%B3n%20espont%C3%A1nea.pdf`);
    expect(new Uint8Array(file.rawPayload)).toEqual(SAMPLE_PDF);

    const { entry, lines } = await linesOfLastEntry(testCase);
    expect(entry).toMatchObject({ description: 'Origen del reporte creado', operationType: 'I' });
    expect(lines).toEqual([
      ['Documento de origen disponible', null, 'SI', false],
      ['Documento de origen', null, 'Notificación espontánea.pdf', true],
    ]);
  });

  it("replaces 'No disponible' and its reason by the document", async () => {
    const testCase = await newCase();
    await t.database.db.insert(eventOrigins).values({ eventId: testCase.id, have: false, notHave: 'El paciente no lo conservó' });
    const response = await post('uploadFileOriginReport', rlf, { Id: testCase.meta, Extension: 'jpg', FileName: 'foto' }, [
      { name: 'foto', content: JPEG, type: 'image/jpeg' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ FileName: 'foto.jpg', Extension: 'jpg' });
    expect(await originOf(testCase)).toMatchObject({ have: true, notHave: null });
    const { entry, lines } = await linesOfLastEntry(testCase);
    expect(entry).toMatchObject({ description: 'Origen del reporte actualizado', operationType: 'U' });
    expect(lines).toEqual([
      ['Documento de origen disponible', 'NO', 'SI', false],
      ['Motivo de no disponibilidad', 'El paciente no lo conservó', null, false],
      ['Documento de origen', null, 'foto.jpg', true],
    ]);
  });

  it('refuses a request without a file, a case that is no longer editable, another country and a CL', async () => {
    const testCase = await newCase();
    const noFile = await post('uploadFileOriginReport', rlf, { Id: testCase.meta, Extension: 'pdf', FileName: 'x.pdf' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ Message: MSG.files.required });

    const pdf: TestFilePart = { name: 'origen.pdf', content: SAMPLE_PDF };
    const sent = await newCase(ER_STATUS.EN_REVISION_RLF);
    const notEditable = await post('uploadFileOriginReport', rlf, { Id: sent.meta }, [pdf]);
    expect(notEditable.statusCode).toBe(400);
    expect(notEditable.json()).toMatchObject({ Message: MSG.wizard.notEditable });

    const foreign = await signIn(t, 'RLF', 'AR');
    expect((await post('uploadFileOriginReport', foreign, { Id: testCase.meta }, [pdf])).statusCode).toBe(404);
    const cl = await signIn(t, 'CL', 'UY');
    expect((await post('uploadFileOriginReport', cl, { Id: testCase.meta }, [pdf])).statusCode).toBe(403);

    expect(await originOf(testCase)).toBeNull();
    expect(await originOf(sent)).toBeNull();
    const download = await t.app.inject({ method: 'GET', url: `/api/downloadOriginReportById/${testCase.meta}`, headers: rlf.headers });
    expect(download.statusCode).toBe(404);
    expect(download.json()).toMatchObject({ Message: MSG.files.notFound });
  });

  it('does not let an RLF of another country download it', async () => {
    const testCase = await newCase();
    await post('uploadFileOriginReport', rlf, { Id: testCase.meta }, [{ name: 'origen.pdf', content: SAMPLE_PDF }]);
    const foreign = await signIn(t, 'RLF', 'AR');
    const response = await t.app.inject({ method: 'GET', url: `/api/downloadOriginReportById/${testCase.meta}`, headers: foreign.headers });
    expect(response.statusCode).toBe(404);
  });
});

describe('uploadFileContactoMedico and downloadFileContactoMedicoById', () => {
  it('attaches a file to the medical contact; the download gives the same bytes', async () => {
    const testCase = await newCase();
    const contactId = await createMedicalContact(t.database.db, testCase.id, rlf.user.id);
    const response = await post('uploadFileContactoMedico', rlf, { Id: contactId, ExtensionArchivo: 'jpg', NombreArchivo: 'receta.jpg' }, [
      { name: 'receta.jpg', content: JPEG, type: 'image/jpeg' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ NombreArchivo: 'receta.jpg', ExtensionArchivo: 'jpg' });
    expect(await medicalContactFileId(t.database.db, contactId)).toEqual(expect.any(String));

    const file = await t.app.inject({ method: 'GET', url: `/api/downloadFileContactoMedicoById/${contactId}`, headers: rlf.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toBe('attachment; filename=receta.jpg');
    expect(new Uint8Array(file.rawPayload)).toEqual(JPEG);

    const { entry, lines } = await linesOfLastEntry(testCase);
    expect(entry).toMatchObject({ description: 'Contacto médico actualizado', operationType: 'U' });
    expect(lines).toEqual([['Archivo del contacto médico', null, 'receta.jpg', true]]);
  });

  it('refuses an unknown contact, a contact of a sent case and a file of the wrong kind', async () => {
    const jpeg: TestFilePart = { name: 'receta.jpg', content: JPEG };
    const unknown = await post('uploadFileContactoMedico', rlf, { Id: 2_000_000_000 }, [jpeg]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ Message: MSG.wizard.recordNotFound });
    expect((await post('uploadFileContactoMedico', rlf, { Id: 'abc' }, [jpeg])).statusCode).toBe(400);

    const sent = await newCase(ER_STATUS.EN_REVISION_RLF);
    const sentContact = await createMedicalContact(t.database.db, sent.id, rlf.user.id);
    const notEditable = await post('uploadFileContactoMedico', rlf, { Id: sentContact }, [jpeg]);
    expect(notEditable.statusCode).toBe(400);
    expect(notEditable.json()).toMatchObject({ Message: MSG.wizard.notEditable });

    const testCase = await newCase();
    const contactId = await createMedicalContact(t.database.db, testCase.id, rlf.user.id);
    const mismatch = await post('uploadFileContactoMedico', rlf, { Id: contactId }, [{ name: 'receta.jpg', content: SAMPLE_PDF }]);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ Message: MSG.files.contentMismatch });

    expect(await medicalContactFileId(t.database.db, sentContact)).toBeNull();
    expect(await medicalContactFileId(t.database.db, contactId)).toBeNull();
    const download = await t.app.inject({ method: 'GET', url: `/api/downloadFileContactoMedicoById/${contactId}`, headers: rlf.headers });
    expect(download.statusCode).toBe(404);
  });
});
