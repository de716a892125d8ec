import { ER_STATUS, MSG } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDocuments, files } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { createCase, type TestCase } from '../test-support/cases.js';
import { createProduct } from '../test-support/catalog.js';
import { createMedicalContact, multipartBody, SAMPLE_PDF } from '../test-support/files.js';
import { signIn, type SignedIn } from '../test-support/home-reports.js';

/**
 * docs/api.md 'Input rules', multipart: a malformed body and a text field with a NUL answer
 * 400 with a Spanish message on every upload route, and nothing is stored.
 */

let t: TestApp;
let rlf: SignedIn;
let qppv: SignedIn;
let admin: SignedIn;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  rlf = await signIn(t, 'RLF', 'UY');
  qppv = await signIn(t, 'QPPV', 'UY');
  admin = await signIn(t, 'ADMIN', 'UY');
  productId = (await createProduct(t.database.db, { countries: ['UY'] })).id;
});
afterAll(() => t.close());

function newCase(): Promise<TestCase> {
  return createCase(t.database.db, { status: ER_STATUS.PENDIENTE, createdBy: rlf.user.id, productIds: [productId], rams: [{}] });
}

function send(url: string, contentType: string, payload: Buffer | string) {
  return t.app.inject({ method: 'POST', url, headers: { ...rlf.headers, 'content-type': contentType }, payload });
}

async function storedFor(testCase: TestCase) {
  const documents = await t.database.db.select().from(eventDocuments).where(eq(eventDocuments.eventId, testCase.id));
  return { documents: documents.length, files: (await t.database.db.select({ id: files.id }).from(files)).length };
}

const pdf = { name: 'informe.pdf', content: SAMPLE_PDF, type: 'application/pdf' };

describe('a NUL character in a multipart text field', () => {
  it.each([
    ['note', (meta: string) => ({ action: 'insert', idEr: meta, note: 'antes\u0000después' })],
    ['idEr', (meta: string) => ({ action: 'insert', idEr: `${meta}\u0000`, note: 'Nota' })],
    ['a field no schema reads', (meta: string) => ({ action: 'insert', idEr: meta, note: 'Nota', otro: 'a\u0000b' })],
    ['the file name field', (meta: string) => ({ action: 'insert', idEr: meta, note: 'Nota', fileName: 'in\u0000forme.pdf' })],
  ])('uploadDocAndNotes: in %s answers 400 invalidCharacters and stores nothing', async (_where, fields) => {
    const testCase = await newCase();
    const before = await storedFor(testCase);
    const body = await multipartBody(fields(testCase.meta), [pdf]);
    const response = await send('/api/uploadDocAndNotes', body.headers['content-type'], body.payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.generic.invalidCharacters });
    expect(await storedFor(testCase)).toEqual(before);
  });

  it.each([
    ['/api/uploadFileOriginReport', (meta: string) => ({ Id: meta, FileName: 'or\u0000igen.pdf' })],
    ['/api/uploadFileContactoMedico', () => ({ Id: '1\u0000', NombreArchivo: 'contacto.pdf' })],
    ['/api/uploadFileRecProduct', () => ({ Id: '1', FileName: 'a\u0000.pdf' })],
    ['/api/uploadFileLocalSanitaryNotificaction', () => ({ Id: '\u00001' })],
  ])('%s answers 400 invalidCharacters', async (url, fields) => {
    const testCase = await newCase();
    const before = await storedFor(testCase);
    const body = await multipartBody(fields(testCase.meta), [pdf]);
    const response = await send(url, body.headers['content-type'], body.payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.generic.invalidCharacters });
    expect(await storedFor(testCase)).toEqual(before);
  });
});

