import type { E2bSeriousnessFlag, Icsr, IcsrFdaRegional, IcsrMessageHeader, NullFlavor, Nullable } from './icsr.js';
import { isNullValue } from './icsr.js';

/**
 * The FDA's regional rules for a post-market ICSR sent to FAERS (receiver ZZFDA): the regional
 * elements the export must carry, and FDA's rejection and warning rules that apply to what Atalaya
 * sends ('E2B(R3) Core and Regional Data Elements and Business Rules' and 'Rejection and warning
 * rules', ../shared/reference/e2b-r3-rules). A rejection refuses the export; a warning is stored
 * with the submission and shown, but does not refuse. Every message names the element by number
 * and Spanish name and ends with FDA's rule id.
 */

/** N.1.4 of a post-market FDA batch (FDA R0004). A receiver of Configuración with this identifier is the FDA. */
export const FDA_RECEIVER_ID = 'ZZFDA';
/** N.2.r.3 of a post-market FDA message (FDA R0006). */
export const FDA_MESSAGE_RECEIVER_ID = 'CDER';

/** Whether a receiver identifier (N.1.4) is FDA's post-market one: 'ZZFDA', case ignored (R0004 then asks for the exact spelling). */
export function isFdaReceiver(receiverId: string): boolean {
  return receiverId.toUpperCase() === FDA_RECEIVER_ID;
}

/** N.2.r.3 for a batch receiver: 'CDER' inside an FDA batch, the receiver itself otherwise. */
export function messageReceiverFor(batchReceiverId: string): string {
  return isFdaReceiver(batchReceiverId) ? FDA_MESSAGE_RECEIVER_ID : batchReceiverId;
}

/** The FDA.* elements' Spanish names (the mapping table lists them too). */
export const FDA_ELEMENT_NAMES: Readonly<Record<string, string>> = {
  'FDA.C.1.7.1': 'Tipo de informe según los criterios locales (FDA)',
  'FDA.C.1.12': 'Indicador de producto combinado (FDA)',
  'FDA.C.2.r.2.8': 'Correo electrónico del notificador (FDA)',
  'FDA.D.11.r.1': 'Raza del paciente (FDA)',
  'FDA.D.12': 'Etnia del paciente (FDA)',
  'FDA.E.i.3.2h': 'Requirió intervención (FDA)',
};

/** The nullFlavors FDA's table allows for each regional element (columns NI…OTH of the core and regional table). */
export const FDA_NULL_FLAVORS: Readonly<Record<string, readonly (NullFlavor | 'OTH')[]>> = {
  'FDA.C.1.12': ['NI'],
  'FDA.C.2.r.2.8': ['MSK', 'ASKU', 'NASK'],
  'FDA.D.11.r.1': ['MSK', 'UNK', 'NA', 'OTH'],
  'FDA.D.12': ['NI', 'MSK', 'UNK', 'NA'],
  'FDA.E.i.3.2h': ['NI'],
};

/** FDA.C.1.7.1 codes: 1 15-day, 2 non-expedited, 4 5-day, 5 30-day, 6 7-day. */
export const FDA_LOCAL_CRITERIA_CODES = ['1', '2', '4', '5', '6'] as const;
/** FDA.D.11.r.1 race codes (NCI thesaurus). */
export const FDA_RACE_CODES = ['C16352', 'C41259', 'C41260', 'C41219', 'C41261'] as const;
/** FDA.D.12 ethnicity codes (NCI thesaurus). */
export const FDA_ETHNICITY_CODES = ['C17459', 'C41222'] as const;

const NI: E2bSeriousnessFlag = { nullFlavor: 'NI' };

/**
 * The report as it goes to the FDA: the regional elements FDA requires of a post-market report,
 * each with its value or the nullFlavor FDA allows where Atalaya lacks it (docs/e2b.md 'FDA'), and
 * D.7.2 with nullFlavor UNK when the case holds no medical history (FDA R0035).
 * - FDA.C.1.7.1: 1 (15-day) when C.1.7 is true, else 2 (non-expedited): FDA R0014 / R0015, since
 *   FDA.C.1.12 is NI.
 * - FDA.C.1.12: nullFlavor NI (Atalaya does not record combination products).
 * - FDA.C.2.r.2.8: the reporter's e-mail of the primary source, else its nullFlavor (load.ts).
 * - FDA.D.11.r.1 and FDA.D.12: nullFlavor UNK (Atalaya does not record race or ethnicity).
 * - FDA.E.i.3.2h: nullFlavor NI for each reaction (Atalaya does not record it).
 */
