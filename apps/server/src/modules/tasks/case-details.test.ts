import { type ErComment, type FollowUpItem, MSG, type Role } from '@atalaya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCaseComment, addFollowUp, createCase, laboratoryOfProduct, randomMeta, type TestCase } from '../../test-support/cases.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createProduct } from '../../test-support/catalog.js';
import { bearer, createUser, login, type TestLaboratoryAssignment, type TestUser } from '../../test-support/factories.js';

let t: TestApp;
let rlfAuthor: TestUser;
let laboratoryId: number;
let productId: number;
let reviewed: TestCase;

const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  rlfAuthor = await createUser(t.database.db, { role: 'RLF' });
  const product = await createProduct(t.database.db, { countries: ['UY'] });
  productId = product.id;
  laboratoryId = await laboratoryOfProduct(t.database.db, product.id);
  reviewed = await createCase(t.database.db, { status: 3, createdBy: rlfAuthor.id, productIds: [productId] });
});
afterAll(() => t.close());

async function tokenOf(role: Role, options: { country?: string; laboratories?: readonly TestLaboratoryAssignment[] } = {}): Promise<string> {
  const user = await createUser(t.database.db, { role, ...options });
  return (await login(t.app, user)).accessToken;
}

function get(token: string, url: string) {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

describe('GET /api/getERCommentsByMeta/:meta', () => {
  it('lists the workflow comments newest first with the author’s full name', async () => {
    const older = new Date(Date.now() - 5 * HOUR);
    const newer = new Date(Date.now() - HOUR);
    const testCase = await createCase(t.database.db, { status: 3, createdBy: rlfAuthor.id, productIds: [productId] });
    const first = await addCaseComment(t.database.db, testCase.id, { userId: rlfAuthor.id, action: 'Finalizar', fromStatus: 1, toStatus: 2, comment: 'Enviado', createdAt: older });
    const second = await addCaseComment(t.database.db, testCase.id, { userId: rlfAuthor.id, action: 'AprobarRLF', fromStatus: 2, toStatus: 3, comment: 'Aprobado', createdAt: newer });
    const response = await get(await tokenOf('RLF'), `/api/getERCommentsByMeta/${testCase.meta}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<ErComment[]>()).toEqual([
      { Id: second, Date: newer.toISOString(), UserFullName: 'Prueba RLF', Accion: 'AprobarRLF', EstadoAnterior: 2, EstadoNuevo: 3, Comentario: 'Aprobado' },
      { Id: first, Date: older.toISOString(), UserFullName: 'Prueba RLF', Accion: 'Finalizar', EstadoAnterior: 1, EstadoNuevo: 2, Comentario: 'Enviado' },
    ]);
  });

  it('answers an empty list for a case without comments', async () => {
    const response = await get(await tokenOf('QPPV', { laboratories: [{ laboratoryId }] }), `/api/getERCommentsByMeta/${reviewed.meta}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it.each([
    ['an RLF of another country', 'RLF', { country: 'AR' }],
    ['a QPPV without the laboratory', 'QPPV', {}],
    ['a CL of another laboratory', 'CL', { laboratories: [{ country: 'BO' }] }],
  ] as const)('answers 404 to %s, as for an unknown case', async (_name, role, options) => {
    const response = await get(await tokenOf(role, options), `/api/getERCommentsByMeta/${reviewed.meta}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ Message: MSG.lists.eventNotFound });
    const unknown = await get(await tokenOf('RLF'), `/api/getERCommentsByMeta/${randomMeta()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ Message: MSG.lists.eventNotFound });
  });

  it('hides another user’s draft from a QPPV of its laboratory, not from its creator', async () => {
    const creator = await createUser(t.database.db, { role: 'QPPV', laboratories: [{ laboratoryId }] });
    const draft = await createCase(t.database.db, { status: 1, createdBy: creator.id, productIds: [productId] });
    const url = `/api/getERCommentsByMeta/${draft.meta}`;
    expect((await get(await tokenOf('QPPV', { laboratories: [{ laboratoryId }] }), url)).statusCode).toBe(404);
    expect((await get((await login(t.app, creator)).accessToken, url)).statusCode).toBe(200);
    expect((await get(await tokenOf('RLF'), url)).statusCode).toBe(200);
  });

  it('refuses ADMIN', async () => {
    expect((await get(await tokenOf('ADMIN'), `/api/getERCommentsByMeta/${reviewed.meta}`)).statusCode).toBe(403);
  });
});

describe('GET /api/getERFollowUpByMeta/:meta', () => {
  it('lists the follow-up reports newest first, with the file name when there is one', async () => {
    const testCase = await createCase(t.database.db, { status: 3, createdBy: rlfAuthor.id, productIds: [productId] });
    const older = new Date(Date.now() - 3 * HOUR);
    const newer = new Date(Date.now() - HOUR);
    const first = await addFollowUp(t.database.db, testCase, { createdBy: rlfAuthor.id, sequence: 1, createdAt: older });
    const second = await addFollowUp(t.database.db, testCase, { createdBy: rlfAuthor.id, sequence: 2, fileName: 'seguimiento.pdf', createdAt: newer });
    const response = await get(await tokenOf('Fabricante', { laboratories: [{ laboratoryId }] }), `/api/getERFollowUpByMeta/${testCase.meta}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<FollowUpItem[]>()).toEqual([
      { Id: second.id, Date: newer.toISOString(), UserFullName: 'Prueba RLF', FileName: 'seguimiento.pdf', NumeroReferencia: `${testCase.referenceNumber}-S2` },
      { Id: first.id, Date: older.toISOString(), UserFullName: 'Prueba RLF', FileName: null, NumeroReferencia: `${testCase.referenceNumber}-S1` },
    ]);
  });

  it('answers 404 out of reach', async () => {
    const response = await get(await tokenOf('Fabricante'), `/api/getERFollowUpByMeta/${reviewed.meta}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ Message: MSG.lists.eventNotFound });
  });
});
