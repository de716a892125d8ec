import { MSG } from '../messages.js';
import { ichElement } from './ich-elements.js';
import { isNullValue, type Icsr, type IcsrMessageHeader, type MeddraTerm, type Nullable, type NullValue, type Quantity, type TermId } from './icsr.js';
import { checkFda, FDA_ELEMENT_NAMES, isFdaReceiver, type FdaFinding } from './fda.js';
import { e2bMapping } from './mapping.js';

/**
 * The ICH business rules an export must pass before it is offered: the rule table of the ICH data
 * elements (ICH_ELEMENTS: length, allowed codes, conformance, nullFlavors) applied to every value the
 * report sends, and the cross-field rules of the Implementation Guide. Each problem names the element
 * by number and Spanish name: "E.i.2.1b Código LLT de la reacción: falta".
 */

export interface E2bProblem {
  /** The data element number. */
  element: string;
  /** The element's Spanish name (mapping table), or ICH's English name. */
  name: string;
  /** What is wrong, in Spanish. */
  problem: string;
  /** The whole line a user reads. */
  message: string;
  /** Which repetition, when the element repeats: 'reacción 2', 'medicamento 1'. */
  where?: string;
}

/** One value the report sends (or lacks: null) for an element. */
interface Entry {
  element: string;
  value: string | NullValue | null;
  where?: string;
}

export function e2bElementName(element: string): string {
  return e2bMapping(element)?.name ?? FDA_ELEMENT_NAMES[element] ?? ichElement(element)?.name ?? element;
}

function problem(element: string, text: string, where?: string): E2bProblem {
  const name = e2bElementName(element);
  const located = where ? `${name} (${where})` : name;
  return { element, name, problem: text, message: MSG.e2bExport.problem(element, located, text), ...(where ? { where } : {}) };
}

const str = (value: Nullable<string> | null | undefined): string | NullValue | null => (value === undefined ? null : value);
const bool = (value: Nullable<boolean> | null | undefined): string | NullValue | null =>
  value === null || value === undefined ? null : isNullValue(value) ? value : String(value);
const num = (value: number | null | undefined): string | null => (value === null || value === undefined ? null : String(value));

/** The entries of a MedDRA term: version (…a) and code (…b). */
function meddra(prefix: string, term: MeddraTerm | null, where?: string): Entry[] {
  if (!term) return [];
  return [
    { element: `${prefix}a`, value: term.version || null, where },
    { element: `${prefix}b`, value: term.code || null, where },
  ];
}

function quantity(prefix: string, value: Quantity | null, where?: string): Entry[] {
  if (!value) return [];
  return [
    { element: `${prefix}a`, value: String(value.value), where },
    { element: `${prefix}b`, value: value.unit, where },
  ];
}

function term(prefix: string, value: TermId | null, where?: string): Entry[] {
  if (!value) return [];
  // The version (…a) is optional: an empty one is left out of the report (the route list's, whose number the IG leaves open).
  return [...(value.version ? [{ element: `${prefix}a`, value: value.version, where }] : []), { element: `${prefix}b`, value: value.code, where }];
}