describe('a malformed multipart body', () => {
  async function validBody(meta: string) {
    return multipartBody({ action: 'insert', idEr: meta, note: 'Nota' }, [pdf]);
  }

  it('with a boundary other than the one announced answers 400', async () => {
    const testCase = await newCase();
    const body = await validBody(testCase.meta);
    const response = await send('/api/uploadDocAndNotes', 'multipart/form-data; boundary=----otroLimite', body.payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.errors.malformedMultipart });
    expect((await storedFor(testCase)).documents).toBe(0);
  });

  it('without a boundary answers 400', async () => {
    const testCase = await newCase();
    const body = await validBody(testCase.meta);
    const response = await send('/api/uploadDocAndNotes', 'multipart/form-data', body.payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.errors.malformedMultipart });
  });

  it.each([0.3, 0.6, 0.95])('cut at %d of its length answers 400 and stores nothing', async (fraction) => {
    const testCase = await newCase();
    const body = await validBody(testCase.meta);
    const cut = body.payload.subarray(0, Math.floor(body.payload.length * fraction));
    const response = await send('/api/uploadDocAndNotes', body.headers['content-type'], cut);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.errors.malformedMultipart });
    expect((await storedFor(testCase)).documents).toBe(0);
  });

  it('that is not multipart at all (garbage bytes) answers 400', async () => {
    const testCase = await newCase();
    const response = await send('/api/uploadDocAndNotes', 'multipart/form-data; boundary=X', 'esto no es un formulario');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.errors.malformedMultipart });
    expect((await storedFor(testCase)).documents).toBe(0);
  });

  it('with a part header that is no header answers 400', async () => {
    const payload = '--X\r\nesto no es una cabecera\r\n\r\nvalor\r\n--X--\r\n';
    const response = await send('/api/uploadDocAndNotes', 'multipart/form-data; boundary=X', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toEqual(expect.any(String));
  });

  it.each(['/api/uploadFileOriginReport', '/api/uploadDocAndNotes', '/api/uploadFileRecProduct'])('sent as JSON to %s answers 4xx with a Spanish message', async (url) => {
    const testCase = await newCase();
    const response = await send(url, 'application/json', JSON.stringify({ Id: testCase.meta, action: 'insert', idEr: testCase.meta, note: 'Nota' }));
    expect(response.json()).toMatchObject({ Message: MSG.errors.unsupportedMediaType });
    expect(response.statusCode).toBe(415);
  });

  it('without the file an upload needs answers 400', async () => {
    const testCase = await newCase();
    const contact = await createMedicalContact(t.database.db, testCase.id, rlf.user.id);
    for (const [url, fields] of [
      ['/api/uploadFileOriginReport', { Id: testCase.meta }],
      ['/api/uploadFileContactoMedico', { Id: contact }],
    ] as const) {
      const body = await multipartBody(fields);
      const response = await send(url, body.headers['content-type'], body.payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ Message: MSG.files.required });
    }
  });

  it('with too many parts answers 413 with the Spanish message, nothing stored', async () => {
    const testCase = await newCase();
    const fields: Record<string, string> = { action: 'insert', idEr: testCase.meta, note: 'Nota' };
    for (let index = 0; index < 40; index += 1) fields[`extra${index}`] = 'x';
    const body = await multipartBody(fields, [pdf]);
    const response = await send('/api/uploadDocAndNotes', body.headers['content-type'], body.payload);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ Message: MSG.errors.payloadTooLarge });
    expect((await storedFor(testCase)).documents).toBe(0);
  });
});

describe('a boundary longer than the parser takes (issue 30: 253 characters or more answered 500)', () => {
  /** The eight upload routes, each with a role that may call it (the role is checked before the body is read). */
  const UPLOADS: [string, () => SignedIn][] = [
    ['/api/uploadDocAndNotes', () => rlf],
    ['/api/uploadFileOriginReport', () => rlf],
    ['/api/uploadFileContactoMedico', () => rlf],
    ['/api/uploadFileRecProduct', () => rlf],
    ['/api/uploadFileLocalSanitaryNotificaction', () => rlf],
    ['/api/uploadFileProviderNotification', () => qppv],
    ['/api/uploadmeddra', () => admin],
    ['/api/uploaddata', () => admin],
  ];
  /** A well-formed body in every other respect: a text field and a PDF, closed. */
  function withBoundary(boundary: string, meta: string): Buffer {
    return Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="Id"\r\n\r\n${meta}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="informe.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      SAMPLE_PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  }

  it.each(UPLOADS)('%s answers 400 with the malformed-form message for a boundary of 253 and of 300 characters, and stores nothing', async (url, who) => {
    const testCase = await newCase();
    const before = await storedFor(testCase);
    for (const length of [253, 300]) {
      const boundary = 'b'.repeat(length);
      const response = await t.app.inject({ method: 'POST', url, headers: { ...who().headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: withBoundary(boundary, testCase.meta) });
      expect(response.statusCode, `${length}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.errors.malformedMultipart });
    }
    expect(await storedFor(testCase)).toEqual(before);
  });

  it('a boundary of 252 characters is read as any other (the refusal is the route\'s usual one, never a 500)', async () => {
    const testCase = await newCase();
    const boundary = 'b'.repeat(252);
    const response = await send('/api/uploadFileOriginReport', `multipart/form-data; boundary=${boundary}`, withBoundary(boundary, testCase.meta));
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(response.json<{ Message: string }>().Message).not.toBe(MSG.errors.malformedMultipart);
  });
});
