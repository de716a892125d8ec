import { describe, expect, it } from 'vitest';
import { FDA_RULES, isFdaReceiver, messageReceiverFor, withFdaRegional } from './fda.js';
import type { Icsr } from './icsr.js';
import { checkIcsr, icsrWarnings, type IcsrCheckOptions } from './rules.js';
import { sampleIcsr } from './sample.js';

const today = '20261129';
const options = (icsr: Icsr, change: Partial<IcsrCheckOptions> = {}): IcsrCheckOptions => ({
  header: { messageId: icsr.report.safetyReportId, senderId: 'ATALAYA', receiverId: 'CDER', creationDate: '20261129101530+0000' },
  today,
  batchReceiverId: 'ZZFDA',
  // The sample is an amendment: a follow-up.
  initial: false,
  ...change,
});
const rejections = (icsr: Icsr, change: Partial<IcsrCheckOptions> = {}) => checkIcsr(icsr, options(icsr, change)).map((found) => found.message);
const warnings = (icsr: Icsr, change: Partial<IcsrCheckOptions> = {}) => icsrWarnings(icsr, options(icsr, change)).map((found) => found.message);

/** The sample report (every element) as it goes to the FDA, changed by `change`. */
function fda(change: (icsr: Icsr) => void = () => undefined): Icsr {
  const icsr = withFdaRegional(sampleIcsr());
  change(icsr);
  return icsr;
}

describe('the FDA receiver', () => {
  it('is the receiver ZZFDA, whose messages go to CDER', () => {
    expect(isFdaReceiver('ZZFDA')).toBe(true);
    expect(isFdaReceiver('zzfda')).toBe(true);
    expect(isFdaReceiver('ZZFDA_PREMKT')).toBe(false);
    expect(isFdaReceiver('EVHUMAN')).toBe(false);
    expect(messageReceiverFor('ZZFDA')).toBe('CDER');
    expect(messageReceiverFor('EVHUMAN')).toBe('EVHUMAN');
  });

  it('adds the regional elements FDA requires, with nullFlavors where Atalaya lacks them', () => {
    const icsr = withFdaRegional({ ...sampleIcsr(), report: { ...sampleIcsr().report, expedited: true } });
    expect(icsr.fda).toEqual({
      localCriteriaReportType: '1',
      combinationProduct: { nullFlavor: 'NI' },
      race: [{ nullFlavor: 'UNK' }],
      ethnicity: { nullFlavor: 'UNK' },
      requiredIntervention: icsr.reactions.map(() => ({ nullFlavor: 'NI' })),
    });
    expect(withFdaRegional({ ...sampleIcsr(), report: { ...sampleIcsr().report, expedited: false } }).fda?.localCriteriaReportType).toBe('2');
    const withoutHistory = sampleIcsr();
    withoutHistory.patient.medicalHistory = [];
    withoutHistory.patient.medicalHistoryText = null;
    withoutHistory.primarySources.forEach((source) => (source.email = null));
    const adapted = withFdaRegional(withoutHistory);
    expect(adapted.patient.medicalHistoryText).toEqual({ nullFlavor: 'UNK' });
    expect(adapted.primarySources.map((source) => source.email)).toEqual(adapted.primarySources.map(() => ({ nullFlavor: 'NASK' })));
  });

  it('passes the sample report, and runs no FDA rule for another receiver', () => {
    expect(rejections(fda())).toEqual([]);
    expect(warnings(fda())).toEqual([]);
    const bare = sampleIcsr();
    bare.report.expedited = { nullFlavor: 'NI' };
    expect(rejections(bare, { batchReceiverId: 'EVHUMAN', header: { messageId: bare.report.safetyReportId, senderId: 'ATALAYA', receiverId: 'EVHUMAN', creationDate: '20261129101530+0000' }, initial: true })).not.toContainEqual(
      expect.stringContaining('FDA'),
    );
  });
});

