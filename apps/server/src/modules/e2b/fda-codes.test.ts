import { randomUUID } from 'node:crypto';
import { MSG, type E2bExportRefusal, type E2bReceiver, type E2bSubmission, type ReferenceTableRows } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2bReceivers } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { get, post, sessionOf, type Session } from '../../test-support/case-edit.js';
import { createMedicationProduct, TEST_OPTIONS, type MedicationProduct } from '../../test-support/case-medications.js';
import { createLlt, type TestLlt } from '../../test-support/catalog.js';
import { eightDigitCode, filledE2bCase, switchInMeddraVersion } from '../../test-support/e2b.js';
import { e2bXsdDir } from '../../test-support/reference.js';

/**
 * The FDA's regional rules when the receiver is ZZFDA (fda.ts), and the E2B code of Parámetros'
 * reference values (C.1.3, G.k.8, G.k.4.r.10.2b, G.k.4.r.9.2b): the export takes it, and refuses a
 * value without one, naming the element and the value (docs/e2b.md).
 */

let t: TestApp;
let product: MedicationProduct;
let llt: TestLlt;
let admin: Session;
let qppv: Session;
let rlf: Session;

beforeAll(async () => {
  t = await createTestApp({ e2bXsdDir: e2bXsdDir() });
  product = await createMedicationProduct(t.database.db);
  llt = await createLlt(t.database.db, { name: `Urticaria ${randomUUID().slice(0, 6)}`, code: eightDigitCode() });
  admin = await sessionOf(t, 'ADMIN');
  rlf = await sessionOf(t, 'RLF');
  qppv = await sessionOf(t, 'QPPV', { laboratories: [{ laboratoryId: product.laboratoryId }] });
  await switchInMeddraVersion(t.database.db, admin.user.id, '27.1');
});
afterAll(() => t.close());

const exportFor = (meta: string, receiver: string) => post(t, qppv, `exportE2B/${meta}`, { Receptor: receiver });
const xmlOf = async (meta: string, submission: E2bSubmission) => (await get(t, qppv, `getE2B/${meta}/${submission.Id}`)).body;
const table = async (name: string) => (await get(t, admin, 'getCodiguerasAll')).json<Record<string, ReferenceTableRows>>()[name] ?? [];
const createRow = (name: string, keys: string[], values: (string | null)[]) => post(t, admin, 'createElementCodiguera', { Table: name, Keys: keys, Values: values });
const updateRow = (name: string, id: number, keys: string[], values: (string | null)[]) => post(t, admin, 'updateElementCodiguera', { Table: name, Id: id, Keys: keys, Values: values });

