import { randomUUID } from 'node:crypto';
import { ER_STATUS } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client.js';
import { eventComments, eventDocuments, events, homeReports, previousMedications } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { sessionOf, type Session } from '../../test-support/case-edit.js';
import { createMedicationProduct, type MedicationProduct } from '../../test-support/case-medications.js';
import { createLlt, type TestLlt } from '../../test-support/catalog.js';
import { eightDigitCode, filledE2bCase } from '../../test-support/e2b.js';
import { readWhoReport } from '../case-edit/index.js';
import { loadIcsr, loadIcsrs } from './load.js';

/** The case read into the ICSR model (E2B_MAPPING). */

let t: TestApp;
let product: MedicationProduct;
let llt: TestLlt;
let rlf: Session;
const now = new Date('2026-11-29T10:15:30Z');

beforeAll(async () => {
  t = await createTestApp();
  product = await createMedicationProduct(t.database.db);
  llt = await createLlt(t.database.db, { name: `Urticaria ${randomUUID().slice(0, 6)}`, code: eightDigitCode() });
  rlf = await sessionOf(t, 'RLF');
});
afterAll(() => t.close());

describe('loadIcsr', () => {
  it('reads a closed case into the sections of E2B(R3)', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt, {
      rams: [{ HospitalizationRequired: true, HospitalizationDateStart: '2024-03-06', HospitalizationDateEnd: '2024-03-07', Evolution: -1 }],
      additional: 'La paciente consultó en emergencia.',
    });
    const icsr = await loadIcsr(t.database.db, testCase.id, { now, meddraVersion: '27.1', senderCode: 'LABX' });
    expect(icsr).not.toBeNull();
    if (!icsr) return;
    // C.1: the worldwide id is built from the reference number and is also C.1.1.
    expect(icsr.report.worldwideUniqueId).toBe(`UY-LABX-${testCase.referenceNumber}`);
    expect(icsr.report.safetyReportId).toBe(icsr.report.worldwideUniqueId);
    expect(icsr.report.creationDate).toBe('20261129101530+0000');
    expect(icsr.report.firstReceivedDate).toMatch(/^\d{8}$/);
    expect(icsr.report.nullificationOrAmendment).toBeNull();
    expect(icsr.report.expedited).toBe(true);
    // C.2: one primary source, the case's country.
    expect(icsr.primarySources).toHaveLength(1);
    expect(icsr.primarySources[0]).toMatchObject({ country: 'UY', primaryForRegulatory: true, qualification: { nullFlavor: 'UNK' } });
    // D: initials, age in years, weight and height converted, sex female, pregnancy in the history text.
    expect(icsr.patient.name).toBe('ABC');
    expect(icsr.patient.ageAtOnset).toEqual({ value: 34, unit: 'a' });
    expect(icsr.patient.ageGroup).toBeNull();
    expect(icsr.patient.sex).toBe('2');
    expect(icsr.patient.heightCm).toBe(170);
    expect(icsr.patient.weightKg).toBe(65.5);
    expect(icsr.patient.medicalHistoryText).toContain('Hipertensión');
    expect(icsr.patient.medicalHistoryText).toContain('Embarazo (20 semanas)');
    expect(icsr.patient.death).toBeNull();
    // E.i: the LLT with the MedDRA version, seriousness true or NI (never false), outcome recovered.
    expect(icsr.reactions).toHaveLength(1);
    const [reaction] = icsr.reactions;
    expect(reaction?.term).toEqual({ version: '27.1', code: String(llt.llt_code) });
    expect(reaction?.primarySourceText).toBe('Erupción en los brazos tras la segunda dosis');
    expect(reaction?.seriousness).toEqual({
      death: { nullFlavor: 'NI' },
      lifeThreatening: { nullFlavor: 'NI' },
      hospitalisation: true,
      disabling: { nullFlavor: 'NI' },
      congenitalAnomaly: { nullFlavor: 'NI' },
      otherMedicallyImportant: { nullFlavor: 'NI' },
    });
    expect(reaction?.outcome).toBe('1');
    expect(reaction?.startDate).toBe('20240305');
    expect(reaction?.endDate).toBe('20240308');
    // G.k: the suspect drug with its substance, dosage, indication, action (withdrawn) and the Naranjo causality.
    expect(icsr.drugs).toHaveLength(1);
    const [drug] = icsr.drugs;
    expect(drug).toMatchObject({ role: '1', name: product.commercialName, actionTaken: '1' });
    expect(drug?.substances.map((substance) => substance.name)).toEqual(product.ingredients.map((ingredient) => ingredient.name));
    expect(drug?.dosages[0]).toMatchObject({ startDate: '20240301', endDate: '20240310', batchLot: 'L-2024-01', interval: { value: 8, unit: 'h' } });
    expect(drug?.indications).toEqual([{ text: 'Dolor de cabeza', term: null }]);
    expect(drug?.reactions).toEqual([
      { reactionId: reaction?.id, assessments: [{ source: 'Compañía', method: 'Naranjo', result: 'Probable' }], startToOnset: null, lastDoseToOnset: null, recurrence: null },
    ]);
    // H: the narrative holds the case's additional information.
    expect(icsr.narrative.narrative).toContain('La paciente consultó en emergencia.');
  });

  it('gives unknown data its nullFlavor: no sex, no initials, unknown outcome 0, a fatal reaction fills D.9', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt, {
      patient: { Genere: null, Age: null, Escala: null, Pregnancy: false, Gestation: null },
      rams: [{ Evolution: 5 }, { Evolution: 4, Death: true, DateEnd: '2024-03-09' }],
    });
    const icsr = await loadIcsr(t.database.db, testCase.id, { now, meddraVersion: '27.1' });
    expect(icsr?.patient.sex).toEqual({ nullFlavor: 'UNK' });
    expect(icsr?.patient.ageAtOnset).toBeNull();
    expect(icsr?.reactions.map((reaction) => reaction.outcome)).toEqual(['0', '5']);
    expect(icsr?.reactions[1]?.seriousness.death).toBe(true);
    expect(icsr?.patient.death).toMatchObject({ date: '20240309', autopsy: { nullFlavor: 'UNK' } });
    expect(icsr?.patient.death?.reportedCauses).toEqual([{ term: { version: '27.1', code: String(llt.llt_code) }, text: 'Erupción en los brazos tras la segunda dosis' }]);
  });

  it('reads an annulled case as a nullification with the annulment comment (C.1.11)', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt, { status: ER_STATUS.ANULADO });
    await t.database.db.insert(eventComments).values({ eventId: testCase.id, action: 'Anular', comment: 'Caso duplicado', userId: rlf.user.id });
    const icsr = await loadIcsr(t.database.db, testCase.id, { now });
    expect(icsr?.report.nullificationOrAmendment).toEqual({ code: '1', reason: 'Caso duplicado' });
  });

  it('answers null for a deleted or unknown case', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt);
    await t.database.db.update(events).set({ deletedAt: new Date(), deletedBy: rlf.user.id }).where(eq(events.id, testCase.id));
    expect(await loadIcsr(t.database.db, testCase.id)).toBeNull();
    expect(await loadIcsr(t.database.db, randomUUID())).toBeNull();
  });

  it('names as the primary source (C.2) the reporter the case view names, whatever the incoming report holds', async () => {
    const medic = { Nombre: ' Dra. Pérez ', Email: 'perez@example.org', Telefono: '099 123 456' };
    const payloads: { isMedic: boolean; data: Record<string, unknown> }[] = [
      { isMedic: true, data: { InformacionContacto: { Reporta: { Nombre: ' Ana ', Email: 'ana@example.org', Telefono: 5 } }, ContactoMedico: { Medico: medic } } },
      { isMedic: true, data: { InformacionContacto: { Reporta: { Nombre: '  ' } }, ContactoMedico: { Medico: medic } } },
      { isMedic: true, data: { InformacionContacto: 'no es un objeto', ContactoMedico: { Medico: [medic] } } },
      { isMedic: false, data: { InformacionContacto: { Reporta: { Nombre: 'Pedro', Telefono: ' 098 ' } }, ContactoMedico: { Medico: medic } } },
      { isMedic: false, data: { InformacionContacto: { Reporta: ['Pedro'] } } },
      { isMedic: false, data: {} },
    ];
    for (const payload of payloads) {
      const testCase = await filledE2bCase(t, rlf, product, llt);
      const [row] = await t.database.db.select({ countryId: events.countryId, subGroupId: events.subGroupId }).from(events).where(eq(events.id, testCase.id));
      if (!row) throw new Error('case not stored');
      const [report] = await t.database.db
        .insert(homeReports)
        .values({ reference: `RH-LOAD-${randomUUID()}`, status: 4, isMedic: payload.isMedic, countryId: row.countryId, subGroupId: row.subGroupId, data: payload.data, enteredEventId: testCase.id })
        .returning({ id: homeReports.id });
      await t.database.db.update(events).set({ homeReportId: report?.id }).where(eq(events.id, testCase.id));
      const who = await readWhoReport(t.database.db, testCase.id);
      const source = (await loadIcsr(t.database.db, testCase.id, { now, meddraVersion: '27.1' }))?.primarySources[0];
      expect(who).not.toBeNull();
      expect(source).toMatchObject({
        qualification: who?.Origen === 'Médico' ? '1' : '5',
        givenName: who?.Nombre ?? null,
        telephone: who?.Telefono ?? null,
        email: who?.Email ?? { nullFlavor: 'ASKU' },
      });
    }
    // A case the staff loaded names no reporter.
    const staffCase = await filledE2bCase(t, rlf, product, llt);
    expect((await readWhoReport(t.database.db, staffCase.id))?.Origen).toBe('Usuario');
    expect((await loadIcsr(t.database.db, staffCase.id, { now, meddraVersion: '27.1' }))?.primarySources[0]).toMatchObject({ qualification: { nullFlavor: 'UNK' }, givenName: null, telephone: null, email: null });
  });

  it('reads many cases in two statements (the cases, their WHO-UMC assessments), each as it is read alone, and leaves out the deleted and unknown ones', async () => {
    const first = await filledE2bCase(t, rlf, product, llt, { rams: [{ Evolution: 5 }, { Evolution: 4, Death: true, DateEnd: '2024-03-09' }] });
    const second = await filledE2bCase(t, rlf, product, llt, { status: ER_STATUS.ANULADO });
    await t.database.db.insert(eventComments).values({ eventId: second.id, action: 'Anular', comment: 'Duplicado', userId: rlf.user.id });
    await t.database.db.insert(previousMedications).values([
      { eventId: second.id, medication: 'Ibuprofeno', dateStart: '2024-01-02' },
      { eventId: second.id, medication: 'Paracetamol', dateEnd: '2024-02-03' },
    ]);
    await t.database.db.insert(eventDocuments).values([
      { eventId: second.id, note: 'Historia clínica' },
      { eventId: second.id, note: 'Borrada', deletedAt: now },
    ]);
    await t.database.db.update(events).set({ parentEventId: first.id }).where(eq(events.id, second.id));
    const deleted = await filledE2bCase(t, rlf, product, llt);
    await t.database.db.update(events).set({ deletedAt: now, deletedBy: rlf.user.id }).where(eq(events.id, deleted.id));

    const context = { now, meddraVersion: '27.1', senderCode: 'LABX' };
    let statements = 0;
    // Counts the statements the loader starts (every query of the loader begins with db.select).
    const counted = new Proxy(t.database.db, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (key === 'select' || key === 'execute' || key === 'selectDistinct') statements += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as DbOrTx;
    const many = await loadIcsrs(counted, [first.id, second.id, deleted.id, randomUUID()], context);
    expect(statements).toBe(2);
    expect([...many.keys()].sort()).toEqual([first.id, second.id].sort());
    expect(many.get(first.id)).toEqual(await loadIcsr(t.database.db, first.id, context));
    expect(many.get(second.id)).toEqual(await loadIcsr(t.database.db, second.id, context));
    const annulled = many.get(second.id);
    expect(annulled?.report.nullificationOrAmendment).toEqual({ code: '1', reason: 'Duplicado' });
    expect(annulled?.report.linkedReportIds).toEqual([`UY-LABX-${first.referenceNumber}`]);
    expect(annulled?.report.documents).toEqual(['Historia clínica']);
    expect(annulled?.patient.pastDrugs.map((drug) => [drug.name, drug.startDate, drug.endDate])).toEqual([
      ['Ibuprofeno', '20240102', null],
      ['Paracetamol', null, '20240203'],
    ]);
    expect(many.get(first.id)?.patient.death?.date).toBe('20240309');
    expect(await loadIcsrs(t.database.db, [], context)).toEqual(new Map());
  });
});