describe('the FDA rejection rules', () => {
  it.each<[string, (icsr: Icsr) => void, Partial<IcsrCheckOptions>, string]>([
    ['R0004', () => undefined, { batchReceiverId: 'zzfda' }, 'N.1.4 Identificador del receptor del lote: debe ser exactamente «ZZFDA» (está escrito «zzfda») (FDA R0004)'],
    ['R0006', () => undefined, { header: { messageId: 'UY-ATALAYA-UY-2026-000001', senderId: 'ATALAYA', receiverId: 'ZZFDA', creationDate: '20261129101530+0000' } }, "N.2.r.3 Identificador del receptor del mensaje: debe ser «CDER» cuando N.1.4 es «ZZFDA» (FDA R0006)"],
    ['R0009', (icsr) => (icsr.report.documents = []), {}, 'C.1.6.1.r.1 Documentos en poder del remitente: falta: C.1.6.1 dice que hay documentos adicionales (FDA R0009)'],
    ['R0011', (icsr) => (icsr.report.nullificationOrAmendment = null), { initial: true }, '¿Cumple los criterios locales de notificación expeditiva?: la FDA no admite el nullFlavor NI en un informe inicial (FDA R0011)'],
    ['R0014', (icsr) => ((icsr.report.expedited = true), icsr.fda && (icsr.fda.localCriteriaReportType = '2')), {}, 'FDA.C.1.7.1 Tipo de informe según los criterios locales (FDA): el valor «2» no corresponde: con C.1.7 verdadero y FDA.C.1.12 falso o NI debe ser 1 (FDA R0012-R0015)'],
    ['R0015', (icsr) => icsr.fda && (icsr.fda.localCriteriaReportType = '1'), {}, 'FDA.C.1.7.1 Tipo de informe según los criterios locales (FDA): el valor «1» no corresponde: con C.1.7 falso o NI y FDA.C.1.12 falso o NI debe ser 2 (FDA R0012-R0015)'],
    ['R0012', (icsr) => ((icsr.report.expedited = true), icsr.fda && ((icsr.fda.combinationProduct = true), (icsr.fda.localCriteriaReportType = '2'))), {}, 'debe ser 1 o 4 (FDA R0012-R0015)'],
    ['R0013', (icsr) => icsr.fda && ((icsr.fda.combinationProduct = true), (icsr.fda.localCriteriaReportType = '1')), {}, 'debe ser 2 o 5 (FDA R0012-R0015)'],
    ['FDA.C.1.7.1 missing', (icsr) => (icsr.fda = null), {}, 'FDA.C.1.7.1 Tipo de informe según los criterios locales (FDA): falta (FDA R0012-R0015)'],
    ['FDA.C.1.12', (icsr) => icsr.fda && (icsr.fda.combinationProduct = { nullFlavor: 'UNK' }), {}, 'FDA.C.1.12 Indicador de producto combinado (FDA): la FDA no admite el nullFlavor UNK (FDA Required)'],
    ['R0017', (icsr) => ((icsr.report.otherCaseIdentifiers = true), (icsr.report.otherCaseIds = [])), {}, 'C.1.9.1.r.1 Fuente del identificador del caso: falta: C.1.9.1 dice que hay otros identificadores (FDA R0017)'],
    ['R0018', (icsr) => ((icsr.report.otherCaseIdentifiers = true), (icsr.report.otherCaseIds = [{ source: 'Socio', caseId: ' ' }])), {}, '«Socio» (FDA R0018)'],
    ['R0019', (icsr) => icsr.primarySources.forEach((source) => (source.country = null)), {}, 'C.2.r.3 País del notificador (fuente 1): falta en la fuente primaria a efectos regulatorios (FDA R0019)'],
    ['R0020', (icsr) => icsr.primarySources.forEach((source) => (source.qualification = null)), {}, 'C.2.r.4 Calificación del notificador (fuente 1): falta en la fuente primaria a efectos regulatorios (FDA R0020)'],
    ['FDA.C.2.r.2.8', (icsr) => icsr.primarySources.forEach((source) => (source.email = { nullFlavor: 'UNK' })), {}, 'FDA.C.2.r.2.8 Correo electrónico del notificador (FDA) (fuente 1): la FDA no admite el nullFlavor UNK (FDA Required)'],
    ['R0022', (icsr) => ((icsr.sender.type = '1'), (icsr.sender.organisation = null)), {}, 'C.3.2 Organización del remitente: falta: es obligatoria salvo que el remitente sea un paciente (C.3.1 = 7) (FDA R0022)'],
    ['R0101', () => undefined, { initial: true }, 'C.1.11.1 Anulación / enmienda del informe: un informe inicial no puede ser una anulación ni una enmienda (FDA R0101)'],
    ['R0103', (icsr) => (icsr.report.reportType = '1'), {}, 'C.5.4 Tipo de estudio: no se envía en un informe espontáneo (C.1.3 = 1) (FDA R0103)'],
    ['R0104', (icsr) => icsr.study && (icsr.study.type = { nullFlavor: 'ASKU' }), {}, 'C.5.4 Tipo de estudio: debe ser 1, 2 o 3 en un informe de estudio (C.1.3 = 2) (FDA R0104)'],
    ['R0035', (icsr) => ((icsr.patient.medicalHistory = []), (icsr.patient.medicalHistoryText = null)), {}, 'D.7.2 Texto de antecedentes médicos y condiciones concurrentes: falta: sin antecedentes estructurados (D.7.1) la FDA exige el texto o su nullFlavor (FDA R0035)'],
    ['FDA.D.11.r.1', (icsr) => icsr.fda && (icsr.fda.race = ['C99999']), {}, 'FDA.D.11.r.1 Raza del paciente (FDA): el valor «C99999» no está permitido (FDA Required)'],
    ['FDA.D.12', (icsr) => icsr.fda && (icsr.fda.ethnicity = { nullFlavor: 'ASKU' }), {}, 'FDA.D.12 Etnia del paciente (FDA): la FDA no admite el nullFlavor ASKU (FDA Required)'],
    ['R0045', (icsr) => icsr.patient.death && ((icsr.patient.death.date = '20261101'), (icsr.patient.death.autopsy = null)), {}, '(FDA R0045)'],
    ['R0058', (icsr) => icsr.reactions.forEach((reaction) => (reaction.primarySourceLanguage = null)), {}, 'falta el idioma del texto de la reacción (FDA R0058)'],
    ['FDA.E.i.3.2h', (icsr) => icsr.fda && (icsr.fda.requiredIntervention = []), {}, 'Requirió intervención (FDA): falta (FDA Required)'],
    ['one MedDRA version', (icsr) => icsr.reactions[0]?.term && (icsr.reactions[0].term.version = '26.0'), {}, 'la FDA admite una sola versión de MedDRA por informe'],
    ['R0069', (icsr) => icsr.drugs.forEach((drug) => (drug.role = '2')), {}, 'G.k.1 Caracterización del rol del medicamento: ningún medicamento es sospechoso, interactuante o no administrado (1, 3 o 4) (FDA R0069)'],
    ['R0074', (icsr) => icsr.drugs.forEach((drug) => (drug.authorisation = { number: 'A-1', country: null, holder: 'Lab' })), {}, 'falta el país de la autorización (FDA R0074)'],
    ['R0076', (icsr) => icsr.drugs.forEach((drug) => drug.dosages.forEach((dosage) => (dosage.interval = { value: 8, unit: '' }))), {}, 'falta la unidad del intervalo (FDA R0076)'],
  ])('%s refuses the export naming the element', (_, change, context, expected) => {
    const found = rejections(fda(change), context);
    expect(found.some((message) => message.includes(expected)), found.join('\n')).toBe(true);
  });

  it('R0044: a coded cause of death needs its text', () => {
    const icsr = fda((report) => {
      report.patient.death = { date: '20261101', reportedCauses: [{ term: { version: '27.1', code: '10000001' }, text: null }], autopsy: { nullFlavor: 'UNK' }, autopsyCauses: [] };
    });
    expect(rejections(icsr)).toContain('D.9.2.r.2 Causa de muerte informada (texto) (causa 1): falta el texto de la causa codificada (FDA R0044)');
  });

  it('lists every rule it implements with FDA’s own wording', () => {
    for (const rule of FDA_RULES) expect(rule.fda.length, rule.id).toBeGreaterThan(10);
  });
});

