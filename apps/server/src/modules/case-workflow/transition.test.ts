import { ACTION_LABELS, MSG } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, operationHistoryLines } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { auditOf, historyOf, sessionOf, type Session } from '../../test-support/case-edit.js';
import { createCase, laboratoryOfProduct, type TestCase } from '../../test-support/cases.js';
import { createProduct } from '../../test-support/catalog.js';
import { DEFAULT_TEST_PASSWORD } from '../../test-support/factories.js';
import { caseViewUrl } from './mails.js';
import { refusalError, type TransitionRefusal } from './transition.js';

/**
 * The transition service (transition.ts) as every call sees it: one refusal mapping, the
 * history with status names and the server's own confirmation labels, the audit row with its
 * kind and the caller's address and user agent, and absolute links in the e-mails.
 */

const AGENT = 'Mozilla/5.0 (prueba de auditoría)';
const ADDRESS = '198.51.100.23';

let t: TestApp;
let productId: number;
let rlf: Session;
let qppv: Session;

beforeAll(async () => {
  t = await createTestApp();
  productId = (await createProduct(t.database.db, { countries: ['UY'] })).id;
  rlf = await sessionOf(t, 'RLF');
  qppv = await sessionOf(t, 'QPPV', { laboratories: [{ laboratoryId: await laboratoryOfProduct(t.database.db, productId) }] });
});
afterAll(() => t.close());

function caseIn(status: number): Promise<TestCase> {
  return createCase(t.database.db, { status, createdBy: rlf.user.id, productIds: [productId], rams: [{}] });
}

/** A call from a browser at a known address. */
function call(app: TestApp, who: Session, url: string, payload: object, headers: Record<string, string> = {}) {
  return app.app.inject({ method: 'POST', url: `/api/${url}`, payload, remoteAddress: ADDRESS, headers: { ...who.headers, 'user-agent': AGENT, ...headers } });
}

async function linesOf(testCase: TestCase) {
  return (await historyOf(t.database.db, testCase.id)).at(-1)?.lines ?? [];
}

describe('refusalError', () => {
  it('maps every refusal to its HTTP status and Spanish message, in one place', () => {
    const cases: [TransitionRefusal, number, string][] = [
      [{ reason: 'not-found' }, 404, MSG.lists.eventNotFound],
      [{ reason: 'status' }, 400, MSG.workflow.actionNotAllowed],
      [{ reason: 'role' }, 403, MSG.errors.forbidden],
      [{ reason: 'evaluation' }, 400, MSG.workflow.evaluationIncomplete],
      [{ reason: 'incomplete', message: 'Falta el paciente' }, 400, 'Falta el paciente'],
    ];
    for (const [refusal, status, message] of cases) {
      const error = refusalError(refusal);
      expect({ status: error.statusCode, message: error.message }).toEqual({ status, message });
    }
  });
});