/** Every value of the report, element by element (absent optional blocks give no entries). */
export function icsrEntries(icsr: Icsr, header?: IcsrMessageHeader): Entry[] {
  const entries: Entry[] = [];
  const add = (element: string, value: string | NullValue | null, where?: string) => entries.push({ element, value, where });
  if (header) {
    add('N.2.r.1', header.messageId);
    add('N.2.r.2', header.senderId);
    add('N.2.r.3', header.receiverId);
    add('N.2.r.4', header.creationDate);
  }
  const report = icsr.report;
  add('C.1.1', report.safetyReportId);
  add('C.1.2', report.creationDate);
  add('C.1.3', report.reportType);
  add('C.1.4', report.firstReceivedDate);
  add('C.1.5', report.mostRecentDate);
  add('C.1.6.1', String(report.additionalDocuments));
  report.documents.forEach((document, index) => add('C.1.6.1.r.1', document, `documento ${index + 1}`));
  add('C.1.7', bool(report.expedited));
  add('C.1.8.1', report.worldwideUniqueId);
  add('C.1.8.2', report.firstSender);
  if (report.otherCaseIdentifiers !== null) add('C.1.9.1', bool(report.otherCaseIdentifiers));
  report.otherCaseIds.forEach((other, index) => {
    add('C.1.9.1.r.1', other.source, `identificador ${index + 1}`);
    add('C.1.9.1.r.2', other.caseId, `identificador ${index + 1}`);
  });
  report.linkedReportIds.forEach((id, index) => add('C.1.10.r', id, `informe vinculado ${index + 1}`));
  if (report.nullificationOrAmendment) {
    add('C.1.11.1', report.nullificationOrAmendment.code);
    add('C.1.11.2', report.nullificationOrAmendment.reason || null);
  }
  icsr.primarySources.forEach((source, index) => {
    const where = icsr.primarySources.length > 1 ? `fuente ${index + 1}` : undefined;
    const optional: [string, Nullable<string> | null][] = [
      ['C.2.r.1.1', source.title],
      ['C.2.r.1.2', source.givenName],
      ['C.2.r.1.3', source.middleName],
      ['C.2.r.1.4', source.familyName],
      ['C.2.r.2.1', source.organisation],
      ['C.2.r.2.2', source.department],
      ['C.2.r.2.3', source.street],
      ['C.2.r.2.4', source.city],
      ['C.2.r.2.5', source.state],
      ['C.2.r.2.6', source.postcode],
      ['C.2.r.2.7', source.telephone],
      ['C.2.r.3', source.country],
    ];
    for (const [element, value] of optional) if (value !== null) add(element, str(value), where);
    add('C.2.r.4', str(source.qualification), where);
  });
  const sender = icsr.sender;
  add('C.3.1', sender.type);
  const senderFields: [string, string | null][] = [
    ['C.3.2', sender.organisation],
    ['C.3.3.1', sender.department],
    ['C.3.3.2', sender.title],
    ['C.3.3.3', sender.givenName],
    ['C.3.3.4', sender.middleName],
    ['C.3.3.5', sender.familyName],
    ['C.3.4.1', sender.street],
    ['C.3.4.2', sender.city],
    ['C.3.4.3', sender.state],
    ['C.3.4.4', sender.postcode],
    ['C.3.4.5', sender.country],
    ['C.3.4.6', sender.telephone],
    ['C.3.4.7', sender.fax],
    ['C.3.4.8', sender.email],
  ];
  for (const [element, value] of senderFields) if (value !== null || element === 'C.3.2') add(element, value);
  icsr.literature.forEach((literature, index) => add('C.4.r.1', literature.reference, `referencia ${index + 1}`));
  if (icsr.study) {
    const study = icsr.study;
    study.registrations.forEach((registration, index) => {
      add('C.5.1.r.1', registration.number, `registro ${index + 1}`);
      if (registration.country !== null) add('C.5.1.r.2', registration.country, `registro ${index + 1}`);
    });
    add('C.5.2', str(study.name));
    add('C.5.3', str(study.sponsorNumber));
    add('C.5.4', str(study.type));
  }
  const patient = icsr.patient;
  add('D.1', patient.name);
  if (patient.birthDate !== null) add('D.2.1', patient.birthDate);
  entries.push(...quantity('D.2.2', patient.ageAtOnset));
  entries.push(...quantity('D.2.2.1', patient.gestationPeriod));
  if (patient.ageGroup !== null) add('D.2.3', patient.ageGroup);
  if (patient.weightKg !== null) add('D.3', num(patient.weightKg));
  if (patient.heightCm !== null) add('D.4', num(patient.heightCm));
  if (patient.sex !== null) add('D.5', patient.sex);
  if (patient.lastMenstrualPeriod !== null) add('D.6', patient.lastMenstrualPeriod);
  patient.medicalHistory.forEach((entry, index) => {
    const where = `antecedente ${index + 1}`;
    entries.push(...meddra('D.7.1.r.1', entry.disease, where));
    if (entry.startDate !== null) add('D.7.1.r.2', entry.startDate, where);
    if (entry.endDate !== null) add('D.7.1.r.4', entry.endDate, where);
    if (entry.comments !== null) add('D.7.1.r.5', entry.comments, where);
  });
  if (patient.medicalHistoryText !== null) add('D.7.2', patient.medicalHistoryText);
  if (patient.concomitantTherapies !== null) add('D.7.3', bool(patient.concomitantTherapies));
  patient.pastDrugs.forEach((drug, index) => {
    const where = `medicamento previo ${index + 1}`;
    add('D.8.r.1', drug.name, where);
    if (drug.startDate !== null) add('D.8.r.4', drug.startDate, where);
    if (drug.endDate !== null) add('D.8.r.5', drug.endDate, where);
    entries.push(...meddra('D.8.r.6', drug.indication, where), ...meddra('D.8.r.7', drug.reaction, where));
  });
  if (patient.death) {
    if (patient.death.date !== null) add('D.9.1', patient.death.date);
    patient.death.reportedCauses.forEach((cause, index) => {
      entries.push(...meddra('D.9.2.r.1', cause.term, `causa ${index + 1}`));
      if (cause.text !== null) add('D.9.2.r.2', cause.text, `causa ${index + 1}`);
    });
    if (patient.death.autopsy !== null) add('D.9.3', bool(patient.death.autopsy));
  }
  icsr.reactions.forEach((reaction, index) => {
    const where = icsr.reactions.length > 1 ? `reacción ${index + 1}` : undefined;
    if (reaction.primarySourceText !== null) add('E.i.1.1a', reaction.primarySourceText, where);
    if (reaction.primarySourceLanguage !== null) add('E.i.1.1b', reaction.primarySourceLanguage, where);
    if (reaction.translation !== null) add('E.i.1.2', reaction.translation, where);
    add('E.i.2.1a', reaction.term?.version || null, where);
    add('E.i.2.1b', reaction.term?.code || null, where);
    if (reaction.highlighted !== null) add('E.i.3.1', reaction.highlighted, where);
    const serious = reaction.seriousness;
    add('E.i.3.2a', bool(serious.death), where);
    add('E.i.3.2b', bool(serious.lifeThreatening), where);
    add('E.i.3.2c', bool(serious.hospitalisation), where);
    add('E.i.3.2d', bool(serious.disabling), where);
    add('E.i.3.2e', bool(serious.congenitalAnomaly), where);
    add('E.i.3.2f', bool(serious.otherMedicallyImportant), where);
    if (reaction.startDate !== null) add('E.i.4', reaction.startDate, where);
    if (reaction.endDate !== null) add('E.i.5', reaction.endDate, where);
    entries.push(...quantity('E.i.6', reaction.duration, where));
    add('E.i.7', reaction.outcome, where);
    if (reaction.medicallyConfirmed !== null) add('E.i.8', String(reaction.medicallyConfirmed), where);
    if (reaction.country !== null) add('E.i.9', reaction.country, where);
  });
  icsr.tests.forEach((test, index) => {
    const where = `prueba ${index + 1}`;
    if (test.date !== null) add('F.r.1', test.date, where);
    if (test.name !== null) add('F.r.2.1', test.name, where);
    entries.push(...meddra('F.r.2.2', test.term, where));
    if (test.resultCode !== null) add('F.r.3.1', test.resultCode, where);
    if (test.resultText !== null) add('F.r.3.4', test.resultText, where);
    if (test.comments !== null) add('F.r.6', test.comments, where);
  });
  icsr.drugs.forEach((drug, index) => {
    const where = icsr.drugs.length > 1 ? `medicamento ${index + 1}` : undefined;
    add('G.k.1', drug.role, where);
    entries.push(...term('G.k.2.1.1', drug.mpid, where), ...term('G.k.2.1.2', drug.phpid, where));
    add('G.k.2.2', drug.name || null, where);
    drug.substances.forEach((substance) => {
      add('G.k.2.3.r.1', substance.name || null, where);
      entries.push(...term('G.k.2.3.r.2', substance.termId, where), ...quantity('G.k.2.3.r.3', substance.strength, where));
    });
    if (drug.countryObtained !== null) add('G.k.2.4', drug.countryObtained, where);
    if (drug.authorisation) {
      if (drug.authorisation.number !== null) add('G.k.3.1', drug.authorisation.number, where);
      if (drug.authorisation.country !== null) add('G.k.3.2', drug.authorisation.country, where);
      if (drug.authorisation.holder !== null) add('G.k.3.3', drug.authorisation.holder, where);
    }
    drug.dosages.forEach((dosage) => {
      entries.push(...quantity('G.k.4.r.1', dosage.dose, where));
      if (dosage.interval) {
        add('G.k.4.r.2', String(dosage.interval.value), where);
        add('G.k.4.r.3', dosage.interval.unit, where);
      }
      if (dosage.startDate !== null) add('G.k.4.r.4', dosage.startDate, where);
      if (dosage.endDate !== null) add('G.k.4.r.5', dosage.endDate, where);
      entries.push(...quantity('G.k.4.r.6', dosage.duration, where));
      if (dosage.batchLot !== null) add('G.k.4.r.7', dosage.batchLot, where);
      if (dosage.text !== null) add('G.k.4.r.8', dosage.text, where);
      if (dosage.form !== null) add('G.k.4.r.9.1', dosage.form, where);
      entries.push(...term('G.k.4.r.9.2', dosage.formTermId, where));
      if (dosage.route !== null) add('G.k.4.r.10.1', dosage.route, where);
      entries.push(...term('G.k.4.r.10.2', dosage.routeTermId, where));
    });
    entries.push(...quantity('G.k.5', drug.cumulativeDose, where), ...quantity('G.k.6', drug.gestationAtExposure, where));
    drug.indications.forEach((indication) => {
      if (indication.text !== null) add('G.k.7.r.1', indication.text, where);
      entries.push(...meddra('G.k.7.r.2', indication.term, where));
    });
    if (drug.actionTaken !== null) add('G.k.8', drug.actionTaken, where);
    drug.reactions.forEach((link) =>
      link.assessments.forEach((assessment) => {
        add('G.k.9.i.2.r.1', assessment.source || null, where);
        add('G.k.9.i.2.r.2', assessment.method || null, where);
        add('G.k.9.i.2.r.3', assessment.result || null, where);
      }),
    );
    drug.additionalInfoCodes.forEach((value) => add('G.k.10.r', value, where));
    if (drug.additionalInfo !== null) add('G.k.11', drug.additionalInfo, where);
  });
  add('H.1', icsr.narrative.narrative || null);
  if (icsr.narrative.reporterComments !== null) add('H.2', icsr.narrative.reporterComments);
  icsr.narrative.senderDiagnoses.forEach((diagnosis, index) => entries.push(...meddra('H.3.r.1', diagnosis, `diagnóstico ${index + 1}`)));
  if (icsr.narrative.senderComments !== null) add('H.4', icsr.narrative.senderComments);
  return entries;
}

