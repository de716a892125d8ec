import { describe, expect, it } from 'vitest';
import type { Icsr, IcsrDrug, IcsrReaction } from '../e2b/icsr.js';
import { ciomsFormFromIcsr, ciomsQuantity, icsrMeddraCodes } from './from-icsr.js';

const NI = { nullFlavor: 'NI' } as const;

function reaction(overrides: Partial<IcsrReaction> = {}): IcsrReaction {
  return {
    id: 'r1',
    primarySourceText: 'ronchas en todo el cuerpo',
    primarySourceLanguage: 'spa',
    translation: null,
    term: { version: '27.0', code: '10046735' },
    highlighted: null,
    seriousness: { death: NI, lifeThreatening: NI, hospitalisation: true, disabling: NI, congenitalAnomaly: NI, otherMedicallyImportant: NI },
    startDate: '20240305',
    endDate: '20240308',
    duration: null,
    outcome: '2',
    medicallyConfirmed: true,
    country: 'UY',
    ...overrides,
  };
}

function drug(overrides: Partial<IcsrDrug> = {}): IcsrDrug {
  return {
    id: 'd1',
    role: '1',
    mpid: null,
    phpid: null,
    name: 'Amoxidal',
    substances: [{ name: 'amoxicilina', termId: null, strength: { value: 500, unit: 'mg' } }],
    countryObtained: 'UY',
    investigationalBlinded: null,
    authorisation: { number: null, country: 'UY', holder: 'Laboratorio Austral' },
    dosages: [
      {
        dose: { value: 1.5, unit: 'g' },
        interval: { value: 8, unit: 'h' },
        startDate: '20240301',
        endDate: '20240310',
        duration: null,
        batchLot: 'L-77',
        text: null,
        form: 'Comprimido',
        formTermId: null,
        route: 'Oral',
        routeTermId: null,
        parentRoute: null,
        parentRouteTermId: null,
      },
    ],
    cumulativeDose: null,
    gestationAtExposure: null,
    indications: [{ text: 'Faringitis', term: null }],
    actionTaken: '1',
    reactions: [{ reactionId: 'r1', assessments: [{ source: 'Compañía', method: 'Naranjo', result: 'Probable' }], startToOnset: null, lastDoseToOnset: null, recurrence: '1' }],
    additionalInfoCodes: [],
    additionalInfo: null,
    ...overrides,
  };
}

function icsr(overrides: Partial<Icsr> = {}): Icsr {
  return {
    report: {
      safetyReportId: 'UY-ATALAYA-UY-2024-000001',
      creationDate: '20240320101500+0000',
      reportType: '1',
      firstReceivedDate: '20240309',
      mostRecentDate: '20240309',
      additionalDocuments: false,
      documents: [],
      expedited: true,
      worldwideUniqueId: 'UY-ATALAYA-UY-2024-000001',
      firstSender: '2',
      otherCaseIdentifiers: null,
      otherCaseIds: [],
      linkedReportIds: [],
      nullificationOrAmendment: null,
    },
    primarySources: [
      {
        title: null,
        givenName: 'Ana',
        middleName: null,
        familyName: null,
        organisation: null,
        department: null,
        street: null,
        city: null,
        state: null,
        postcode: null,
        telephone: null,
        country: 'UY',
        qualification: '1',
        primaryForRegulatory: true,
      },
    ],
    sender: {
      type: '1',
      organisation: 'Atalaya Farma',
      department: 'Farmacovigilancia',
      title: null,
      givenName: null,
      middleName: null,
      familyName: null,
      street: 'Av. Italia 1234',
      city: 'Montevideo',
      state: null,
      postcode: '11300',
      country: 'UY',
      telephone: '+598 2600 0000',
      fax: null,
      email: 'fv@atalaya.example',
    },
    literature: [],
    study: null,
    patient: {
      name: 'MGL',
      gpRecordNumber: null,
      specialistRecordNumber: null,
      hospitalRecordNumber: null,
      investigationNumber: null,
      birthDate: '19800305',
      ageAtOnset: { value: 44, unit: 'a' },
      gestationPeriod: null,
      ageGroup: null,
      weightKg: 61.5,
      heightCm: 165,
      sex: '2',
      lastMenstrualPeriod: null,
      medicalHistory: [{ disease: { version: '27.0', code: '10020772' }, startDate: '2010', continuing: true, endDate: null, comments: null, familyHistory: null }],
      medicalHistoryText: 'Asma desde la infancia',
      concomitantTherapies: null,
      pastDrugs: [{ name: 'Cefalexina', mpid: null, phpid: null, startDate: '201905', endDate: null, indication: null, reaction: { version: '27.0', code: '10046735' } }],
      death: null,
      parent: null,
    },
    reactions: [reaction()],
    tests: [{ date: '20240306', name: 'IgE total', term: null, resultCode: null, result: { value: 450, unit: '[iU]/mL' }, resultText: null, normalLow: '0', normalHigh: '100', comments: null, moreInformation: null }],
    drugs: [drug(), drug({ id: 'd2', role: '2', name: 'Ibuprofeno', substances: [], indications: [], reactions: [], actionTaken: null })],
    narrative: { narrative: 'Primer párrafo del relato.\n\nSegundo párrafo.', reporterComments: 'Probable alergia', senderDiagnoses: [], senderComments: 'Caso grave', summaries: [] },
    ...overrides,
  };
}

