import { randomUUID } from 'node:crypto';
import { ER_STATUS, type Icsr, type IcsrBatch } from '@atalaya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventComments } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { sessionOf, type Session } from '../../test-support/case-edit.js';
import { createMedicationProduct, type MedicationProduct } from '../../test-support/case-medications.js';
import { createLlt, type TestLlt } from '../../test-support/catalog.js';
import { filledE2bCase } from '../../test-support/e2b.js';
import { e2bXsdDir } from '../../test-support/reference.js';
import { buildBatchXml } from './build.js';
import { loadIcsr } from './load.js';
import { validateXml } from './xsd.js';

/** The batch XML, checked by the official ICH schema. */

let t: TestApp;
let product: MedicationProduct;
let llt: TestLlt;
let rlf: Session;
const now = new Date('2026-11-29T10:15:30Z');

beforeAll(async () => {
  t = await createTestApp();
  product = await createMedicationProduct(t.database.db);
  llt = await createLlt(t.database.db, { name: `Prurito ${randomUUID().slice(0, 6)}` });
  rlf = await sessionOf(t, 'RLF');
});
afterAll(() => t.close());

function batchOf(...icsrs: Icsr[]): IcsrBatch {
  return {
    batch: { batchNumber: 'ATALAYA-B-1', senderId: 'ATALAYA', receiverId: 'EVHUMAN', transmissionDate: '20261129101530+0000' },
    messages: icsrs.map((icsr) => ({
      header: { messageId: icsr.report.safetyReportId, senderId: 'ATALAYA', receiverId: 'EVHUMAN', creationDate: '20261129101530+0000' },
      icsr,
    })),
  };
}

