import { MSG } from '@atalaya/domain';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, operationHistory } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { sessionOf, type Session } from '../../test-support/case-edit.js';

/** `createER` with an `Idempotency-Key` (docs/api.md): a double click or a retry creates one case. */

interface MetaDataResult {
  MetaData: string;
  NumeroReferencia: string;
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function createEr(who: Session, body: object, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/createER',
    headers: { ...who.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
}

async function casesCreatedBy(userId: string) {
  return t.database.db.select({ id: events.id, meta: events.meta }).from(events).where(eq(events.createdBy, userId));
}

describe('POST /api/createER with an Idempotency-Key', () => {
  it('creates one case for parallel identical requests, and answers every one of them with it', async () => {
    const rlf = await sessionOf(t, 'RLF');
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 8 }, () => createEr(rlf, { Country: 'UY', SubGrupoId: 1 }, key)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    const answers = responses.map((response) => response.json<MetaDataResult>());
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    const cases = await casesCreatedBy(rlf.user.id);
    expect(cases).toEqual([{ id: expect.any(String), meta: answers[0]?.MetaData }]);
    // One creation entry in the case's history: the repeats wrote nothing.
    expect(await t.database.db.select().from(operationHistory).where(eq(operationHistory.eventId, cases[0]?.id ?? ''))).toHaveLength(1);
  });

  it('answers a later repeat (a retry after a lost answer) with the same case', async () => {
    const qppv = await sessionOf(t, 'QPPV');
    const key = randomUUID();
    const first = await createEr(qppv, { Country: 'AR', SubGrupoId: 20 }, key);
    const again = await createEr(qppv, { Country: 'ar', SubGrupoId: '20' }, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await casesCreatedBy(qppv.user.id)).toHaveLength(1);
  });

  it('keeps the keys of different users apart', async () => {
    const [one, other] = await Promise.all([sessionOf(t, 'RLF'), sessionOf(t, 'RLF')]);
    const key = randomUUID();
    const [a, b] = await Promise.all([createEr(one, { Country: 'UY', SubGrupoId: 1 }, key), createEr(other, { Country: 'UY', SubGrupoId: 1 }, key)]);
    expect(a.json<MetaDataResult>().MetaData).not.toBe(b.json<MetaDataResult>().MetaData);
    expect(await casesCreatedBy(one.user.id)).toHaveLength(1);
    expect(await casesCreatedBy(other.user.id)).toHaveLength(1);
  });

  it('refuses the same key with another country or report type (409) and creates nothing more', async () => {
    const qppv = await sessionOf(t, 'QPPV');
    const key = randomUUID();
    const first = await createEr(qppv, { Country: 'UY', SubGrupoId: 1 }, key);
    for (const body of [
      { Country: 'UY', SubGrupoId: 20 },
      { Country: 'AR', SubGrupoId: 1 },
    ]) {
      const response = await createEr(qppv, body, key);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ Message: MSG.createEvent.idempotencyKeyReused });
    }
    expect(await casesCreatedBy(qppv.user.id)).toEqual([{ id: expect.any(String), meta: first.json<MetaDataResult>().MetaData }]);
  });

  it('does not hold a key whose request was refused: the corrected request creates the case', async () => {
    const qppv = await sessionOf(t, 'QPPV');
    const key = randomUUID();
    const refused = await createEr(qppv, { Country: 'UY', SubGrupoId: 999 }, key);
    expect(refused.statusCode).toBe(400);
    const created = await createEr(qppv, { Country: 'UY', SubGrupoId: 1 }, key);
    expect(created.statusCode).toBe(200);
    expect(await casesCreatedBy(qppv.user.id)).toHaveLength(1);
  });

  it.each(['', 'a'.repeat(101), 'clave con espacios', 'ñandú'])('answers 400 for the malformed key %j and creates nothing', async (key) => {
    const rlf = await sessionOf(t, 'RLF');
    const response = await createEr(rlf, { Country: 'UY', SubGrupoId: 1 }, key);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.createEvent.idempotencyKeyInvalid });
    expect(await casesCreatedBy(rlf.user.id)).toEqual([]);
  });

  it('still creates a case per request without a key (older clients)', async () => {
    const rlf = await sessionOf(t, 'RLF');
    const responses = await Promise.all([createEr(rlf, { Country: 'UY', SubGrupoId: 1 }), createEr(rlf, { Country: 'UY', SubGrupoId: 1 })]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(await casesCreatedBy(rlf.user.id)).toHaveLength(2);
  });
});
