import { MSG } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electronicSignatures, events } from '../../db/schema/index.js';
import { canonicalJson, sha256Hex } from '../../shared/canonical-json.js';
import { type SignedContent, signedContentHash } from '../cases/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { get, historyOf, post, sessionOf, type Session } from '../../test-support/case-edit.js';
import { createCase, type TestCase } from '../../test-support/cases.js';
import { DEFAULT_TEST_PASSWORD } from '../../test-support/factories.js';

/**
 * Event spec §4 (a Pendiente case is deletable; deletion needs an electronic signature), §5
 * signature modal, issue 6 §5: the server re-authenticates the signed-in user, stores the
 * signature with the record and never erases the case.
 */

let t: TestApp;
let creator: Session;
let otherRlf: Session;
let qppv: Session;

beforeAll(async () => {
  t = await createTestApp();
  creator = await sessionOf(t, 'RLF');
  otherRlf = await sessionOf(t, 'RLF', { country: 'AR' });
  qppv = await sessionOf(t, 'QPPV');
});
afterAll(() => t.close());

function draft(status = 1): Promise<TestCase> {
  return createCase(t.database.db, { status, createdBy: creator.user.id });
}

function signature(who: Session, overrides: object = {}) {
  return { comment: 'Creado por error, duplicado de otro evento', userEmail: who.user.email, password: DEFAULT_TEST_PASSWORD, ...overrides };
}

function remove(who: Session, testCase: TestCase, signed: object) {
  return post(t, who, 'delER', { Event: testCase.meta, Signature: signed });
}

async function deletedAt(testCase: TestCase) {
  const [row] = await t.database.db.select({ deletedAt: events.deletedAt }).from(events).where(eq(events.id, testCase.id));
  return row?.deletedAt ?? null;
}

describe('POST /api/delER', () => {
  it('marks the case deleted with the signature: kept, hidden, signed in the history', async () => {
    const testCase = await draft();
    const response = await remove(creator, testCase, signature(creator));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Deleted: true });

    expect(await deletedAt(testCase)).not.toBeNull();
    expect((await get(t, creator, `getERByMeta/${testCase.meta}`)).statusCode).toBe(404);
    const [signed] = await t.database.db.select().from(electronicSignatures).where(eq(electronicSignatures.eventId, testCase.id));
    expect(signed).toMatchObject({ userId: creator.user.id, printedName: 'Prueba RLF', meaning: 'Eliminar evento reportable', recordType: 'ER', recordId: testCase.meta });
    const [entry] = await historyOf(t.database.db, testCase.id);
    expect(entry).toMatchObject({ description: 'Evento eliminado con firma electrónica', operationType: 'D', comment: 'Creado por error, duplicado de otro evento' });
  });

  it("refuses another user's credentials and a wrong password, leaving the case as it was", async () => {
    const testCase = await draft();
    const other = await remove(creator, testCase, signature(creator, { userEmail: qppv.user.email }));
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ Message: MSG.signature.failed });
    const wrong = await remove(creator, testCase, signature(creator, { password: 'otra-clave' }));
    expect(wrong.json()).toMatchObject({ Message: MSG.signature.failed });
    expect(await deletedAt(testCase)).toBeNull();
    expect(await t.database.db.select().from(electronicSignatures).where(eq(electronicSignatures.eventId, testCase.id))).toEqual([]);
  });

  it('requires the comment, the e-mail and the password', async () => {
    const testCase = await draft();
    expect((await remove(creator, testCase, signature(creator, { comment: '' }))).json()).toMatchObject({ Message: 'Comentario requerido' });
    expect((await remove(creator, testCase, signature(creator, { userEmail: '' }))).json()).toMatchObject({ Message: 'Correo requerido' });
    expect((await remove(creator, testCase, signature(creator, { password: '' }))).json()).toMatchObject({ Message: 'Contraseña requerida' });
    expect(await deletedAt(testCase)).toBeNull();
  });

  it('deletes only a Pendiente case, of the user\'s reach', async () => {
    const sent = await draft(2);
    const refused = await remove(creator, sent, signature(creator));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Message: MSG.workflow.actionNotAllowed });
    expect(await deletedAt(sent)).toBeNull();
    const testCase = await draft();
    expect((await remove(otherRlf, testCase, signature(otherRlf))).statusCode).toBe(404);
    expect(await deletedAt(testCase)).toBeNull();
  });

  it('stores with the signature the SHA-256 of what was signed: the case as it was and the manifest', async () => {
    const testCase = await draft();
    expect((await remove(creator, testCase, signature(creator))).statusCode).toBe(200);
    const [signed] = await t.database.db.select().from(electronicSignatures).where(eq(electronicSignatures.eventId, testCase.id));
    if (!signed) throw new Error('No signature stored');

    // Recomputed here from what the test knows, not from the stored content.
    const expected = {
      signature: { signerId: creator.user.id, printedName: 'Prueba RLF', meaning: 'Eliminar evento reportable', comment: 'Creado por error, duplicado de otro evento', signedAt: signed.signedAt.toISOString() },
      record: {
        type: 'ER',
        id: testCase.meta,
        eventId: testCase.id,
        state: { id: testCase.id, meta: testCase.meta, referenceNumber: testCase.referenceNumber, status: 1, createdBy: creator.user.id },
      },
    };
    expect(signed.contentHash).toBe(sha256Hex(canonicalJson(expected)));
    expect(signed.signedContent).toEqual(expected);
    // And from the stored content, with the one function that computes it.
    expect(signedContentHash(signed.signedContent as SignedContent)).toBe(signed.contentHash);
  });
});