/** A report holding every element of the model. */
export function everyElementIcsr(): Icsr {
  const reactionId = 'reaction-1';
  return {
    report: {
      safetyReportId: 'UY-ATALAYA-UY-2026-000001',
      creationDate: '20261129101530+0000',
      reportType: '2',
      firstReceivedDate: '20260101',
      mostRecentDate: '20260201',
      additionalDocuments: true,
      documents: ['Historia clínica'],
      expedited: { nullFlavor: 'NI' },
      worldwideUniqueId: 'UY-ATALAYA-UY-2026-000001',
      firstSender: '2',
      otherCaseIdentifiers: true,
      otherCaseIds: [{ source: 'Socio', caseId: 'P-123' }],
      linkedReportIds: ['UY-ATALAYA-UY-2025-000009'],
      nullificationOrAmendment: { code: '2', reason: 'Corrección del sexo' },
    },
    primarySources: [
      {
        title: 'Dra.',
        givenName: 'Ana',
        middleName: 'María',
        familyName: 'Pérez',
        organisation: 'Hospital Maciel',
        department: 'Medicina',
        street: '25 de Mayo 174',
        city: 'Montevideo',
        state: { nullFlavor: 'MSK' },
        postcode: '11000',
        telephone: '+598 2915 3000',
        country: 'UY',
        qualification: '1',
        primaryForRegulatory: true,
      },
      {
        title: null,
        givenName: { nullFlavor: 'MSK' },
        middleName: null,
        familyName: { nullFlavor: 'MSK' },
        organisation: null,
        department: null,
        street: null,
        city: null,
        state: null,
        postcode: null,
        telephone: null,
        country: { nullFlavor: 'UNK' },
        qualification: { nullFlavor: 'UNK' },
        primaryForRegulatory: false,
      },
    ],
    sender: {
      type: '1',
      organisation: 'Laboratorio Ejemplo S.A.',
      department: 'Farmacovigilancia',
      title: 'Dr.',
      givenName: 'Juan',
      middleName: null,
      familyName: 'Gómez',
      street: 'Av. Italia 1234',
      city: 'Montevideo',
      state: 'Montevideo',
      postcode: '11300',
      country: 'UY',
      telephone: '+598 2600 0000',
      fax: '+598 2600 0001',
      email: 'fv@ejemplo.uy',
    },
    literature: [{ reference: 'Pérez A. Caso de urticaria. Rev Med Urug. 2026;42:1-3.' }, { reference: { nullFlavor: 'ASKU' } }],
    study: { registrations: [{ number: 'NCT000001', country: 'UY' }], name: 'Estudio ABC', sponsorNumber: 'ABC-01', type: '1' },
    patient: {
      name: 'ABC',
      gpRecordNumber: 'GP-1',
      specialistRecordNumber: { nullFlavor: 'MSK' },
      hospitalRecordNumber: 'H-3',
      investigationNumber: 'I-4',
      birthDate: '19900115',
      ageAtOnset: { value: 36, unit: 'a' },
      gestationPeriod: { value: 20, unit: 'wk' },
      ageGroup: '5',
      weightKg: 65.5,
      heightCm: 170,
      sex: '2',
      lastMenstrualPeriod: '202512',
      medicalHistory: [{ disease: { version: '27.1', code: '10020772' }, startDate: '2020', continuing: true, endDate: null, comments: 'Controlada', familyHistory: false }],
      medicalHistoryText: 'Hipertensión',
      concomitantTherapies: true,
      pastDrugs: [
        { name: 'Enalapril', mpid: null, phpid: null, startDate: '2020', endDate: { nullFlavor: 'UNK' }, indication: { version: '27.1', code: '10020772' }, reaction: { version: '27.1', code: '10011224' } },
        { name: { nullFlavor: 'UNK' }, mpid: null, phpid: null, startDate: null, endDate: null, indication: null, reaction: null },
      ],
      death: {
        date: '20260110',
        reportedCauses: [{ term: { version: '27.1', code: '10046735' }, text: 'Urticaria' }],
        autopsy: true,
        autopsyCauses: [{ term: { version: '27.1', code: '10046735' }, text: 'Urticaria' }],
      },
      parent: null,
    },
    reactions: [
      {
        id: reactionId,
        primarySourceText: 'Ronchas en todo el cuerpo',
        primarySourceLanguage: 'spa',
        translation: 'Hives all over the body',
        term: { version: '27.1', code: '10046735' },
        highlighted: '3',
        seriousness: {
          death: true,
          lifeThreatening: { nullFlavor: 'NI' },
          hospitalisation: true,
          disabling: { nullFlavor: 'NI' },
          congenitalAnomaly: { nullFlavor: 'NI' },
          otherMedicallyImportant: { nullFlavor: 'NI' },
        },
        startDate: '20260105',
        endDate: '20260110',
        duration: { value: 5, unit: 'd' },
        outcome: '5',
        medicallyConfirmed: true,
        country: 'UY',
      },
    ],
    tests: [
      { date: '20260106', name: 'IgE total', term: { version: '27.1', code: '10021466' }, resultCode: null, result: { value: 450, unit: '[iU]/mL' }, resultText: null, normalLow: '0', normalHigh: '100', comments: 'Elevada', moreInformation: false },
      { date: { nullFlavor: 'UNK' }, name: 'Prueba cutánea', term: null, resultCode: '2', result: null, resultText: 'Negativa', normalLow: null, normalHigh: null, comments: null, moreInformation: null },
    ],
    drugs: [
      {
        id: randomUUID(),
        role: '1',
        mpid: null,
        phpid: null,
        name: 'Amoxidal 500',
        substances: [{ name: 'Amoxicilina', termId: null, strength: { value: 500, unit: 'mg' } }],
        countryObtained: 'UY',
        investigationalBlinded: false,
        authorisation: { number: 'MSP-1234', country: 'UY', holder: 'Laboratorio Ejemplo S.A.' },
        dosages: [
          {
            dose: { value: 1, unit: '{tbl}' },
            interval: { value: 8, unit: 'h' },
            startDate: '20260101',
            endDate: '20260105',
            duration: { value: 5, unit: 'd' },
            batchLot: 'L-1',
            text: '1 comprimido cada 8 h',
            form: 'Comprimido',
            formTermId: null,
            route: 'Oral',
            routeTermId: { version: '2.0', code: '048' },
            parentRoute: null,
            parentRouteTermId: null,
          },
        ],
        cumulativeDose: { value: 7500, unit: 'mg' },
        gestationAtExposure: { value: 18, unit: 'wk' },
        indications: [{ text: 'Faringitis', term: { version: '27.1', code: '10034835' } }],
        actionTaken: '1',
        reactions: [
          {
            reactionId,
            assessments: [{ source: 'Compañía', method: 'Naranjo', result: 'Probable' }],
            startToOnset: { value: 4, unit: 'd' },
            lastDoseToOnset: { value: 2, unit: 'h' },
            recurrence: '4',
          },
        ],
        additionalInfoCodes: ['2'],
        additionalInfo: 'Tomó dos comprimidos juntos.',
      },
      {
        id: 'concomitant-1',
        role: '2',
        mpid: null,
        phpid: null,
        name: 'Paracetamol',
        substances: [],
        countryObtained: null,
        investigationalBlinded: null,
        authorisation: null,
        dosages: [],
        cumulativeDose: null,
        gestationAtExposure: null,
        indications: [{ text: { nullFlavor: 'UNK' }, term: null }],
        actionTaken: null,
        reactions: [],
        additionalInfoCodes: [],
        additionalInfo: null,
      },
    ],
    narrative: {
      narrative: 'Mujer de 36 años que presentó urticaria <generalizada> & fiebre.',
      reporterComments: 'Relación probable.',
      senderDiagnoses: [{ version: '27.1', code: '10046735' }],
      senderComments: 'Caso grave.',
      summaries: [{ text: 'Resumen del notificador', language: 'spa' }],
    },
  };
}