const names = {
  term: (term: { code: string }) => ({ '10046735': 'Urticaria', '10020772': 'Hipertensión' })[term.code],
  country: (code: string) => ({ UY: 'Uruguay' })[code],
};

describe('ciomsFormFromIcsr: the CIOMS I boxes of an ICSR', () => {
  it('fills boxes 1 to 25 from the report', () => {
    const form = ciomsFormFromIcsr(icsr(), names);
    expect(form.caseNumber).toBe('UY-ATALAYA-UY-2024-000001');
    expect(form.patientInitials).toBe('MGL');
    expect(form.country).toBe('Uruguay');
    expect(form.birthDate).toEqual({ day: '05', month: 'MAR', year: '1980' });
    expect(form.age).toBe('44 años');
    expect(form.sex).toBe('Femenino');
    expect(form.onset).toEqual({ day: '05', month: 'MAR', year: '2024' });
    expect(form.reactions).toEqual([
      'Urticaria (LLT 10046735, MedDRA 27.0); referida como «ronchas en todo el cuerpo»: inicio 05/MAR/2024; fin 08/MAR/2024; desenlace: En recuperación / en resolución; grave (hospitalización); confirmada por un profesional de la salud',
    ]);
    expect(form.narrative).toEqual([
      'Primer párrafo del relato.',
      'Segundo párrafo.',
      'Comentarios del notificador: Probable alergia',
      'Comentarios del remitente: Caso grave',
      'Causalidad: Amoxidal: Probable (Naranjo, Compañía)',
    ]);
    expect(form.tests).toEqual(['06/MAR/2024; IgE total; resultado 450 [iU]/mL; valores normales 0 - 100']);
    expect(form.seriousness).toEqual({ died: false, hospitalisation: true, disability: false, lifeThreatening: false, congenitalAnomaly: false, otherMedicallyImportant: false });
    expect(form.suspectDrugs).toEqual([
      {
        name: 'Amoxidal (amoxicilina 500 mg); Comprimido; lote L-77',
        dailyDose: '1,5 g cada 8 horas',
        route: 'Oral',
        indication: 'Faringitis',
        therapyDates: '01/MAR/2024 - 10/MAR/2024',
        duration: '10 días',
        abated: 'yes',
        reappeared: 'yes',
      },
    ]);
    expect(form.concomitantDrugs).toEqual(['Ibuprofeno; 1,5 g cada 8 horas; Oral; 01/MAR/2024 - 10/MAR/2024']);
    expect(form.history).toEqual([
      'Asma desde la infancia',
      'Hipertensión (LLT 10020772, MedDRA 27.0); desde 2010; continúa',
      'Medicación previa: Cefalexina; desde MAY/2019; reacción: Urticaria (LLT 10046735, MedDRA 27.0)',
      'Datos del paciente: peso 61,5 kg, talla 165 cm',
    ]);
    expect(form.manufacturer).toBe('Atalaya Farma, Farmacovigilancia\nAv. Italia 1234, 11300 Montevideo, Uruguay\ntel. +598 2600 0000, fv@atalaya.example\nTitular de la autorización: Laboratorio Austral');
    expect(form.controlNumber).toBe('UY-ATALAYA-UY-2024-000001');
    expect(form.dateReceived).toBe('09/MAR/2024');
    expect(form.source).toEqual({ study: false, literature: false, healthProfessional: true });
    expect(form.reportDate).toBe('20/MAR/2024');
    expect(form.reportType).toBe('initial');
  });

  it('prints each WHO-UMC category beside Naranjo, naming the reaction when it holds for only some of them', () => {
    const naranjo = { source: 'Compañía', method: 'Naranjo', result: 'Probable' };
    const link = (reactionId: string, result: string) => ({ reactionId, assessments: [naranjo, { source: 'Compañía', method: 'WHO-UMC', result }], startToOnset: null, lastDoseToOnset: null, recurrence: null });
    const form = ciomsFormFromIcsr(
      icsr({
        reactions: [reaction(), reaction({ id: 'r2', term: { version: '27.0', code: '10020772' }, primarySourceText: 'presión alta' })],
        drugs: [drug({ reactions: [link('r1', 'Posible'), link('r2', 'Improbable')] })],
      }),
      names,
    );
    expect(form.narrative).toContain(
      'Causalidad: Amoxidal: Probable (Naranjo, Compañía); Amoxidal (Urticaria (LLT 10046735, MedDRA 27.0)): Posible (WHO-UMC, Compañía); Amoxidal (Hipertensión (LLT 10020772, MedDRA 27.0)): Improbable (WHO-UMC, Compañía)',
    );
  });

  it('prints what a nullFlavor means, and codes without a name as codes', () => {
    const base = icsr();
    const form = ciomsFormFromIcsr(icsr({ patient: { ...base.patient, name: { nullFlavor: 'UNK' }, sex: { nullFlavor: 'MSK' }, birthDate: { nullFlavor: 'MSK' }, ageAtOnset: null, ageGroup: '5' } }));
    expect(form.patientInitials).toBe('Desconocido');
    expect(form.sex).toBe('Enmascarado');
    expect(form.birthDate).toEqual({ day: '', month: '', year: '' });
    expect(form.age).toBe('Adulto');
    expect(form.country).toBe('UY');
    expect(form.reactions[0]).toMatch(/^LLT 10046735, MedDRA 27\.0; referida como «ronchas en todo el cuerpo»/);
  });

  it('ticks every seriousness criterion any reaction has, the death of the patient, and orders the onset by date', () => {
    const base = icsr();
    const form = ciomsFormFromIcsr(
      icsr({
        reactions: [
          reaction({ id: 'r1', startDate: '20240310' }),
          reaction({ id: 'r2', startDate: '202402', seriousness: { ...reaction().seriousness, hospitalisation: NI, congenitalAnomaly: true, otherMedicallyImportant: true } }),
        ],
        patient: { ...base.patient, death: { date: '20240312', reportedCauses: [{ term: null, text: 'Shock anafiláctico' }], autopsy: false, autopsyCauses: [] } },
      }),
      names,
    );
    expect(form.seriousness).toEqual({ died: true, hospitalisation: true, disability: false, lifeThreatening: false, congenitalAnomaly: true, otherMedicallyImportant: true });
    expect(form.onset).toEqual({ day: '', month: 'FEB', year: '2024' });
    expect(form.narrative).toContain('Fallecimiento: fecha 12/MAR/2024; causas informadas: Shock anafiláctico; autopsia: no');
  });

  it('answers 20 and 21 from the action taken, the outcome and the rechallenge', () => {
    const answers = (overrides: Partial<IcsrDrug>, outcome: IcsrReaction['outcome'] = '2') => {
      const [suspect] = ciomsFormFromIcsr(icsr({ drugs: [drug(overrides)], reactions: [reaction({ outcome })] })).suspectDrugs;
      return [suspect?.abated, suspect?.reappeared];
    };
    expect(answers({}, '1')).toEqual(['yes', 'yes']);
    expect(answers({}, '3')).toEqual(['no', 'yes']);
    expect(answers({}, '0')).toEqual(['na', 'yes']);
    expect(answers({ actionTaken: '4' }, '1')).toEqual(['na', 'yes']);
    expect(answers({ reactions: [{ ...drug().reactions[0]!, recurrence: '2' }] })).toEqual(['yes', 'no']);
    expect(answers({ reactions: [{ ...drug().reactions[0]!, recurrence: '4' }] })).toEqual(['yes', 'na']);
  });

  it('marks a follow-up (newer information than the first receipt) with its date received, and the sources of the report', () => {
    const base = icsr();
    const form = ciomsFormFromIcsr(
      icsr({
        report: { ...base.report, mostRecentDate: '20240401', reportType: '2' },
        literature: [{ reference: 'Pérez A. Urticaria por amoxicilina. Rev Med Urug 2024;40:1-3.' }],
        primarySources: [{ ...base.primarySources[0]!, qualification: '5' }],
      }),
    );
    expect(form.reportType).toBe('followup');
    expect(form.dateReceived).toBe('01/ABR/2024');
    expect(form.source).toEqual({ study: true, literature: true, healthProfessional: false });
  });

  it('uses the dosage text when the dose has no unit code, and leaves the duration empty without two full dates', () => {
    const [dosage] = drug().dosages;
    const [suspect] = ciomsFormFromIcsr(icsr({ drugs: [drug({ dosages: [{ ...dosage!, dose: null, text: '1 Comprimido cada 8 h', endDate: '202403' }] })] })).suspectDrugs;
    expect(suspect?.dailyDose).toBe('1 Comprimido cada 8 h');
    expect(suspect?.duration).toBe('');
    expect(suspect?.therapyDates).toBe('01/MAR/2024 - MAR/2024');
  });
});

describe('icsrMeddraCodes', () => {
  it('lists each LLT code the report names once', () => {
    expect(icsrMeddraCodes(icsr()).sort()).toEqual([10020772, 10046735]);
  });
});

describe('ciomsQuantity', () => {
  it('prints decimals with a comma and time units in Spanish, singular or plural', () => {
    expect(ciomsQuantity({ value: 1, unit: 'a' })).toBe('1 año');
    expect(ciomsQuantity({ value: 6, unit: 'mo' })).toBe('6 meses');
    expect(ciomsQuantity({ value: 2.5, unit: 'mg' })).toBe('2,5 mg');
    expect(ciomsQuantity(null)).toBe('');
  });
});
