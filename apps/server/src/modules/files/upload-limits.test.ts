import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { ER_STATUS, MSG } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDocuments, fileChunks, files } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCase, type TestCase } from '../../test-support/cases.js';
import { createProduct } from '../../test-support/catalog.js';
import { multipartBody, pdfOfSize, SAMPLE_EXECUTABLE, SAMPLE_PDF } from '../../test-support/files.js';
import { signIn, type SignedIn } from '../../test-support/home-reports.js';
import { FILE_CHUNK_BYTES } from '../storage/index.js';

/**
 * Issue 15 §5: per-user limits on uploads and on case PDFs (429 with a Spanish Message), the
 * cap on uploads received at once (a waiting upload goes on when a slot frees, or 503), and
 * files stored in pieces.
 */

let t: TestApp;
let rlf: SignedIn;
let otherRlf: SignedIn;
let productId: number;

beforeAll(async () => {
  t = await createTestApp({ uploadRateLimit: 3, pdfRateLimit: 2, maxConcurrentUploads: 1, uploadWaitSeconds: 1 });
  rlf = await signIn(t, 'RLF', 'UY');
  otherRlf = await signIn(t, 'RLF', 'UY');
  productId = (await createProduct(t.database.db, { countries: ['UY'] })).id;
});
afterAll(() => t.close());

function newCase(by: SignedIn, status: number = ER_STATUS.PENDIENTE): Promise<TestCase> {
  return createCase(t.database.db, { status, createdBy: by.user.id, productIds: [productId] });
}

async function uploadNote(who: SignedIn, testCase: TestCase, content: Uint8Array = SAMPLE_PDF) {
  const body = await multipartBody({ action: 'insert', idEr: testCase.meta, note: 'Nota', fileName: 'informe.pdf' }, [{ name: 'informe.pdf', content, type: 'application/pdf' }]);
  return t.app.inject({ method: 'POST', url: '/api/uploadDocAndNotes', headers: { ...who.headers, ...body.headers }, payload: body.payload });
}

describe('per-user limits', () => {
  it('answers 429 with a Spanish Message to a user over the upload limit, storing nothing, while another user goes on', async () => {
    const testCase = await newCase(rlf);
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await uploadNote(rlf, testCase));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers[3]?.json()).toMatchObject({ Message: MSG.files.tooManyUploads });
    expect(await t.database.db.select().from(eventDocuments).where(eq(eventDocuments.eventId, testCase.id))).toHaveLength(3);

    const theirs = await newCase(otherRlf);
    expect((await uploadNote(otherRlf, theirs)).statusCode).toBe(200);
  });

  it('answers 429 with a Spanish Message to a user over the PDF limit, while another user still gets the PDF', async () => {
    const testCase = await newCase(rlf, ER_STATUS.EN_REVISION_RLF);
    const pdf = (who: SignedIn) => t.app.inject({ method: 'GET', url: `/api/getERPDF/${testCase.meta}`, headers: who.headers });
    const answers = [await pdf(rlf), await pdf(rlf), await pdf(rlf)];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429]);
    expect(answers[2]?.json()).toMatchObject({ Message: MSG.pdf.tooManyPdfs });
    expect((await pdf(otherRlf)).statusCode).toBe(200);
  });
});

describe('uploads received at once', () => {
  /**
   * Starts an upload over a real connection and sends all of it but its last bytes: it holds
   * the only upload slot until `finish` sends the rest.
   */
  async function heldUpload(port: number, who: SignedIn, testCase: TestCase) {
    const body = await multipartBody({ action: 'insert', idEr: testCase.meta, note: 'Nota', fileName: 'grande.pdf' }, [
      { name: 'grande.pdf', content: pdfOfSize(200_000), type: 'application/pdf' },
    ]);
    let answer: (status: number) => void = () => {};
    const answered = new Promise<number>((resolve) => (answer = resolve));
    const request = httpRequest({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/api/uploadDocAndNotes',
      headers: { ...who.headers, ...body.headers, 'content-length': String(body.payload.length) },
    });
    request.on('response', (response) => {
      response.resume();
      answer(response.statusCode ?? 0);
    });
    request.write(body.payload.subarray(0, body.payload.length - 100));
    return {
      answered,
      finish: () => request.end(body.payload.subarray(body.payload.length - 100)),
    };
  }

  it('makes an upload wait for the busy slot and answers 503 with a Spanish Message when none frees in time; the held one is stored', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const testCase = await newCase(otherRlf);
    const someone = await signIn(t, 'RLF', 'UY');
    const held = await heldUpload(port, someone, testCase);
    // Let the held upload take the slot.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const busy = await uploadNote(otherRlf, testCase);
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toMatchObject({ Message: MSG.files.serverBusy });

    // A waiting upload goes on as soon as the slot frees.
    const waiting = uploadNote(otherRlf, testCase);
    await new Promise((resolve) => setTimeout(resolve, 200));
    held.finish();
    expect(await held.answered).toBe(200);
    expect((await waiting).statusCode).toBe(200);
    expect(await t.database.db.select().from(eventDocuments).where(eq(eventDocuments.eventId, testCase.id))).toHaveLength(2);
  });
});

describe('stored in pieces', () => {
  it(`stores a file of 1.2 MB in pieces of ${FILE_CHUNK_BYTES} bytes and gives it back whole`, async () => {
    const someone = await signIn(t, 'RLF', 'UY');
    const testCase = await newCase(someone);
    const content = pdfOfSize(1_200_000);
    expect((await uploadNote(someone, testCase, content)).statusCode).toBe(200);
    const [document] = await t.database.db.select().from(eventDocuments).where(eq(eventDocuments.eventId, testCase.id));
    const fileId = document?.fileId ?? '';
    const [file] = await t.database.db.select({ content: files.content, size: files.size }).from(files).where(eq(files.id, fileId));
    expect(file).toEqual({ content: null, size: 1_200_000 });
    const pieces = await t.database.db.select({ seq: fileChunks.seq }).from(fileChunks).where(eq(fileChunks.fileId, fileId));
    expect(pieces.map((piece) => piece.seq).sort()).toEqual([0, 1, 2]);

    const download = await t.app.inject({ method: 'GET', url: `/api/downloadDocAndNotesById/${document?.id ?? 0}`, headers: someone.headers });
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, Buffer.from(content))).toBe(0);
  });
});

describe('temporary files', () => {
  it('removes the temporary file of an upload, stored or refused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atalaya-tmp-test-'));
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = dir;
    try {
      const someone = await signIn(t, 'RLF', 'UY');
      const testCase = await newCase(someone);
      expect((await uploadNote(someone, testCase)).statusCode).toBe(200);
      const refused = await uploadNote(someone, testCase, SAMPLE_EXECUTABLE);
      expect(refused.json()).toMatchObject({ Message: MSG.files.contentMismatch });
      expect(await readdir(dir)).toEqual([]);
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      await rm(dir, { recursive: true, force: true });
    }
  });
});
