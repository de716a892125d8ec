import { randomUUID } from 'node:crypto';
import { ER_STATUS, type ErDocument, MSG } from '@atalaya/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electronicSignatures, eventDocuments, files, noteFileTypes, operationHistory, operationHistoryLines } from '../../db/schema/index.js';
import { type SignedContent, signedContentHash } from '../cases/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCase, laboratoryOfProduct, type TestCase } from '../../test-support/cases.js';
import { createProduct } from '../../test-support/catalog.js';
import { bearer, createUser, login } from '../../test-support/factories.js';
import { minimalDocx, minimalJar } from '../../test-support/zip.js';
import { multipartBody, pdfOfSize, SAMPLE_EXECUTABLE, SAMPLE_PDF, type TestFilePart } from '../../test-support/files.js';
import { signIn, type SignedIn } from '../../test-support/home-reports.js';

let t: TestApp;
let rlf: SignedIn;
let productId: number;
let noteType: { id: number; nombre: string };
let otherType: { id: number; nombre: string };

beforeAll(async () => {
  t = await createTestApp();
  rlf = await signIn(t, 'RLF', 'UY');
  productId = (await createProduct(t.database.db, { countries: ['UY'] })).id;
  const types = await t.database.db.select({ id: noteFileTypes.id, nombre: noteFileTypes.nombre }).from(noteFileTypes).orderBy(asc(noteFileTypes.id));
  [noteType, otherType] = types as [typeof noteType, typeof otherType];
});
afterAll(() => t.close());

function newCase(status: number = ER_STATUS.PENDIENTE): Promise<TestCase> {
  return createCase(t.database.db, { status, createdBy: rlf.user.id, productIds: [productId] });
}

interface DocumentFields {
  action?: string;
  idEr?: string;
  id?: number;
  note?: string;
  tipoId?: number | string;
  fileName?: string;
  extension?: string;
}

async function upload(who: SignedIn, fields: DocumentFields, parts: readonly TestFilePart[] = []) {
  const body = await multipartBody({ ...fields }, parts);
  return t.app.inject({ method: 'POST', url: '/api/uploadDocAndNotes', headers: { ...who.headers, ...body.headers }, payload: body.payload });
}

const pdfPart = (name = 'Informe médico.pdf', content: Uint8Array = SAMPLE_PDF): TestFilePart => ({ name, content, type: 'application/pdf' });