describe('an export to the FDA (ZZFDA)', () => {
  it('carries the FDA regional elements, goes to CDER and passes the schema, with no warning', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt);
    const response = await exportFor(testCase.meta, 'ZZFDA');
    expect(response.statusCode, response.body).toBe(200);
    const submission = response.json<E2bSubmission>();
    expect(submission).toMatchObject({ Receptor: 'ZZFDA', EsquemaVerificado: true, Avisos: [] });
    const xml = await xmlOf(testCase.meta, submission);
    // N.1.4 ZZFDA, N.2.r.3 CDER (FDA R0004, R0006).
    expect(xml).toMatch(/<receiver typeCode="RCV">\s*<device[^>]*>\s*<id extension="CDER" root="2.16.840.1.113883.3.989.2.1.3.12"\/>/);
    expect(xml).toMatch(/<receiver typeCode="RCV">\s*<device[^>]*>\s*<id extension="ZZFDA" root="2.16.840.1.113883.3.989.2.1.3.14"\/>/);
    // G.k.4.r.10.2b: the FDA gets the oral route of ICH list 14, not its EDQM term (docs/e2b.md 'Route codes').
    expect(xml).toMatch(/<routeCode code="048" codeSystem="2.16.840.1.113883.3.989.2.1.1.14">/);
    expect(xml).not.toContain('ROA-');
    // FDA.C.1.7.1 (1 or 2 following C.1.7) and FDA.C.1.12 NI.
    expect(xml).toMatch(/<code code="C54588" codeSystem="2.16.840.1.113883.3.26.1.1"\/>\s*<value xsi:type="CE" code="[12]" codeSystem="2.16.840.1.113883.3.989.5.1.2.2.1.1.1"\/>/);
    expect(xml).toMatch(/<code code="C156384" codeSystem="2.16.840.1.113883.3.26.1.1"\/>\s*<value xsi:type="BL" nullFlavor="NI"\/>/);
    // FDA.D.11.r.1 race and FDA.D.12 ethnicity UNK, FDA.E.i.3.2h NI.
    expect(xml).toMatch(/<code code="C17049" codeSystem="2.16.840.1.113883.3.26.1.1"\/>\s*<value xsi:type="CE" nullFlavor="UNK"\/>/);
    expect(xml).toMatch(/<code code="C16564" codeSystem="2.16.840.1.113883.3.26.1.1"\/>\s*<value xsi:type="CE" nullFlavor="UNK"\/>/);
    expect(xml).toMatch(/<code code="7" codeSystem="2.16.840.1.113883.3.989.5.1.2.2.1.3"\/>\s*<value xsi:type="BL" nullFlavor="NI"\/>/);
    // FDA.C.2.r.2.8: a case loaded by the staff names no reporter (NASK).
    expect(xml).toContain('<telecom value="mailto:" nullFlavor="NASK"/>');

    // The same case to EMA carries none of them.
    const ema = await exportFor(testCase.meta, 'EVHUMAN');
    expect(ema.statusCode, ema.body).toBe(200);
    const emaXml = await xmlOf(testCase.meta, ema.json<E2bSubmission>());
    expect(emaXml).not.toContain('C54588');
    expect(emaXml).not.toContain('C17049');
    expect(emaXml).toMatch(/<id extension="EVHUMAN" root="2.16.840.1.113883.3.989.2.1.3.12"\/>/);
  });

  it('is refused with the FDA rule when the receiver is not written exactly ZZFDA (R0004)', async () => {
    const [fda] = await t.database.db.select().from(e2bReceivers).where(eq(e2bReceivers.code, 'ZZFDA'));
    if (!fda) throw new Error('no ZZFDA receiver');
    await t.database.db.insert(e2bReceivers).values({ code: 'zzFDA-test', name: 'no FDA' });
    await t.database.db.update(e2bReceivers).set({ code: 'Zzfda' }).where(eq(e2bReceivers.id, fda.id));
    try {
      const testCase = await filledE2bCase(t, rlf, product, llt);
      const response = await exportFor(testCase.meta, 'Zzfda');
      expect(response.statusCode).toBe(422);
      expect(response.json<E2bExportRefusal>().Problems).toContain('N.1.4 Identificador del receptor del lote: debe ser exactamente «ZZFDA» (está escrito «Zzfda») (FDA R0004)');
    } finally {
      await t.database.db.update(e2bReceivers).set({ code: 'ZZFDA' }).where(eq(e2bReceivers.id, fda.id));
    }
    expect((await get(t, qppv, 'e2bReceiverList')).json<E2bReceiver[]>().some((receiver) => receiver.Codigo === 'ZZFDA')).toBe(true);
  });
});