describe('buildBatchXml', () => {
  it('builds a batch of a closed case that the official ICH schema accepts', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt, { rams: [{ HospitalizationRequired: true, HospitalizationDateStart: '2024-03-06', HospitalizationDateEnd: '2024-03-07' }] });
    const icsr = await loadIcsr(t.database.db, testCase.id, { now, meddraVersion: '27.1' });
    if (!icsr) throw new Error('case not loaded');
    const xml = buildBatchXml(batchOf(icsr));
    expect(validateXml(xml, e2bXsdDir())).toEqual([]);
    expect(xml).toContain('<MCCI_IN200100UV01 ITSVersion="XML_1.0"');
    expect(xml).toContain('<PORR_IN049016UV>');
    expect(xml).toContain(`<id extension="${icsr.report.worldwideUniqueId}" root="2.16.840.1.113883.3.989.2.1.3.2"/>`);
    expect(xml).toContain(`code="${llt.llt_code}" codeSystem="2.16.840.1.113883.6.163" codeSystemVersion="27.1"`);
  });

  it('never sends a seriousness criterion as false: true or nullFlavor NI', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt);
    const icsr = await loadIcsr(t.database.db, testCase.id, { now, meddraVersion: '27.1' });
    if (!icsr) throw new Error('case not loaded');
    const xml = buildBatchXml(batchOf(icsr));
    for (const criterion of ['34', '21', '33', '35', '12', '26']) {
      const block = new RegExp(`<code code="${criterion}" codeSystem="2\\.16\\.840\\.1\\.113883\\.3\\.989\\.2\\.1\\.1\\.19"/>\\s*<value xsi:type="BL" ([^/]*)/>`).exec(xml);
      expect(block?.[1], criterion).toBe('nullFlavor="NI"');
    }
  });

  it('sends an annulled case as a nullification with its reason (C.1.11)', async () => {
    const testCase = await filledE2bCase(t, rlf, product, llt, { status: ER_STATUS.ANULADO });
    await t.database.db.insert(eventComments).values({ eventId: testCase.id, action: 'Anular', comment: 'Duplicado de otro caso', userId: rlf.user.id });
    const icsr = await loadIcsr(t.database.db, testCase.id, { now, meddraVersion: '27.1' });
    if (!icsr) throw new Error('case not loaded');
    const xml = buildBatchXml(batchOf(icsr));
    expect(validateXml(xml, e2bXsdDir())).toEqual([]);
    expect(xml).toMatch(/<code code="3" codeSystem="2\.16\.840\.1\.113883\.3\.989\.2\.1\.1\.23"\/>\s*<value xsi:type="CE" code="1" codeSystem="2\.16\.840\.1\.113883\.3\.989\.2\.1\.1\.5"\/>/);
    expect(xml).toContain('<originalText>Duplicado de otro caso</originalText>');
  });

  it('builds every element of the model into a schema-valid report, escaping the text', () => {
    const xml = buildBatchXml(batchOf(everyElementIcsr(), { ...everyElementIcsr(), report: { ...everyElementIcsr().report, safetyReportId: 'UY-ATALAYA-2', worldwideUniqueId: 'UY-ATALAYA-2' } }));
    expect(validateXml(xml, e2bXsdDir())).toEqual([]);
    expect(xml.match(/<PORR_IN049016UV>/g)).toHaveLength(2);
    expect(xml).toContain('urticaria &lt;generalizada&gt; &amp; fiebre');
    expect(xml).toContain('<telecom value="tel:+59829153000"/>');
  });
});