const HL7_DATE = /^\d{4}(\d{2}(\d{2}(\d{2}(\d{2}(\d{2}(\.\d{1,4})?)?)?)?)?)?([+-]\d{2,4})?$/;
const ISO_COUNTRY = /^[A-Z]{2}$/;

/** The rule table applied to one value. */
function checkEntry(entry: Entry, today: string): E2bProblem | null {
  const rule = ichElement(entry.element);
  const value = entry.value;
  if (value === null) return rule && (rule.conformance === 'M' || rule.conformance === 'C') ? problem(entry.element, MSG.e2bExport.missing, entry.where) : null;
  if (!rule) return null;
  if (isNullValue(value)) {
    return rule.nullFlavors.includes(value.nullFlavor) ? null : problem(entry.element, MSG.e2bExport.nullFlavorNotAllowed(value.nullFlavor), entry.where);
  }
  if (value.trim() === '') return problem(entry.element, MSG.e2bExport.missing, entry.where);
  if (rule.maxLength !== null && [...value].length > rule.maxLength) return problem(entry.element, MSG.e2bExport.tooLong(rule.maxLength), entry.where);
  if (rule.allowed && !rule.allowed.includes(value)) return problem(entry.element, MSG.e2bExport.notAllowed(value), entry.where);
  if (rule.type === 'N' && !/^-?\d+(\.\d+)?$/.test(value)) return problem(entry.element, MSG.e2bExport.notANumber, entry.where);
  if (rule.type === 'A' && rule.maxLength === 2 && !ISO_COUNTRY.test(value) && value !== 'EU') return problem(entry.element, MSG.e2bExport.notAllowed(value), entry.where);
  if (rule.type === 'Date/Time') {
    if (!HL7_DATE.test(value)) return problem(entry.element, MSG.e2bExport.dateFormat, entry.where);
    if (value.slice(0, 8) > today.slice(0, value.slice(0, 8).length)) return problem(entry.element, MSG.e2bExport.future, entry.where);
  }
  return null;
}