describe('sendAccion through the transition service', () => {
  it('writes the confirmation lines from the server labels, never the text the client sent', async () => {
    const testCase = await caseIn(2);
    const response = await call(t, rlf, 'sendAccion', {
      Event: { Accion: 'AprobarRLF', Event: testCase.meta, Comments: 'Revisado' },
      Questions: ['Texto inventado por el cliente'],
    });
    expect(response.statusCode).toBe(200);
    expect(await linesOf(testCase)).toEqual([
      { description: 'Estado', oldValue: 'En revisión RLF', newValue: 'En evaluación QPPV' },
      { description: 'Confirmación', oldValue: null, newValue: ACTION_LABELS.AprobarRLF.title },
      { description: 'Confirmación', oldValue: null, newValue: ACTION_LABELS.AprobarRLF.text },
    ]);
    const stored = await t.database.db.select({ newValue: operationHistoryLines.newValue }).from(operationHistoryLines);
    expect(stored.map((line) => line.newValue)).not.toContain('Texto inventado por el cliente');
  });

  it('keeps the audit row with its kind, status names, the caller’s address and user agent', async () => {
    const testCase = await caseIn(2);
    await call(t, rlf, 'sendAccion', { Event: { Accion: 'MasInfo', Event: testCase.meta, Comments: 'Falta la dosis' } });
    expect(await auditOf(t.database.db, testCase.id)).toEqual([
      expect.objectContaining({
        kind: 'case.action-taken',
        instance: 'ER',
        operationType: 'U',
        userId: rlf.user.id,
        description: ACTION_LABELS.MasInfo.title,
        oldValues: expect.objectContaining({ Estado: 'En revisión RLF' }),
        newValues: expect.objectContaining({ Estado: 'Más información' }),
        ipAddress: ADDRESS,
        userAgent: AGENT,
      }),
    ]);
  });

  it('e-mails an absolute link to the case from APP_URL', async () => {
    const testCase = await caseIn(2);
    await call(t, rlf, 'sendAccion', { Event: { Accion: 'AprobarRLF', Event: testCase.meta, Comments: 'Revisado' } });
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, qppv.user.email));
    const mail = mails.find((row) => row.subject.startsWith(`Evento reportable ${testCase.referenceNumber}:`));
    expect(mail?.text).toContain(`Puede verlo en http://atalaya.test/reportableEvent/${testCase.meta}/view/details`);
    expect(caseViewUrl('https://fv.example.org/', 'abc')).toBe('https://fv.example.org/reportableEvent/abc/view/details');
  });

  it('a refusal writes neither history nor audit', async () => {
    const testCase = await caseIn(3);
    const refused = await call(t, rlf, 'sendAccion', { Event: { Accion: 'AprobarRLF', Event: testCase.meta, Comments: 'x' } });
    expect(refused.statusCode).toBe(400);
    expect(await historyOf(t.database.db, testCase.id)).toEqual([]);
    expect(await auditOf(t.database.db, testCase.id)).toEqual([]);
  });
});

describe('anularER and delER through the transition service', () => {
  it('annulment: status names in the history and the audit, with kind, address and user agent', async () => {
    const testCase = await caseIn(3);
    expect((await call(t, rlf, 'anularER', { Meta: testCase.meta, Comentario: 'Duplicado' })).statusCode).toBe(200);
    expect(await linesOf(testCase)).toEqual([{ description: 'Estado', oldValue: 'En evaluación QPPV', newValue: 'Anulado' }]);
    expect(await auditOf(t.database.db, testCase.id)).toEqual([
      expect.objectContaining({ kind: 'case.annulled', oldValues: { Estado: 'En evaluación QPPV' }, newValues: { Estado: 'Anulado' }, ipAddress: ADDRESS, userAgent: AGENT }),
    ]);
  });

  it('deletion: the signed history entry and a case.deleted audit row with address and user agent', async () => {
    const testCase = await caseIn(1);
    const signed = { comment: 'Duplicado', userEmail: rlf.user.email, password: DEFAULT_TEST_PASSWORD };
    expect((await call(t, rlf, 'delER', { Event: testCase.meta, Signature: signed })).statusCode).toBe(200);
    const [audit] = await auditOf(t.database.db, testCase.id);
    expect(audit).toMatchObject({ kind: 'case.deleted', operationType: 'D', description: 'Evento eliminado con firma electrónica', ipAddress: ADDRESS, userAgent: AGENT });
    const refused = await call(t, rlf, 'delER', { Event: (await caseIn(2)).meta, Signature: signed });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Message: MSG.workflow.actionNotAllowed });
  });
});

describe('the audit address behind a proxy', () => {
  it('is the forwarded address only when ATALAYA_TRUST_PROXY trusts the proxy', async () => {
    const trusting = await createTestApp({ trustProxy: true });
    try {
      const who = await sessionOf(trusting, 'RLF');
      const testCase = await createCase(trusting.database.db, { status: 2, createdBy: who.user.id });
      await call(trusting, who, 'anularER', { Meta: testCase.meta, Comentario: 'Duplicado' }, { 'x-forwarded-for': '203.0.113.9' });
      expect((await auditOf(trusting.database.db, testCase.id))[0]).toMatchObject({ ipAddress: '203.0.113.9', userAgent: AGENT });
    } finally {
      await trusting.close();
    }
    const testCase = await caseIn(2);
    await call(t, rlf, 'anularER', { Meta: testCase.meta, Comentario: 'Duplicado' }, { 'x-forwarded-for': '203.0.113.9' });
    expect((await auditOf(t.database.db, testCase.id))[0]).toMatchObject({ ipAddress: ADDRESS });
  });
});