export function withFdaRegional(icsr: Icsr): Icsr {
  const fda: IcsrFdaRegional = {
    localCriteriaReportType: icsr.report.expedited === true ? '1' : '2',
    combinationProduct: { nullFlavor: 'NI' },
    race: [{ nullFlavor: 'UNK' }],
    ethnicity: { nullFlavor: 'UNK' },
    requiredIntervention: icsr.reactions.map(() => NI),
  };
  const patient = icsr.patient;
  const noHistory = patient.medicalHistory.length === 0 && patient.medicalHistoryText === null;
  return {
    ...icsr,
    primarySources: icsr.primarySources.map((source) => ({ ...source, email: source.email ?? { nullFlavor: 'NASK' } })),
    patient: noHistory ? { ...patient, medicalHistoryText: { nullFlavor: 'UNK' } } : patient,
    fda,
  };
}

/** One FDA rule broken: the element, FDA's rule id, whether it refuses the export, and what is wrong (Spanish). */
export interface FdaFinding {
  element: string;
  rule: string;
  severity: 'rejection' | 'warning';
  problem: string;
  where?: string;
}

export interface FdaCheckContext {
  icsr: Icsr;
  /** N.1.4 as written in the batch. */
  batchReceiverId: string;
  header?: IcsrMessageHeader;
  /** Whether this is the first version sent to the receiver (FDA R0011, R0101). */
  initial: boolean;
}

interface FdaRule {
  id: string;
  element: string;
  severity: 'rejection' | 'warning';
  /** FDA's text, in English, as the rule table gives it (docs and tests cite it). */
  fda: string;
  check: (context: FdaCheckContext) => { problem: string; where?: string }[];
}

const present = <T>(value: Nullable<T> | null | undefined): boolean => value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '');
const one = (problem: string, where?: string) => [{ problem, ...(where ? { where } : {}) }];
const none: { problem: string; where?: string }[] = [];
const isAggregate = (name: Nullable<string>) => (isNullValue(name) ? name.nullFlavor === 'NA' : ['SUMMARY', 'AGGREGATE', 'AGGREGRATE'].includes(name.trim().toUpperCase()));
const flavorOf = (value: Nullable<unknown> | null | undefined): string | null => (isNullValue(value) ? value.nullFlavor : null);
const whereOf = (prefix: string, index: number, count: number) => (count > 1 ? `${prefix} ${index + 1}` : undefined);

/** A required regional element: a value, or one of the nullFlavors FDA allows. */
function requiredRegional(element: string, value: Nullable<string | boolean> | null | undefined, where?: string) {
  if (value === null || value === undefined) return one('falta', where);
  const flavor = flavorOf(value);
  if (flavor && !(FDA_NULL_FLAVORS[element] ?? []).includes(flavor as NullFlavor)) return one(`la FDA no admite el nullFlavor ${flavor}`, where);
  return none;
}

/**
 * FDA's rules that apply to a post-market report built by Atalaya (the pre-market IND rules, the
 * device and compounding rules and the pairs the model cannot break are left out: docs/e2b.md).
 */