/** Compares two HL7 dates on their common precision: negative, zero or positive. */
function compareDates(a: string, b: string): number {
  const length = Math.min(a.length, b.length, 14);
  const left = a.slice(0, length);
  const right = b.slice(0, length);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The cross-field rules of the Implementation Guide. */
function crossFieldProblems(icsr: Icsr, header?: IcsrMessageHeader): E2bProblem[] {
  const problems: E2bProblem[] = [];
  const report = icsr.report;
  if (HL7_DATE.test(report.firstReceivedDate) && HL7_DATE.test(report.mostRecentDate) && compareDates(report.firstReceivedDate, report.mostRecentDate) > 0) {
    problems.push(problem('C.1.4', MSG.e2bExport.after('C.1.5', e2bElementName('C.1.5'))));
  }
  if (HL7_DATE.test(report.mostRecentDate) && HL7_DATE.test(report.creationDate) && compareDates(report.mostRecentDate, report.creationDate) > 0) {
    problems.push(problem('C.1.5', MSG.e2bExport.after('C.1.2', e2bElementName('C.1.2'))));
  }
  if (header && header.messageId !== report.safetyReportId) problems.push(problem('N.2.r.1', MSG.e2bExport.mustEqual('C.1.1', e2bElementName('C.1.1'))));
  const primary = icsr.primarySources.filter((source) => source.primaryForRegulatory).length;
  if (primary !== 1) problems.push(problem('C.2.r.5', MSG.e2bExport.primarySources(primary)));
  if (icsr.reactions.length === 0) problems.push(problem('E.i.2.1b', MSG.e2bExport.noReaction));
  if (icsr.drugs.length === 0) problems.push(problem('G.k.2.2', MSG.e2bExport.noDrug));
  else if (!icsr.drugs.some((drug) => drug.role === '1' || drug.role === '3')) problems.push(problem('G.k.1', MSG.e2bExport.noSuspect));
  if (report.reportType === '2' && !icsr.study) problems.push(problem('C.5.4', MSG.e2bExport.studyMissing));
  if (report.nullificationOrAmendment && !report.nullificationOrAmendment.reason.trim()) problems.push(problem('C.1.11.2', MSG.e2bExport.reasonMissing));
  return problems;
}

/** What the rules need besides the report. */
export interface IcsrCheckOptions {
  /** The message header (N.2.r) of the report. */
  header?: IcsrMessageHeader;
  /** 'YYYYMMDD' (UTC): no date may be later. */
  today: string;
  /** N.1.4, the batch receiver: the FDA's rules run when it is the FDA (ZZFDA, fda.ts). */
  batchReceiverId?: string;
  /** Whether this is the first version sent to the receiver (FDA R0011, R0101); true when not told. */
  initial?: boolean;
}

function fdaProblem(finding: FdaFinding): E2bProblem {
  return problem(finding.element, `${finding.problem} (FDA ${finding.rule})`, finding.where);
}

function fdaFindings(icsr: Icsr, options: IcsrCheckOptions): FdaFinding[] {
  if (!options.batchReceiverId || !isFdaReceiver(options.batchReceiverId)) return [];
  return checkFda({ icsr, batchReceiverId: options.batchReceiverId, header: options.header, initial: options.initial ?? true });
}

const once = (problems: E2bProblem[]): E2bProblem[] => {
  // The same problem of a repeated element (each reaction lacking its LLT) is listed once per repetition, never twice.
  const seen = new Set<string>();
  return problems.filter((found) => {
    if (seen.has(found.message)) return false;
    seen.add(found.message);
    return true;
  });
};

/**
 * The business rules of one report (and its message header) that refuse it: the ICH rules, and the
 * FDA's rejection rules when the batch goes to the FDA. Every problem, none when the report may be sent.
 */
export function checkIcsr(icsr: Icsr, options: IcsrCheckOptions): E2bProblem[] {
  const problems = icsrEntries(icsr, options.header)
    .map((entry) => checkEntry(entry, options.today))
    .filter((found): found is E2bProblem => found !== null);
  problems.push(...crossFieldProblems(icsr, options.header));
  problems.push(...(icsr.uncoded ?? []).map((found) => problem(found.element, MSG.e2bExport.noE2bCode(found.value), found.where)));
  problems.push(...fdaFindings(icsr, options).filter((finding) => finding.severity === 'rejection').map(fdaProblem));
  return once(problems);
}

/** The warnings of the receiver's rules (the FDA's, for the FDA): shown and stored with the submission, never refusing it. */
export function icsrWarnings(icsr: Icsr, options: IcsrCheckOptions): E2bProblem[] {
  return once(fdaFindings(icsr, options).filter((finding) => finding.severity === 'warning').map(fdaProblem));
}