describe('the E2B code of Parámetros', () => {
  it('shows the seeded codes, and lets the ADMIN set a valid code only', async () => {
    const routes = await table('Via');
    expect(routes.find((row) => row.Descripcion === 'Oral')?.CodigoE2B).toBe('048');
    expect((await table('AccionMedicamento')).find((row) => row.Nombre === 'Medicamento retirado')?.CodigoE2B).toBe('1');
    expect((await table('ReporteOriginador_Tipo')).find((row) => row.Nombre === 'Espontáneo')?.CodigoE2B).toBe('1');
    const forms = await table('FormaFarmaceutica');
    expect(forms.find((row) => row.Nombre === 'Comprimido')?.CodigoE2B).toBe('10219000');
    expect(forms.find((row) => row.Nombre === 'Cápsula')?.CodigoE2B).toBeNull();

    const created = await createRow('Via', ['Descripcion'], [`Intradérmica ${randomUUID().slice(0, 4)}`]);
    expect(created.statusCode, created.body).toBe(200);
    const row = created.json<ReferenceTableRows>().find((entry) => String(entry.Descripcion).startsWith('Intradérmica'));
    expect(row?.CodigoE2B).toBeNull();
    if (!row) return;
    for (const [code, list] of [
      ['999', 'Via'],
      ['48', 'Via'],
      ['oral', 'Via'],
      ['20030000', 'Via'],
      ['ROA-2003000', 'Via'],
      ['PDF-10219000', 'Via'],
      ['roa-20030000', 'Via'],
    ] as const) {
      const refused = await updateRow(list, row.Id, ['CodigoE2B'], [code]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        Message: MSG.parameters.e2bCodeInvalid(code, 'código EDQM de vía de administración (ROA-20053000 vía oral) o de la lista 14 de ICH (E2B(R2), 001 a 067; 048 oral)'),
      });
    }
    // Both forms are accepted: ICH list 14 and an EDQM route term (20030000 intradermal use).
    for (const [given, kept] of [
      [' 023 ', '023'],
      ['ROA-20030000', 'ROA-20030000'],
    ] as const) {
      const saved = await updateRow('Via', row.Id, ['CodigoE2B'], [given]);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<ReferenceTableRows>().find((entry) => entry.Id === row.Id)?.CodigoE2B).toBe(kept);
    }
    const action = await createRow('AccionMedicamento', ['Nombre', 'CodigoE2B'], ['Suspendido temporalmente', '7']);
    expect(action.json()).toMatchObject({ Message: expect.stringContaining('El código E2B «7» no es válido') as unknown });
    const form = await createRow('FormaFarmaceutica', ['Nombre', 'CodigoE2B'], ['Comprimido bucodispersable', '1021']);
    expect(form.statusCode).toBe(400);
  });

  it('refuses an export whose route has no E2B code, naming the element and the value; with the code the export carries it', async () => {
    const name = `Intraósea ${randomUUID().slice(0, 4)}`;
    const created = (await createRow('Via', ['Descripcion'], [name])).json<ReferenceTableRows>();
    const route = created.find((entry) => entry.Descripcion === name);
    if (!route) throw new Error('route not created');
    const testCase = await filledE2bCase(t, rlf, product, llt, { medication: { ViaId: route.Id } });
    const refused = await exportFor(testCase.meta, 'EVHUMAN');
    expect(refused.statusCode).toBe(422);
    expect(refused.json<E2bExportRefusal>().Problems).toContain(`G.k.4.r.10.2b Vía de administración: '${name}' no tiene código E2B; asígnelo en Parámetros`);

    // An EDQM code (20036500 intraosseous use): in EDQM's code system, for EMA and (having no list-14 code) for the FDA too.
    expect((await updateRow('Via', route.Id, ['CodigoE2B'], ['ROA-20036500'])).statusCode).toBe(200);
    for (const receiver of ['EVHUMAN', 'ZZFDA']) {
      const exported = await exportFor(testCase.meta, receiver);
      expect(exported.statusCode, exported.body).toBe(200);
      expect(exported.json<E2bSubmission>().EsquemaVerificado).toBe(true); // the official schema passed
      const xml = await xmlOf(testCase.meta, exported.json<E2bSubmission>());
      expect(xml).toMatch(new RegExp(`<routeCode code="ROA-20036500" codeSystem="0.4.0.127.0.16.1.1.2.6">\\s*<originalText>${name}</originalText>`));
    }

    expect((await updateRow('Via', route.Id, ['CodigoE2B'], ['050'])).statusCode).toBe(200);
    const exported = await exportFor(testCase.meta, 'EVHUMAN');
    expect(exported.statusCode, exported.body).toBe(200);
    const xml = await xmlOf(testCase.meta, exported.json<E2bSubmission>());
    expect(xml).toMatch(new RegExp(`<routeCode code="050" codeSystem="2.16.840.1.113883.3.989.2.1.1.14">\\s*<originalText>${name}</originalText>`));
  });

  it('refuses an action taken (G.k.8) without a code, and takes the code Parámetros gives over the seeded one', async () => {
    const actionName = `Suspendido ${randomUUID().slice(0, 4)}`;
    const action = (await createRow('AccionMedicamento', ['Nombre'], [actionName])).json<ReferenceTableRows>().find((entry) => entry.Nombre === actionName);
    if (!action) throw new Error('action not created');
    const testCase = await filledE2bCase(t, rlf, product, llt, { rams: [{ AccMed: action.Id }] });
    const refused = await exportFor(testCase.meta, 'EVHUMAN');
    expect(refused.statusCode).toBe(422);
    expect(refused.json<E2bExportRefusal>().Problems).toContain(`G.k.8 Acción tomada con el medicamento: '${actionName}' no tiene código E2B; asígnelo en Parámetros`);
    expect((await updateRow('AccionMedicamento', action.Id, ['CodigoE2B'], ['9'])).statusCode).toBe(200);
    const exported = await exportFor(testCase.meta, 'EVHUMAN');
    expect(exported.statusCode, exported.body).toBe(200);
    expect(await xmlOf(testCase.meta, exported.json<E2bSubmission>())).toContain('<code code="9" codeSystem="2.16.840.1.113883.3.989.2.1.1.15"/>');

    // A seeded route whose code an ADMIN changes: the export takes Parámetros' code.
    const oral = (await table('Via')).find((row) => row.Id === TEST_OPTIONS.route);
    if (!oral) throw new Error('no route');
    expect((await updateRow('Via', oral.Id, ['CodigoE2B'], ['049'])).statusCode).toBe(200);
    try {
      const changed = await exportFor(testCase.meta, 'EVHUMAN');
      expect(await xmlOf(testCase.meta, changed.json<E2bSubmission>())).toContain('<routeCode code="049"');
    } finally {
      await updateRow('Via', oral.Id, ['CodigoE2B'], [String(oral.CodigoE2B)]);
    }
  });
});
