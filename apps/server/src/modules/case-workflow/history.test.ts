import { ACTION_LABELS, HISTORY_PAGE_SIZE, MSG } from '@atalaya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationHistory } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { post, sessionOf, type Session } from '../../test-support/case-edit.js';
import { createCase, type TestCase } from '../../test-support/cases.js';

/** Event spec §2.3 Operaciones, §7 POST getERHistoryByMeta: the case's history, paged, Date DESC by default. */

let t: TestApp;
let rlf: Session;
let otherRlf: Session;
let testCase: TestCase;

interface Page {
  Total: number;
  PageCount: number;
  PageNumber: number;
  PageNext: boolean;
  Result: { Description: string; OperationType: string; User: string; Comentario: string | null; Lines: { Description: string; OldValue: string | null; NewValue: string | null }[] }[];
}

beforeAll(async () => {
  t = await createTestApp();
  rlf = await sessionOf(t, 'RLF');
  otherRlf = await sessionOf(t, 'RLF', { country: 'AR' });
  testCase = await createCase(t.database.db, { status: 2, createdBy: rlf.user.id, rams: [{}] });
  const day = (date: string) => new Date(`${date}T12:00:00Z`);
  await t.database.db.insert(operationHistory).values([
    { eventId: testCase.id, userId: rlf.user.id, createdAt: day('2026-01-10'), description: 'Evento creado', operationType: 'I' },
    { eventId: testCase.id, userId: rlf.user.id, createdAt: day('2026-01-11'), description: 'Paciente actualizado', operationType: 'U' },
    { eventId: testCase.id, userId: rlf.user.id, createdAt: day('2026-01-12'), description: 'Medicamento eliminado', operationType: 'D' },
  ]);
  const sent = await post(t, rlf, 'sendAccion', { Event: { Accion: 'AprobarRLF', Event: testCase.meta, Comments: 'Completo' } });
  expect(sent.statusCode).toBe(200);
});
afterAll(() => t.close());

function history(who: Session, body: object) {
  return post(t, who, 'getERHistoryByMeta', { meta: testCase.meta, ...body });
}

describe('POST /api/getERHistoryByMeta', () => {
  it('answers the newest entry first, with its user, comment and field lines', async () => {
    const response = await history(rlf, {});
    expect(response.statusCode).toBe(200);
    const page = response.json() as Page;
    expect(page.Total).toBe(4);
    expect(page.Result.map((entry) => entry.Description)).toEqual(['Aprobar el evento', 'Medicamento eliminado', 'Paciente actualizado', 'Evento creado']);
    expect(page.Result[0]).toMatchObject({
      OperationType: 'U',
      Comentario: 'Completo',
      User: 'Prueba RLF',
      // The confirmation's lines are the action's labels, from the server (this call sent none).
      Lines: [
        { Description: 'Estado', OldValue: 'En revisión RLF', NewValue: 'En evaluación QPPV' },
        { Description: 'Confirmación', OldValue: null, NewValue: ACTION_LABELS.AprobarRLF.title },
        { Description: 'Confirmación', OldValue: null, NewValue: ACTION_LABELS.AprobarRLF.text },
      ],
    });
    expect(page.Result.length).toBeLessThanOrEqual(HISTORY_PAGE_SIZE);
  });

  it('pages, orders oldest first when asked, and filters by date (inclusive)', async () => {
    const first = (await history(rlf, { pageSize: 2, pageNumber: 1, orderBy: 'Date ASC' })).json() as Page;
    expect(first).toMatchObject({ Total: 4, PageCount: 2, PageNumber: 1, PageNext: true });
    expect(first.Result.map((entry) => entry.Description)).toEqual(['Evento creado', 'Paciente actualizado']);
    const filtered = (await history(rlf, { from: '2026-01-11', to: '2026-01-12' })).json() as Page;
    expect(filtered.Result.map((entry) => entry.Description)).toEqual(['Medicamento eliminado', 'Paciente actualizado']);
  });

  it('refuses a case out of reach (404) and a bad page (400)', async () => {
    expect((await history(otherRlf, {})).statusCode).toBe(404);
    const bad = await history(rlf, { pageNumber: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Message: MSG.lists.invalidPage });
  });

  it.each([
    ['getERHistoryByMeta', 'to', 'ayer 5', 'fecha hasta'],
    ['getERHistoryByMeta', 'to', '2026-01-12T00:00:00Z', 'fecha hasta'],
    ['getERHistoryByEvent', 'to', '12/01/2026', 'fecha hasta'],
    ['getERHistoryByEvent', 'to', '2026-02-30', 'fecha hasta'],
    ['getERHistoryByMeta', 'from', '2026-1-11', 'fecha desde'],
    ['getERHistoryByEvent', 'from', 20260111, 'fecha desde'],
  ] as const)('%s refuses %s = %j with 400 naming the field', async (call, field, value, label) => {
    const response = await post(t, rlf, call, { meta: testCase.meta, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.generic.dateFormat(label) });
  });
});