export const FDA_RULES: readonly FdaRule[] = [
  {
    id: 'R0004',
    element: 'N.1.4',
    severity: 'rejection',
    fda: 'ICSR sent to the postmarket route does not have the value "ZZFDA" for N.1.4',
    check: ({ batchReceiverId }) => (batchReceiverId === FDA_RECEIVER_ID ? none : one(`debe ser exactamente «${FDA_RECEIVER_ID}» (está escrito «${batchReceiverId}»)`)),
  },
  {
    id: 'R0006',
    element: 'N.2.r.3',
    severity: 'rejection',
    fda: 'N.1.4 = "ZZFDA" but N.2.r.3 is not "CDER"',
    check: ({ header }) => (!header || header.receiverId === FDA_MESSAGE_RECEIVER_ID ? none : one(`debe ser «${FDA_MESSAGE_RECEIVER_ID}» cuando N.1.4 es «${FDA_RECEIVER_ID}»`)),
  },
  {
    id: 'R0009',
    element: 'C.1.6.1.r.1',
    severity: 'rejection',
    fda: 'C.1.6.1.r.1 must be provided when C.1.6.1 = true',
    check: ({ icsr }) => (icsr.report.additionalDocuments && !icsr.report.documents.some((document) => document.trim() !== '') ? one('falta: C.1.6.1 dice que hay documentos adicionales') : none),
  },
  {
    id: 'R0011',
    element: 'C.1.7',
    severity: 'rejection',
    fda: "nullFlavor 'NI' used for initial report submission",
    check: ({ icsr, initial }) => (initial && flavorOf(icsr.report.expedited) === 'NI' ? one('la FDA no admite el nullFlavor NI en un informe inicial') : none),
  },
  {
    id: 'R0012-R0015',
    element: 'FDA.C.1.7.1',
    severity: 'rejection',
    fda: 'FDA.C.1.7.1 must be 1 or 4 (FDA.C.1.12 true, C.1.7 true), 2 or 5 (true, false/NI), 1 (false/NI, true), 2 (false/NI, false/NI)',
    check: ({ icsr }) => {
      const fda = icsr.fda;
      if (!fda) return one('falta');
      const combination = fda.combinationProduct === true;
      const expedited = icsr.report.expedited === true;
      const allowed = combination ? (expedited ? ['1', '4'] : ['2', '5']) : expedited ? ['1'] : ['2'];
      return allowed.includes(fda.localCriteriaReportType)
        ? none
        : one(`el valor «${fda.localCriteriaReportType}» no corresponde: con C.1.7 ${expedited ? 'verdadero' : 'falso o NI'} y FDA.C.1.12 ${combination ? 'verdadero' : 'falso o NI'} debe ser ${allowed.join(' o ')}`);
    },
  },
  {
    id: 'Required',
    element: 'FDA.C.1.12',
    severity: 'rejection',
    fda: 'FDA.C.1.12 Combination Product Report Indicator: required (post-market)',
    check: ({ icsr }) => (icsr.fda ? requiredRegional('FDA.C.1.12', icsr.fda.combinationProduct) : one('falta')),
  },
  {
    id: 'R0017',
    element: 'C.1.9.1.r.1',
    severity: 'rejection',
    fda: 'At least one C.1.9.1.r.1 must be provided when C.1.9.1 = true',
    check: ({ icsr }) => (icsr.report.otherCaseIdentifiers === true && icsr.report.otherCaseIds.length === 0 ? one('falta: C.1.9.1 dice que hay otros identificadores') : none),
  },
  {
    id: 'R0018',
    element: 'C.1.9.1.r.2',
    severity: 'rejection',
    fda: 'C.1.9.1.r.2 must be provided for C.1.9.1.r.1 = <value>',
    check: ({ icsr }) => icsr.report.otherCaseIds.flatMap((other) => (other.caseId.trim() === '' ? one(`falta para la fuente «${other.source}»`) : none)),
  },
  {
    id: 'R0019',
    element: 'C.2.r.3',
    severity: 'rejection',
    fda: 'C.2.r.3 must be provided when C.2.r.5 = 1',
    check: ({ icsr }) => icsr.primarySources.flatMap((source, index) => (source.primaryForRegulatory && !present(source.country) ? one('falta en la fuente primaria a efectos regulatorios', whereOf('fuente', index, icsr.primarySources.length)) : none)),
  },
  {
    id: 'R0020',
    element: 'C.2.r.4',
    severity: 'rejection',
    fda: 'C.2.r.4 must be provided when C.2.r.5 = 1',
    check: ({ icsr }) => icsr.primarySources.flatMap((source, index) => (source.primaryForRegulatory && !present(source.qualification) ? one('falta en la fuente primaria a efectos regulatorios', whereOf('fuente', index, icsr.primarySources.length)) : none)),
  },
  {
    id: 'Required',
    element: 'FDA.C.2.r.2.8',
    severity: 'rejection',
    fda: "FDA.C.2.r.2.8 Reporter's Email: required (post-market); nullFlavor MSK, ASKU, NASK",
    check: ({ icsr }) => icsr.primarySources.flatMap((source, index) => requiredRegional('FDA.C.2.r.2.8', source.email, whereOf('fuente', index, icsr.primarySources.length))),
  },
  {
    id: 'R0022',
    element: 'C.3.2',
    severity: 'rejection',
    fda: 'C.3.2 must be provided when C.3.1 = 1, 2, 3, 4, 5 or 6',
    check: ({ icsr }) => (icsr.sender.type !== '7' && !present(icsr.sender.organisation) ? one('falta: es obligatoria salvo que el remitente sea un paciente (C.3.1 = 7)') : none),
  },
  {
    id: 'R0101',
    element: 'C.1.11.1',
    severity: 'rejection',
    fda: 'C.1.11.1 must not have the value (1 or 2) for an initial report',
    check: ({ icsr, initial }) => (initial && icsr.report.nullificationOrAmendment ? one('un informe inicial no puede ser una anulación ni una enmienda') : none),
  },
  {
    id: 'R0103',
    element: 'C.5.4',
    severity: 'rejection',
    fda: 'C.5.4 must not be provided when C.1.3 = 1 and N.2.r.3 = "CDER"',
    check: ({ icsr }) => (icsr.report.reportType === '1' && icsr.study && present(icsr.study.type) ? one('no se envía en un informe espontáneo (C.1.3 = 1)') : none),
  },
  {
    id: 'R0104',
    element: 'C.5.4',
    severity: 'rejection',
    fda: 'C.5.4 must be 1 or 2 or 3 when C.1.3 = 2, N.2.r.3 = "CDER" and N.1.4 = "ZZFDA"',
    check: ({ icsr }) => {
      if (icsr.report.reportType !== '2') return none;
      const type = icsr.study?.type;
      return type && !isNullValue(type) && ['1', '2', '3'].includes(type) ? none : one('debe ser 1, 2 o 3 en un informe de estudio (C.1.3 = 2)');
    },
  },
  {
    id: 'R0035',
    element: 'D.7.2',
    severity: 'rejection',
    fda: 'D.7.2 must be provided when no information is provided in Section D.7.1',
    check: ({ icsr }) => (icsr.patient.medicalHistory.length === 0 && icsr.patient.medicalHistoryText === null ? one('falta: sin antecedentes estructurados (D.7.1) la FDA exige el texto o su nullFlavor') : none),
  },
  {
    id: 'Required',
    element: 'FDA.D.11.r.1',
    severity: 'rejection',
    fda: 'FDA.D.11.r Patient Race Code: required (post-market); nullFlavor UNK, MSK, OTH, NA',
    check: ({ icsr }) => {
      const race = icsr.fda?.race ?? [];
      if (race.length === 0) return one('falta');
      return race.flatMap((value) => (isNullValue(value) ? requiredRegional('FDA.D.11.r.1', value) : (FDA_RACE_CODES as readonly string[]).includes(value) ? none : one(`el valor «${value}» no está permitido`)));
    },
  },
  {
    id: 'Required',
    element: 'FDA.D.12',
    severity: 'rejection',
    fda: 'FDA.D.12 Patient Ethnicity Code: required (post-market); nullFlavor UNK, MSK, NI, NA',
    check: ({ icsr }) => {
      const value = icsr.fda?.ethnicity;
      if (value === undefined || value === null) return one('falta');
      return isNullValue(value) ? requiredRegional('FDA.D.12', value) : (FDA_ETHNICITY_CODES as readonly string[]).includes(value) ? none : one(`el valor «${value}» no está permitido`);
    },
  },
  {
    id: 'R0044',
    element: 'D.9.2.r.2',
    severity: 'rejection',
    fda: 'D.9.2.r.2 must be provided when D.9.2.r.1a and D.9.2.r.1b is provided',
    check: ({ icsr }) => (icsr.patient.death?.reportedCauses ?? []).flatMap((cause, index) => (cause.term && !present(cause.text) ? one('falta el texto de la causa codificada', `causa ${index + 1}`) : none)),
  },
  {
    id: 'R0045',
    element: 'D.9.3',
    severity: 'rejection',
    fda: 'D.9.3 must be provided when D.9.1 is provided',
    check: ({ icsr }) => (icsr.patient.death && icsr.patient.death.date !== null && icsr.patient.death.autopsy === null ? one('falta: se informa la fecha de muerte (D.9.1)') : none),
  },
  {
    id: 'R0058',
    element: 'E.i.1.1b',
    severity: 'rejection',
    fda: 'E.i.1.1b must be provided when E.i.1.1a is provided',
    check: ({ icsr }) => icsr.reactions.flatMap((reaction, index) => (present(reaction.primarySourceText) && !present(reaction.primarySourceLanguage) ? one('falta el idioma del texto de la reacción', whereOf('reacción', index, icsr.reactions.length)) : none)),
  },
  {
    id: 'Required',
    element: 'FDA.E.i.3.2h',
    severity: 'rejection',
    fda: 'FDA.E.i.3.2h Required Intervention: required (post-market); true or nullFlavor NI',
    check: ({ icsr }) => icsr.reactions.flatMap((_, index) => requiredRegional('FDA.E.i.3.2h', icsr.fda?.requiredIntervention[index], whereOf('reacción', index, icsr.reactions.length))),
  },
  {
    id: 'One MedDRA version',
    element: 'E.i.2.1a',
    severity: 'rejection',
    fda: 'Only 1 MedDRA version is allowed per ICSR',
    check: ({ icsr }) => {
      const versions = new Set(
        [
          ...icsr.reactions.map((reaction) => reaction.term?.version),
          ...icsr.patient.medicalHistory.map((entry) => entry.disease.version),
          ...icsr.drugs.flatMap((drug) => drug.indications.map((indication) => indication.term?.version)),
          ...icsr.narrative.senderDiagnoses.map((term) => term.version),
        ].filter((version): version is string => Boolean(version)),
      );
      return versions.size > 1 ? one(`la FDA admite una sola versión de MedDRA por informe (hay ${[...versions].join(', ')})`) : none;
    },
  },
  {
    id: 'R0069',
    element: 'G.k.1',
    severity: 'rejection',
    fda: 'G.k.1 must be provided with Observation Code Value of 1, 3 or 4 when N.2.r.3 = "CDER"',
    check: ({ icsr }) => (icsr.drugs.some((drug) => ['1', '3', '4'].includes(drug.role)) ? none : one('ningún medicamento es sospechoso, interactuante o no administrado (1, 3 o 4)')),
  },
  {
    id: 'R0074',
    element: 'G.k.3.2',
    severity: 'rejection',
    fda: 'G.k.3.2 must be provided when G.k.3.1 is provided',
    check: ({ icsr }) => icsr.drugs.flatMap((drug, index) => (drug.authorisation && present(drug.authorisation.number) && !present(drug.authorisation.country) ? one('falta el país de la autorización', whereOf('medicamento', index, icsr.drugs.length)) : none)),
  },
  {
    id: 'R0076',
    element: 'G.k.4.r.3',
    severity: 'rejection',
    fda: 'G.k.4.r.3 must be provided when G.k.4.r.2 is provided',
    check: ({ icsr }) =>
      icsr.drugs.flatMap((drug, index) => drug.dosages.flatMap((dosage) => (dosage.interval && !present(dosage.interval.unit) ? one('falta la unidad del intervalo', whereOf('medicamento', index, icsr.drugs.length)) : none))),
  },
  {
    id: 'W0005',
    element: 'G.k.1',
    severity: 'warning',
    fda: 'The first product reported does not have G.k.1 with Observation Code Value of 1, 3 or 4.',
    check: ({ icsr }) => {
      const first = icsr.drugs[0];
      return first && !['1', '3'].includes(first.role) ? one('el primer medicamento debería ser sospechoso o interactuante (1 o 3)', 'medicamento 1') : none;
    },
  },
  {
    id: 'W0003',
    element: 'FDA.D.11.r.1',
    severity: 'warning',
    fda: 'FDA.D.11.r should be provided as nullFlavor "NA" when D.1 is provided as nullFlavor "NA" or "SUMMARY" or "AGGREGRATE"',
    check: ({ icsr }) => (isAggregate(icsr.patient.name) && !(icsr.fda?.race ?? []).every((value) => flavorOf(value) === 'NA') ? one('debería ser el nullFlavor NA cuando D.1 no es un paciente (NA, SUMMARY o AGGREGATE)') : none),
  },
  {
    id: 'W0004',
    element: 'FDA.D.12',
    severity: 'warning',
    fda: 'FDA.D.12 should be provided as nullFlavor "NA" when D.1 is provided as nullFlavor "NA" or "SUMMARY" or "AGGREGRATE"',
    check: ({ icsr }) => (isAggregate(icsr.patient.name) && flavorOf(icsr.fda?.ethnicity) !== 'NA' ? one('debería ser el nullFlavor NA cuando D.1 no es un paciente (NA, SUMMARY o AGGREGATE)') : none),
  },
  {
    id: 'W0002',
    element: 'C.5.4',
    severity: 'warning',
    fda: 'C.5.4 should be 1 when D.1 = "AGGREGRATE"',
    check: ({ icsr }) => {
      const name = icsr.patient.name;
      const aggregate = !isNullValue(name) && ['AGGREGATE', 'AGGREGRATE'].includes(name.trim().toUpperCase());
      return aggregate && icsr.study?.type !== '1' ? one('debería ser 1 (ensayo clínico) cuando D.1 es AGGREGATE') : none;
    },
  },
];

/** Every FDA rule the report breaks, rejections first. */
export function checkFda(context: FdaCheckContext): FdaFinding[] {
  const findings = FDA_RULES.flatMap((rule) => rule.check(context).map((found) => ({ element: rule.element, rule: rule.id, severity: rule.severity, ...found })));
  return [...findings.filter((finding) => finding.severity === 'rejection'), ...findings.filter((finding) => finding.severity === 'warning')];
}