describe('the FDA warning rules', () => {
  it('W0005: the first drug should be suspect or interacting; a warning never refuses', () => {
    const icsr = fda((report) => {
      const [first, second] = report.drugs;
      if (first && second) report.drugs = [second, first];
    });
    expect(icsr.drugs[0]?.role).toBe('2');
    expect(warnings(icsr)).toEqual(['G.k.1 Caracterización del rol del medicamento (medicamento 1): el primer medicamento debería ser sospechoso o interactuante (1 o 3) (FDA W0005)']);
    expect(rejections(icsr)).toEqual([]);
  });

  it('W0003, W0004 and W0002: a report without a patient asks for NA race and ethnicity and a clinical-trial study type', () => {
    const icsr = fda((report) => {
      report.patient.name = 'AGGREGATE';
      if (report.study) report.study.type = '3';
    });
    expect(warnings(icsr)).toEqual([
      'FDA.D.11.r.1 Raza del paciente (FDA): debería ser el nullFlavor NA cuando D.1 no es un paciente (NA, SUMMARY o AGGREGATE) (FDA W0003)',
      'FDA.D.12 Etnia del paciente (FDA): debería ser el nullFlavor NA cuando D.1 no es un paciente (NA, SUMMARY o AGGREGATE) (FDA W0004)',
      'C.5.4 Tipo de estudio: debería ser 1 (ensayo clínico) cuando D.1 es AGGREGATE (FDA W0002)',
    ]);
    const na = fda((report) => {
      report.patient.name = 'AGGREGATE';
      if (report.fda) {
        report.fda.race = [{ nullFlavor: 'NA' }];
        report.fda.ethnicity = { nullFlavor: 'NA' };
      }
    });
    expect(warnings(na)).toEqual([]);
  });
});
