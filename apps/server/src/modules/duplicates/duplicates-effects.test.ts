import { randomUUID } from 'node:crypto';
import { ER_STATUS, type E2bSubmission } from '@atalaya/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { get, post, sessionOf, type Session } from '../../test-support/case-edit.js';
import { createMedicationProduct, type MedicationProduct } from '../../test-support/case-medications.js';
import { createLlt, type TestLlt } from '../../test-support/catalog.js';
import { eightDigitCode, filledE2bCase, switchInMeddraVersion } from '../../test-support/e2b.js';
import { e2bXsdDir } from '../../test-support/reference.js';
import { validateXml } from '../e2b/index.js';

/** 'Es duplicado' (docs/duplicates.md 'Counted once'): the duplicate leaves the counts, and its E2B names the master. */

let t: TestApp;
let product: MedicationProduct;
let llt: TestLlt;
let qppv: Session;
let rlf: Session;

beforeAll(async () => {
  t = await createTestApp({ e2bXsdDir: e2bXsdDir() });
  product = await createMedicationProduct(t.database.db);
  llt = await createLlt(t.database.db, { name: `Urticaria ${randomUUID().slice(0, 6)}`, code: eightDigitCode() });
  rlf = await sessionOf(t, 'RLF');
  qppv = await sessionOf(t, 'QPPV', { laboratories: [{ laboratoryId: product.laboratoryId }] });
  await switchInMeddraVersion(t.database.db, qppv.user.id);
});
afterAll(() => t.close());

/** Two closed cases; the second marked duplicate of the first by the QPPV. */
async function markedPair() {
  const master = await filledE2bCase(t, rlf, product, llt);
  const duplicate = await filledE2bCase(t, rlf, product, llt);
  return { master, duplicate };
}

async function markDuplicate(master: { meta: string }, duplicate: { meta: string }) {
  const response = await post(t, qppv, 'setDuplicateDecision', { Meta: duplicate.meta, OtroMeta: master.meta, Decision: 'duplicate', MaestroMeta: master.meta, Comentario: 'Mismo paciente y reacción' });
  expect(response.statusCode, response.body).toBe(200);
}

/** Every case the indicators count (the sum of `by_status` over the countries' rows). */
async function indicatorTotal(): Promise<number> {
  const rows = await t.database.db.execute<{ n: number | string }>(sql`select coalesce(sum(x), 0)::int as n from indicator_counts, unnest(by_status) x where country_id <> 0`);
  return Number(rows.rows[0]?.n ?? 0);
}

/** The cells a case counts in for the signals. */
async function signalCells(id: string): Promise<number> {
  const rows = await t.database.db.execute<{ n: number | string }>(sql`select count(*)::int as n from signal_case_cells where event_id = ${id}`);
  return Number(rows.rows[0]?.n ?? 0);
}

/** The case-level signal count (kind 0, drug 0, PT 0) over every cell. */
async function signalCases(): Promise<number> {
  const rows = await t.database.db.execute<{ n: number | string }>(sql`select coalesce(sum(cases), 0)::int as n from signal_counts where drug_kind = 0 and drug_id = 0 and pt_code = 0`);
  return Number(rows.rows[0]?.n ?? 0);
}

describe("'Es duplicado': the duplicate leaves the counts", () => {
  it('the indicators and the signal counts drop it, and keep it out even if its status is changed back (they read duplicate_of_event_id)', async () => {
    const { master, duplicate } = await markedPair();
    const indicatorsBefore = await indicatorTotal();
    const signalsBefore = await signalCases();
    expect(await signalCells(duplicate.id)).toBeGreaterThan(0);

    await markDuplicate(master, duplicate);
    expect(await indicatorTotal()).toBe(indicatorsBefore - 1);
    expect(await signalCases()).toBe(signalsBefore - 1);
    expect(await signalCells(duplicate.id)).toBe(0);
    expect(await signalCells(master.id)).toBeGreaterThan(0);

    // Reopened by hand (not annulled any more): still a duplicate, still out of the counts.
    await t.database.db.update(events).set({ status: ER_STATUS.CERRADO_IMPUTABLE }).where(eq(events.id, duplicate.id));
    expect(await indicatorTotal()).toBe(indicatorsBefore - 1);
    expect(await signalCells(duplicate.id)).toBe(0);
    // The link removed: it counts again.
    await t.database.db.update(events).set({ duplicateOfEventId: null }).where(eq(events.id, duplicate.id));
    expect(await indicatorTotal()).toBe(indicatorsBefore);
    expect(await signalCells(duplicate.id)).toBeGreaterThan(0);
  });

  it("the indicators' cards (cases created this month) leave it out", async () => {
    const panel = async () => (await get(t, qppv, 'getIndicatorsValuesPanel')).json<Record<string, unknown>>();
    const { master, duplicate } = await markedPair();
    const before = JSON.stringify(await panel());
    await markDuplicate(master, duplicate);
    const after = await panel();
    expect(JSON.stringify(after)).not.toBe(before);
    // Unmarked again: the cards are as before.
    await t.database.db.update(events).set({ duplicateOfEventId: null }).where(eq(events.id, duplicate.id));
    expect(JSON.stringify(await panel())).toBe(before);
  });
});

describe("'Es duplicado': the duplicate's E2B export", () => {
  it('names the master as a linked report (C.1.10.r) and validates against the official schema', async () => {
    const { master, duplicate } = await markedPair();
    // Sent before it was found to be a duplicate: its export now is the nullification, naming the master.
    const initial = await post(t, qppv, `exportE2B/${duplicate.meta}`, { Receptor: 'EVHUMAN' });
    expect(initial.statusCode, initial.body).toBe(200);
    expect((await post(t, qppv, `markE2BSent/${duplicate.meta}/${initial.json<E2bSubmission>().Id}`, {})).statusCode).toBe(200);
    await markDuplicate(master, duplicate);
    const response = await post(t, qppv, `exportE2B/${duplicate.meta}`, { Receptor: 'EVHUMAN' });
    expect(response.statusCode, response.body).toBe(200);
    const submission = response.json<E2bSubmission>();
    const download = await get(t, qppv, `getE2B/${duplicate.meta}/${submission.Id}`);
    expect(download.statusCode).toBe(200);
    expect(validateXml(download.body, e2bXsdDir())).toEqual([]);
    expect(download.body).toContain(`Duplicado de ${master.referenceNumber}`);
    // C.1.10.r: an outboundRelationship SPRT whose relatedInvestigation's id is the master's worldwide number.
    const linked = [...download.body.matchAll(/<outboundRelationship typeCode="SPRT">[\s\S]*?<\/outboundRelationship>/g)].map((match) => match[0]);
    expect(linked.some((block) => block.includes(`-${master.referenceNumber}"`))).toBe(true);
    // The master's own export names no link to the duplicate.
    const masterExport = await post(t, qppv, `exportE2B/${master.meta}`, { Receptor: 'EVHUMAN' });
    expect(masterExport.statusCode, masterExport.body).toBe(200);
    const masterXml = (await get(t, qppv, `getE2B/${master.meta}/${masterExport.json<E2bSubmission>().Id}`)).body;
    expect(masterXml).not.toContain(`-${duplicate.referenceNumber}"`);
  });
});