async function documentsOf(testCase: TestCase, who: SignedIn = rlf): Promise<ErDocument[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/getDocsAndNotesByMeta/${testCase.meta}`, headers: who.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function download(id: number, who: SignedIn = rlf) {
  return t.app.inject({ method: 'GET', url: `/api/downloadDocAndNotesById/${id}`, headers: who.headers });
}

function signature(who: SignedIn, overrides: object = {}) {
  return { comment: 'El archivo era de otro paciente', userEmail: who.user.email, password: who.user.password, ...overrides };
}

function deleteDocument(who: SignedIn, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/deleteDocAndNotes', headers: who.headers, payload });
}

/** The operation history of a case, oldest first, each entry with its lines. */
async function historyOf(testCase: TestCase) {
  const db = t.database.db;
  const entries = await db.select().from(operationHistory).where(eq(operationHistory.eventId, testCase.id)).orderBy(asc(operationHistory.id));
  return Promise.all(
    entries.map(async (entry) => ({
      ...entry,
      lines: await db.select().from(operationHistoryLines).where(eq(operationHistoryLines.entryId, entry.id)).orderBy(asc(operationHistoryLines.id)),
    })),
  );
}

async function storedDocuments(testCase: TestCase) {
  return t.database.db.select().from(eventDocuments).where(eq(eventDocuments.eventId, testCase.id));
}

describe('uploadDocAndNotes and getDocsAndNotesByMeta', () => {
  it('stores a PDF with its note and type; the list shows it and the download gives back the same bytes and name', async () => {
    const testCase = await newCase();
    const response = await upload(
      rlf,
      { action: 'insert', idEr: testCase.meta, note: '  Informe del médico tratante  ', tipoId: noteType.id, fileName: 'Informe médico.pdf', extension: 'pdf' },
      [pdfPart()],
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ Message: 'OK' });

    const [document, ...others] = await documentsOf(testCase);
    expect(others).toEqual([]);
    expect(document).toEqual({
      Id: expect.any(Number),
      FileName: 'Informe médico.pdf',
      Extension: 'pdf',
      TipoId: noteType.id,
      TipoNombre: noteType.nombre,
      Note: 'Informe del médico tratante',
      UserFullName: 'Prueba RLF',
      Date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    const file = await download(document?.Id ?? 0);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="Informe m?dico.pdf"; filename*=UTF-8''Informe%20m%C3%A9dico.pdf`);
    expect(new Uint8Array(file.rawPayload)).toEqual(SAMPLE_PDF);

    const [entry] = await historyOf(testCase);
    expect(entry).toMatchObject({ description: 'Documento agregado', operationType: 'I', userId: rlf.user.id });
    expect(entry?.lines.map(({ description, oldValue, newValue, isFile }) => ({ description, oldValue, newValue, isFile }))).toEqual([
      { description: 'Nota', oldValue: null, newValue: 'Informe del médico tratante', isFile: false },
      { description: 'Tipo', oldValue: null, newValue: noteType.nombre, isFile: false },
      { description: 'Archivo', oldValue: null, newValue: 'Informe médico.pdf', isFile: true },
    ]);
  });

  it('stores a note without a file (nothing to download), and lists the newest first', async () => {
    const testCase = await newCase();
    expect((await upload(rlf, { action: 'insert', idEr: testCase.meta, note: 'Primera nota' })).statusCode).toBe(200);
    expect((await upload(rlf, { action: 'insert', idEr: testCase.meta, note: 'Segunda nota', tipoId: '' })).statusCode).toBe(200);
    const list = await documentsOf(testCase);
    expect(list.map((document) => [document.Note, document.FileName, document.TipoId])).toEqual([
      ['Segunda nota', null, null],
      ['Primera nota', null, null],
    ]);
    const response = await download(list[0]?.Id ?? 0);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ Message: MSG.files.notFound });
  });

  it('refuses a file of 20,000,001 bytes and stores nothing', async () => {
    const testCase = await newCase();
    const name = `grande-${randomUUID()}.pdf`;
    const response = await upload(rlf, { action: 'insert', idEr: testCase.meta, note: 'Demasiado grande' }, [pdfPart(name, pdfOfSize(20_000_001))]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.files.tooLarge });
    expect(await storedDocuments(testCase)).toEqual([]);
    expect(await t.database.db.select({ id: files.id }).from(files).where(eq(files.name, name))).toEqual([]);
  });

  it('accepts a file larger than the 1 MB limit of JSON bodies', async () => {
    const testCase = await newCase();
    const bytes = pdfOfSize(3_000_000);
    const response = await upload(rlf, { action: 'insert', idEr: testCase.meta, note: 'Estudio' }, [pdfPart('estudio.pdf', bytes)]);
    expect(response.statusCode, response.body).toBe(200);
    const [document] = await documentsOf(testCase);
    // Stored in six 512 KiB pieces and streamed back piece by piece: the same bytes, in order.
    const file = await download(document?.Id ?? 0);
    expect(file.headers['content-length']).toBe('3000000');
    // Compared as bytes: a deep equality of three million elements takes seconds.
    expect(Buffer.compare(Buffer.from(file.rawPayload), Buffer.from(bytes))).toBe(0);
  });

  it('refuses an executable renamed .pdf, an .exe, an empty file and two files, storing nothing', async () => {
    const testCase = await newCase();
    const fields = { action: 'insert', idEr: testCase.meta, note: 'Adjunto' };
    const renamed = await upload(rlf, { ...fields, fileName: 'informe.pdf', extension: 'pdf' }, [pdfPart('informe.pdf', SAMPLE_EXECUTABLE)]);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ Message: MSG.files.contentMismatch });

    const exe = await upload(rlf, { ...fields, fileName: 'programa.exe', extension: 'exe' }, [{ name: 'programa.exe', content: SAMPLE_EXECUTABLE }]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toMatchObject({ Message: MSG.files.typeNotAllowed });

    const empty = await upload(rlf, fields, [pdfPart('vacio.pdf', new Uint8Array())]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ Message: MSG.files.contentMismatch });

    const two = await upload(rlf, fields, [pdfPart('uno.pdf'), pdfPart('dos.pdf')]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({ Message: MSG.files.onlyOne });

    expect(await storedDocuments(testCase)).toEqual([]);
    expect(await historyOf(testCase)).toEqual([]);
  });

  it('refuses a Java archive renamed .docx (a zip, but no Word document) and stores a real .docx', async () => {
    const testCase = await newCase();
    const fields = { action: 'insert', idEr: testCase.meta, note: 'Informe' };
    const jar = await upload(rlf, { ...fields, fileName: 'informe.docx', extension: 'docx' }, [{ name: 'informe.docx', content: minimalJar() }]);
    expect(jar.statusCode).toBe(400);
    expect(jar.json()).toMatchObject({ Message: MSG.files.contentMismatch });
    expect(await storedDocuments(testCase)).toEqual([]);

    const docx = minimalDocx();
    const real = await upload(rlf, { ...fields, fileName: 'informe.docx', extension: 'docx' }, [{ name: 'informe.docx', content: docx }]);
    expect(real.statusCode, real.body).toBe(200);
    const [document] = await documentsOf(testCase);
    const file = await download(document?.Id ?? 0);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(Buffer.compare(file.rawPayload, docx)).toBe(0);
  });

  it('refuses a missing or too long note, an unknown type or action, and a body that is not multipart', async () => {
    const testCase = await newCase();
    const missing = await upload(rlf, { action: 'insert', idEr: testCase.meta }, [pdfPart()]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ Message: 'La nota es requerida' });

    const blank = await upload(rlf, { action: 'insert', idEr: testCase.meta, note: '   ' });
    expect(blank.json()).toMatchObject({ Message: MSG.notes.noteRequired });

    const long = await upload(rlf, { action: 'insert', idEr: testCase.meta, note: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ Message: MSG.generic.maxLength(2000) });

    const unknownType = await upload(rlf, { action: 'insert', idEr: testCase.meta, note: 'Nota', tipoId: 999_999 });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json()).toMatchObject({ Message: MSG.wizard.optionUnknown('Tipo') });

    const unknownAction = await upload(rlf, { action: 'borrar', idEr: testCase.meta, note: 'Nota' });
    expect(unknownAction.statusCode).toBe(400);
    expect(unknownAction.json()).toMatchObject({ Message: MSG.caseFiles.actionUnknown });

    const json = await t.app.inject({ method: 'POST', url: '/api/uploadDocAndNotes', headers: rlf.headers, payload: { action: 'insert', idEr: testCase.meta, note: 'Nota' } });
    expect(json.statusCode).toBe(415);

    expect(await storedDocuments(testCase)).toEqual([]);
  });

  it('updates the note and type, keeping the file when none is sent, and records what changed', async () => {
    const testCase = await newCase();
    await upload(rlf, { action: 'insert', idEr: testCase.meta, note: 'Nota inicial', tipoId: noteType.id }, [pdfPart('original.pdf')]);
    const [stored] = await documentsOf(testCase);
    const id = stored?.Id ?? 0;

    const response = await upload(rlf, { action: 'update', idEr: testCase.meta, id, note: 'Nota corregida', tipoId: otherType.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(await documentsOf(testCase)).toEqual([
      expect.objectContaining({ Id: id, Note: 'Nota corregida', TipoId: otherType.id, TipoNombre: otherType.nombre, FileName: 'original.pdf' }),
    ]);

    const replaced = await upload(rlf, { action: 'update', idEr: testCase.meta, id, note: 'Nota corregida', tipoId: otherType.id }, [
      { name: 'notas.txt', content: 'Evolución favorable\n', type: 'text/plain' },
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const file = await download(id);
    expect(file.headers['content-type']).toBe('text/plain');
    expect(file.body).toBe('Evolución favorable\n');

    const history = await historyOf(testCase);
    expect(history.map((entry) => entry.description)).toEqual(['Documento agregado', 'Documento actualizado', 'Documento actualizado']);
    expect(history[1]?.lines.map(({ description, oldValue, newValue }) => [description, oldValue, newValue])).toEqual([
      ['Nota', 'Nota inicial', 'Nota corregida'],
      ['Tipo', noteType.nombre, otherType.nombre],
    ]);
    expect(history[2]?.lines.map(({ description, oldValue, newValue, isFile }) => [description, oldValue, newValue, isFile])).toEqual([
      ['Archivo', 'original.pdf', 'notas.txt', true],
    ]);
  });

  it('refuses an update without the id, or of a document of another case', async () => {
    const testCase = await newCase();
    const other = await newCase();
    await upload(rlf, { action: 'insert', idEr: other.meta, note: 'De otro evento' });
    const [foreign] = await documentsOf(other);

    const withoutId = await upload(rlf, { action: 'update', idEr: testCase.meta, note: 'Cambio' });
    expect(withoutId.statusCode).toBe(400);
    expect(withoutId.json()).toMatchObject({ Message: MSG.caseFiles.documentRequired });

    const wrongCase = await upload(rlf, { action: 'update', idEr: testCase.meta, id: foreign?.Id ?? 0, note: 'Cambio' });
    expect(wrongCase.statusCode).toBe(404);
    expect((await documentsOf(other))[0]?.Note).toBe('De otro evento');
  });

  it("follows the wizard's rule for 'insert' and allows 'insertPostCreated' on a sent case", async () => {
    const sent = await newCase(ER_STATUS.EN_REVISION_RLF);
    const wizard = await upload(rlf, { action: 'insert', idEr: sent.meta, note: 'Desde el asistente' });
    expect(wizard.statusCode).toBe(400);
    expect(wizard.json()).toMatchObject({ Message: MSG.wizard.notEditable });

    const view = await upload(rlf, { action: 'insertPostCreated', idEr: sent.meta, note: 'Desde la vista' }, [pdfPart()]);
    expect(view.statusCode, view.body).toBe(200);
    expect((await documentsOf(sent)).map((document) => document.Note)).toEqual(['Desde la vista']);
  });

  it('refuses every write to an annulled case', async () => {
    const annulled = await newCase(ER_STATUS.ANULADO);
    for (const action of ['insert', 'insertPostCreated']) {
      const response = await upload(rlf, { action, idEr: annulled.meta, note: 'Nota' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.wizard.notEditable });
    }
    expect(await storedDocuments(annulled)).toEqual([]);
  });

  it('answers 404 to an RLF of another country, and 403 to a CL writing', async () => {
    const testCase = await newCase(ER_STATUS.EN_REVISION_RLF);
    await upload(rlf, { action: 'insertPostCreated', idEr: testCase.meta, note: 'Nota' }, [pdfPart()]);
    const [document] = await documentsOf(testCase);

    const foreign = await signIn(t, 'RLF', 'AR');
    const list = await t.app.inject({ method: 'GET', url: `/api/getDocsAndNotesByMeta/${testCase.meta}`, headers: foreign.headers });
    expect(list.statusCode).toBe(404);
    expect((await upload(foreign, { action: 'insertPostCreated', idEr: testCase.meta, note: 'Intruso' })).statusCode).toBe(404);
    expect((await download(document?.Id ?? 0, foreign)).statusCode).toBe(404);
    expect((await deleteDocument(foreign, { id: document?.Id, comentario: 'Intruso', Signature: signature(foreign) })).statusCode).toBe(404);

    const laboratoryId = await laboratoryOfProduct(t.database.db, productId);
    const clUser = await createUser(t.database.db, { role: 'CL', laboratories: [{ laboratoryId }] });
    const cl: SignedIn = { user: clUser, token: '', headers: bearer((await login(t.app, clUser)).accessToken) };
    expect((await upload(cl, { action: 'insertPostCreated', idEr: testCase.meta, note: 'Nota' })).statusCode).toBe(403);
    // A CL of the laboratory reads and downloads.
    expect(await documentsOf(testCase, cl)).toHaveLength(1);
    expect((await download(document?.Id ?? 0, cl)).statusCode).toBe(200);
    expect(await documentsOf(testCase)).toHaveLength(1);
  });
});

describe('deleteDocAndNotes', () => {
  it('marks the document deleted with the comment; the list hides it and its file is no longer offered', async () => {
    const testCase = await newCase(ER_STATUS.EN_REVISION_RLF);
    await upload(rlf, { action: 'insertPostCreated', idEr: testCase.meta, note: 'Para borrar', tipoId: noteType.id }, [pdfPart('borrar.pdf')]);
    const [document] = await documentsOf(testCase);
    const id = document?.Id ?? 0;

    const response = await deleteDocument(rlf, { id, comentario: '  Cargado por error  ', Signature: signature(rlf) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ Message: 'OK' });
    expect(await documentsOf(testCase)).toEqual([]);
    const [row] = await storedDocuments(testCase);
    expect(row).toMatchObject({ id, deletedBy: rlf.user.id, note: 'Para borrar' });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await download(id)).statusCode).toBe(404);

    const deletion = (await historyOf(testCase)).at(-1);
    expect(deletion).toMatchObject({ description: 'Documento eliminado', operationType: 'D', comment: 'Cargado por error' });
    expect(deletion?.lines.map(({ description, oldValue, newValue, isFile }) => [description, oldValue, newValue, isFile])).toEqual([
      ['Nota', 'Para borrar', null, false],
      ['Tipo', noteType.nombre, null, false],
      ['Archivo', 'borrar.pdf', null, true],
      ['Firmado por', null, expect.any(String), false],
      ['Fecha y hora de la firma', null, expect.any(String), false],
      ['Significado', null, 'Eliminar documento', false],
      ['Comentario de la firma', null, 'El archivo era de otro paciente', false],
    ]);
    const [signed] = await t.database.db.select().from(electronicSignatures).where(eq(electronicSignatures.eventId, testCase.id));
    expect(signed).toMatchObject({ userId: rlf.user.id, meaning: 'Eliminar documento', recordType: 'Documento', recordId: String(id), comment: 'El archivo era de otro paciente' });
    // The signed content: the document as it was before its deletion, hashed by the one function.
    expect(signed?.signedContent).toMatchObject({
      record: { type: 'Documento', id: String(id), eventId: testCase.id, state: { id, meta: testCase.meta, note: 'Para borrar', typeName: noteType.nombre, fileName: 'borrar.pdf' } },
    });
    expect(signed?.contentHash).toBe(signedContentHash(signed?.signedContent as SignedContent));

    const again = await deleteDocument(rlf, { id, comentario: 'Otra vez', Signature: signature(rlf) });
    expect(again.statusCode).toBe(404);
  });

  it("refuses another user's credentials, a wrong password and a missing signature, keeping the document", async () => {
    const testCase = await newCase(ER_STATUS.EN_REVISION_RLF);
    await upload(rlf, { action: 'insertPostCreated', idEr: testCase.meta, note: 'Se queda', tipoId: noteType.id });
    const [document] = await documentsOf(testCase);
    const other = await signIn(t, 'RLF', 'UY');
    for (const signed of [signature(rlf, { userEmail: other.user.email }), signature(rlf, { password: 'otra-clave-9' })]) {
      const response = await deleteDocument(rlf, { id: document?.Id, comentario: 'Borrar', Signature: signed });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.signature.failed });
    }
    const unsigned = await deleteDocument(rlf, { id: document?.Id, comentario: 'Borrar' });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ Message: MSG.signature.commentRequired });
    expect(await documentsOf(testCase)).toHaveLength(1);
    expect(await t.database.db.select().from(electronicSignatures).where(eq(electronicSignatures.eventId, testCase.id))).toEqual([]);
  });

  it('requires the comment, and refuses on an annulled case', async () => {
    const testCase = await newCase();
    await upload(rlf, { action: 'insert', idEr: testCase.meta, note: 'Nota' });
    const [document] = await documentsOf(testCase);

    for (const comentario of [undefined, '', '   ']) {
      const response = await deleteDocument(rlf, { id: document?.Id, comentario, Signature: signature(rlf) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.workflow.commentRequired });
    }

    const annulled = await newCase(ER_STATUS.ANULADO);
    const [row] = await t.database.db
      .insert(eventDocuments)
      .values({ eventId: annulled.id, note: 'Nota de un evento anulado', createdBy: rlf.user.id })
      .returning({ id: eventDocuments.id });
    const refused = await deleteDocument(rlf, { id: row?.id, comentario: 'Borrar', Signature: signature(rlf) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Message: MSG.wizard.notEditable });
    expect(await documentsOf(testCase)).toHaveLength(1);
    expect((await storedDocuments(annulled))[0]?.deletedAt).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('documents the file routes: the uploads as multipart, with their roles', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, Record<string, { description?: string; requestBody?: { content?: object } }>> }>();
    const uploadRoute = document.paths['/api/uploadDocAndNotes']?.post;
    expect(uploadRoute?.description).toContain('Roles: QPPV, RLF, Fabricante');
    expect(Object.keys(document.paths['/api/uploadFileOriginReport']?.post?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(document.paths['/api/downloadDocAndNotesById/{id}']?.get).toBeDefined();
  });
});
