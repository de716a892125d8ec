import { formatNumber } from '../display.js';
import { E2B_OUTCOME_LABELS } from '../e2b/code-lists.js';
import type { Hl7Date, Icsr, IcsrDosage, IcsrDrug, IcsrReaction, MeddraTerm, Nullable, NullFlavor, Quantity } from '../e2b/icsr.js';
import { isNullValue } from '../e2b/icsr.js';
import { type CiomsAnswer, ciomsDate, ciomsDateParts, type CiomsForm, type CiomsSuspectDrug } from './form.js';

/**
 * The CIOMS I form of an ICSR: the one mapping from the E2B(R3) model (what the E2B export
 * sends) to boxes 1–25, so that both formats print the same data. Pure; the names the model
 * holds only as codes (MedDRA terms, countries) come from `names`. docs/event-view.md lists
 * which element feeds which box.
 */

/** Names of what the ICSR holds as codes; a code without a name prints as the code. */
export interface CiomsNames {
  /** The name of a MedDRA LLT ('Cefalea'). */
  term?: (term: MeddraTerm) => string | undefined;
  /** The name of an ISO 3166-1 country ('Uruguay' for 'UY'). */
  country?: (code: string) => string | undefined;
}

/** What a nullFlavor means, as the form prints it. */
export const CIOMS_NULL_FLAVOR_LABELS: Readonly<Record<NullFlavor, string>> = {
  NI: 'Sin información',
  MSK: 'Enmascarado',
  UNK: 'Desconocido',
  NA: 'No aplica',
  ASKU: 'Preguntado, no se sabe',
  NASK: 'No preguntado',
  NINF: 'Infinito negativo',
  PINF: 'Infinito positivo',
};

/** UCUM time units (ages, durations, intervals), singular and plural. */
const TIME_UNITS: Readonly<Record<string, [string, string]>> = {
  '10.a': ['década', 'décadas'],
  a: ['año', 'años'],
  mo: ['mes', 'meses'],
  wk: ['semana', 'semanas'],
  d: ['día', 'días'],
  h: ['hora', 'horas'],
  min: ['minuto', 'minutos'],
  s: ['segundo', 'segundos'],
  '{trimester}': ['trimestre', 'trimestres'],
  '{cyclical}': ['ciclo', 'ciclos'],
  '{asnecessary}': ['según necesidad', 'según necesidad'],
  '{total}': ['total', 'total'],
};

/** D.2.3 age groups. */
const AGE_GROUP_LABELS: Readonly<Record<string, string>> = {
  '0': 'Feto',
  '1': 'Neonato',
  '2': 'Lactante',
  '3': 'Niño',
  '4': 'Adolescente',
  '5': 'Adulto',
  '6': 'Anciano',
};

const SEX_LABELS: Readonly<Record<string, string>> = { '1': 'Masculino', '2': 'Femenino' };

/** F.r.3.1 test result codes. */
const TEST_RESULT_LABELS: Readonly<Record<string, string>> = { '1': 'positivo', '2': 'negativo', '3': 'dudoso', '4': 'no concluyente' };

const SERIOUSNESS_NAMES: Readonly<Record<keyof IcsrReaction['seriousness'], string>> = {
  death: 'muerte',
  lifeThreatening: 'peligro para la vida',
  hospitalisation: 'hospitalización',
  disabling: 'discapacidad',
  congenitalAnomaly: 'anomalía congénita',
  otherMedicallyImportant: 'otra condición médicamente importante',
};

/** A value, or what its nullFlavor means; '' when absent. */
function text(value: Nullable<string> | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (isNullValue(value)) return CIOMS_NULL_FLAVOR_LABELS[value.nullFlavor];
  return value.trim();
}

/** A date of the model (HL7, any precision) as dd/MMM/yyyy; a nullFlavor as its meaning. */
function date(value: Nullable<Hl7Date> | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (isNullValue(value)) return CIOMS_NULL_FLAVOR_LABELS[value.nullFlavor];
  return ciomsDate(value);
}

function joined(parts: readonly (string | null | undefined)[], separator = ', '): string {
  return parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(separator);
}

/** A quantity with its unit ('45 años', '500 mg', '1,5 mg/mL'). */
export function ciomsQuantity(quantity: Quantity | null | undefined): string {
  if (!quantity) return '';
  const time = TIME_UNITS[quantity.unit];
  if (time) return `${formatNumber(quantity.value)} ${quantity.value === 1 ? time[0] : time[1]}`;
  return `${formatNumber(quantity.value)} ${quantity.unit}`;
}

function termText(term: MeddraTerm | null | undefined, names: CiomsNames): string {
  if (!term) return '';
  const name = names.term?.(term);
  const code = `LLT ${term.code}${term.version ? `, MedDRA ${term.version}` : ''}`;
  return name ? `${name} (${code})` : code;
}

/** 'from - to' of two dates, or the one known. */
function span(from: string, to: string): string {
  if (from && to) return `${from} - ${to}`;
  if (from) return `desde ${from}`;
  if (to) return `hasta ${to}`;
  return '';
}

/** Days from one full date to another, both included ('20240101', '20240103' → 3); null unless both are full days. */
function daysBetween(from: Nullable<Hl7Date> | null, to: Nullable<Hl7Date> | null): number | null {
  if (typeof from !== 'string' || typeof to !== 'string' || from.length < 8 || to.length < 8) return null;
  const day = (value: string) => Date.UTC(Number(value.slice(0, 4)), Number(value.slice(4, 6)) - 1, Number(value.slice(6, 8)));
  const days = Math.round((day(to) - day(from)) / 86_400_000) + 1;
  return Number.isFinite(days) && days > 0 ? days : null;
}

/** An HL7 date reduced to its digits of day precision, for ordering ('2024' < '20240305'). */
const sortable = (value: Nullable<Hl7Date> | null): string | null => (typeof value === 'string' ? value.slice(0, 8) : null);

function reactionLine(reaction: IcsrReaction, names: CiomsNames): string {
  const term = termText(reaction.term, names);
  const reported = text(reaction.primarySourceText);
  const title = joined([term, reported && reported !== names.term?.(reaction.term ?? { version: '', code: '' }) ? `referida como «${reported}»` : null, text(reaction.translation) ? `traducción: ${text(reaction.translation)}` : null], '; ');
  const serious = (Object.keys(SERIOUSNESS_NAMES) as (keyof IcsrReaction['seriousness'])[]).filter((key) => reaction.seriousness[key] === true).map((key) => SERIOUSNESS_NAMES[key]);
  const details = joined(
    [
      date(reaction.startDate) ? `inicio ${date(reaction.startDate)}` : null,
      date(reaction.endDate) ? `fin ${date(reaction.endDate)}` : null,
      reaction.duration ? `duración ${ciomsQuantity(reaction.duration)}` : null,
      `desenlace: ${E2B_OUTCOME_LABELS[reaction.outcome]}`,
      serious.length ? `grave (${serious.join(', ')})` : 'no grave',
      reaction.medicallyConfirmed === true ? 'confirmada por un profesional de la salud' : null,
    ],
    '; ',
  );
  return `${title || 'Reacción sin término'}: ${details}`;
}

function substances(drug: IcsrDrug): string {
  return joined(drug.substances.map((substance) => joined([substance.name, ciomsQuantity(substance.strength)], ' ')));
}

/** 15: the structured dose and interval ('500 mg cada 8 horas'); without a structured dose, the dosage text (which has the unit the dose lacks a UCUM code for). */
function dose(dosage: IcsrDosage): string {
  const every = dosage.interval ? `cada ${ciomsQuantity(dosage.interval)}` : '';
  if (dosage.dose) return joined([ciomsQuantity(dosage.dose), every], ' ');
  return text(dosage.text) || every;
}

/** Each dosage's text of a drug, joined ('; '). */
const perDosage = (drug: IcsrDrug, read: (dosage: IcsrDosage) => string) => joined(drug.dosages.map(read), '; ');

function duration(dosage: IcsrDosage): string {
  if (dosage.duration) return ciomsQuantity(dosage.duration);
  const days = daysBetween(dosage.startDate, dosage.endDate);
  return days === null ? '' : ciomsQuantity({ value: days, unit: 'd' });
}

const route = (dosage: IcsrDosage) => text(dosage.route) || (dosage.routeTermId ? dosage.routeTermId.code : '');

/** 20: stopped (G.k.8 = 1 withdrawn) and the reactions it was assessed for recovered or are recovering; NA when not stopped or the outcome is unknown. */
function abated(drug: IcsrDrug, reactions: readonly IcsrReaction[]): CiomsAnswer {
  if (drug.actionTaken !== '1') return 'na';
  const assessed = new Set(drug.reactions.map((link) => link.reactionId));
  const outcomes = reactions.filter((reaction) => assessed.size === 0 || assessed.has(reaction.id)).map((reaction) => reaction.outcome);
  if (outcomes.some((outcome) => outcome === '1' || outcome === '2' || outcome === '4')) return 'yes';
  if (outcomes.some((outcome) => outcome === '3' || outcome === '5')) return 'no';
  return 'na';
}

/** 21: G.k.9.i.4, 1 (re-administered, recurred) yes; 2 (re-administered, did not recur) no; otherwise NA. */
function reappeared(drug: IcsrDrug): CiomsAnswer {
  const recurrences = drug.reactions.map((link) => link.recurrence);
  if (recurrences.includes('1')) return 'yes';
  if (recurrences.includes('2')) return 'no';
  return 'na';
}

function suspectDrug(drug: IcsrDrug, icsr: Icsr, names: CiomsNames): CiomsSuspectDrug {
  const generic = substances(drug);
  const lots = joined(drug.dosages.map((dosage) => dosage.batchLot ?? ''));
  const forms = joined(drug.dosages.map((dosage) => text(dosage.form)));
  return {
    name: joined([`${drug.name}${generic ? ` (${generic})` : ''}`, forms, lots ? `lote ${lots}` : null, drug.role === '3' ? 'interactuante' : null, drug.additionalInfo ? `información adicional: ${drug.additionalInfo.trim()}` : null], '; '),
    dailyDose: perDosage(drug, dose),
    route: perDosage(drug, route),
    indication: joined(drug.indications.map((indication) => text(indication.text) || termText(indication.term, names)), '; '),
    therapyDates: perDosage(drug, (dosage) => span(date(dosage.startDate), date(dosage.endDate))),
    duration: perDosage(drug, duration),
    abated: abated(drug, icsr.reactions),
    reappeared: reappeared(drug),
  };
}

function concomitantLine(drug: IcsrDrug, names: CiomsNames): string {
  const generic = substances(drug);
  return joined(
    [
      `${drug.name}${generic ? ` (${generic})` : ''}`,
      drug.role === '4' ? 'no administrado' : null,
      perDosage(drug, dose),
      perDosage(drug, route),
      perDosage(drug, (dosage) => span(date(dosage.startDate), date(dosage.endDate))),
      joined(drug.indications.map((indication) => text(indication.text) || termText(indication.term, names)), '; ') ? `indicación: ${joined(drug.indications.map((indication) => text(indication.text) || termText(indication.term, names)), '; ')}` : null,
    ],
    '; ',
  );
}

function history(icsr: Icsr, names: CiomsNames): string[] {
  const { patient } = icsr;
  const out: string[] = [];
  const free = text(patient.medicalHistoryText);
  if (free) out.push(free);
  for (const entry of patient.medicalHistory) {
    out.push(
      joined(
        [
          termText(entry.disease, names),
          span(date(entry.startDate), date(entry.endDate)),
          entry.continuing === true ? 'continúa' : null,
          entry.familyHistory === true ? 'antecedente familiar' : null,
          entry.comments,
        ],
        '; ',
      ),
    );
  }
  for (const drug of patient.pastDrugs) {
    out.push(
      `Medicación previa: ${joined(
        [text(drug.name), span(date(drug.startDate), date(drug.endDate)), drug.indication ? `indicación: ${termText(drug.indication, names)}` : null, drug.reaction ? `reacción: ${termText(drug.reaction, names)}` : null],
        '; ',
      )}`,
    );
  }
  const body = joined([patient.weightKg !== null ? `peso ${formatNumber(patient.weightKg)} kg` : null, patient.heightCm !== null ? `talla ${formatNumber(patient.heightCm)} cm` : null]);
  if (body) out.push(`Datos del paciente: ${body}`);
  if (date(patient.lastMenstrualPeriod)) out.push(`Fecha de la última menstruación: ${date(patient.lastMenstrualPeriod)}`);
  if (patient.gestationPeriod) out.push(`Período de gestación al observar la reacción en el feto: ${ciomsQuantity(patient.gestationPeriod)}`);
  if (patient.parent) {
    const parent = patient.parent;
    out.push(
      `Progenitor: ${joined([
        text(parent.identification),
        parent.sex && !isNullValue(parent.sex) ? SEX_LABELS[parent.sex] : null,
        parent.age ? ciomsQuantity(parent.age) : null,
        date(parent.birthDate) ? `nacido el ${date(parent.birthDate)}` : null,
        text(parent.medicalHistoryText),
      ])}`,
    );
  }
  return out;
}

/**
 * 'Drug: result (method, source)' per assessment of a drug; an assessment that holds for only
 * some of the drug's reactions (WHO-UMC is per reaction × drug) names them: 'Drug (Urticaria): …'.
 */
function causalityLines(drug: IcsrDrug, reactions: readonly IcsrReaction[], names: CiomsNames): string[] {
  const byAssessment = new Map<string, string[]>();
  for (const link of drug.reactions) {
    const reaction = reactions.find((candidate) => candidate.id === link.reactionId);
    const reactionName = (reaction && (termText(reaction.term, names) || text(reaction.primarySourceText))) || 'reacción';
    for (const assessment of link.assessments) {
      const key = `${assessment.result} (${assessment.method}, ${assessment.source})`;
      byAssessment.set(key, [...(byAssessment.get(key) ?? []), reactionName]);
    }
  }
  return [...byAssessment].map(([assessment, assessed]) =>
    assessed.length === drug.reactions.length ? `${drug.name}: ${assessment}` : `${drug.name} (${assessed.join(', ')}): ${assessment}`,
  );
}

function narrative(icsr: Icsr, names: CiomsNames): string[] {
  const { narrative: h, patient } = icsr;
  const out = h.narrative
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  if (patient.death) {
    const death = patient.death;
    const causes = joined(death.reportedCauses.map((cause) => joined([termText(cause.term, names), cause.text], ' - ')), '; ');
    const autopsy = death.autopsy === true ? 'sí' : death.autopsy === false ? 'no' : text(death.autopsy ?? null);
    out.push(`Fallecimiento: ${joined([date(death.date) ? `fecha ${date(death.date)}` : null, causes ? `causas informadas: ${causes}` : null, autopsy ? `autopsia: ${autopsy}` : null], '; ')}`);
  }
  if (h.reporterComments?.trim()) out.push(`Comentarios del notificador: ${h.reporterComments.trim()}`);
  if (h.senderDiagnoses.length) out.push(`Diagnóstico del remitente: ${joined(h.senderDiagnoses.map((term) => termText(term, names)), '; ')}`);
  if (h.senderComments?.trim()) out.push(`Comentarios del remitente: ${h.senderComments.trim()}`);
  const causality = [...new Set(icsr.drugs.flatMap((drug) => causalityLines(drug, icsr.reactions, names)))];
  if (causality.length) out.push(`Causalidad: ${causality.join('; ')}`);
  for (const summary of h.summaries) out.push(`Resumen (${summary.language}): ${summary.text.trim()}`);
  return out;
}

function tests(icsr: Icsr, names: CiomsNames): string[] {
  return icsr.tests.map((test) => {
    const result =
      test.result && isNullValue(test.result) ? CIOMS_NULL_FLAVOR_LABELS[test.result.nullFlavor] : test.result ? ciomsQuantity(test.result) : test.resultCode ? (TEST_RESULT_LABELS[test.resultCode] ?? test.resultCode) : '';
    return joined(
      [
        date(test.date),
        joined([test.name, termText(test.term, names)], ' - ') || 'Prueba',
        result ? `resultado ${result}` : null,
        test.resultText,
        test.normalLow || test.normalHigh ? `valores normales ${joined([test.normalLow, test.normalHigh], ' - ')}` : null,
        test.comments,
      ],
      '; ',
    );
  });
}

function manufacturer(icsr: Icsr, names: CiomsNames): string {
  const s = icsr.sender;
  const person = joined([s.title, s.givenName, s.middleName, s.familyName], ' ');
  const address = joined([s.street, joined([s.postcode, s.city], ' '), s.state, s.country ? (names.country?.(s.country) ?? s.country) : null]);
  const contact = joined([s.telephone ? `tel. ${s.telephone}` : null, s.fax ? `fax ${s.fax}` : null, s.email]);
  const holders = [...new Set(icsr.drugs.filter((drug) => drug.role === '1' || drug.role === '3').map((drug) => drug.authorisation?.holder?.trim() ?? '').filter((holder) => holder !== '' && holder !== s.organisation?.trim()))];
  return joined([joined([s.organisation, s.department, person]), address, contact, holders.length ? `Titular de la autorización: ${holders.join(', ')}` : null], '\n');
}

/** The CIOMS I form of a report. */
export function ciomsFormFromIcsr(icsr: Icsr, names: CiomsNames = {}): CiomsForm {
  const { report, patient } = icsr;
  const countryCode = icsr.reactions.find((reaction) => reaction.country)?.country ?? text(icsr.primarySources.find((source) => source.primaryForRegulatory)?.country ?? icsr.primarySources[0]?.country ?? null);
  const onset = icsr.reactions
    .map((reaction) => reaction.startDate)
    .filter((value): value is Hl7Date => typeof value === 'string')
    .sort((a, b) => (sortable(a) ?? '').localeCompare(sortable(b) ?? ''))[0];
  const seriousness = (key: keyof IcsrReaction['seriousness']) => icsr.reactions.some((reaction) => reaction.seriousness[key] === true);
  const age = patient.ageAtOnset ? ciomsQuantity(patient.ageAtOnset) : patient.ageGroup ? (AGE_GROUP_LABELS[patient.ageGroup] ?? '') : '';
  const followUp = (sortable(report.mostRecentDate) ?? '') > (sortable(report.firstReceivedDate) ?? '');
  return {
    caseNumber: report.safetyReportId,
    patientInitials: text(patient.name),
    country: countryCode ? (names.country?.(countryCode) ?? countryCode) : '',
    birthDate: typeof patient.birthDate === 'string' ? ciomsDateParts(patient.birthDate) : { day: '', month: '', year: '' },
    age,
    sex: patient.sex === null ? '' : isNullValue(patient.sex) ? CIOMS_NULL_FLAVOR_LABELS[patient.sex.nullFlavor] : (SEX_LABELS[patient.sex] ?? patient.sex),
    onset: ciomsDateParts(onset),
    reactions: icsr.reactions.map((reaction) => reactionLine(reaction, names)),
    narrative: narrative(icsr, names),
    tests: tests(icsr, names),
    seriousness: {
      died: seriousness('death') || patient.death !== null,
      hospitalisation: seriousness('hospitalisation'),
      disability: seriousness('disabling'),
      lifeThreatening: seriousness('lifeThreatening'),
      congenitalAnomaly: seriousness('congenitalAnomaly'),
      otherMedicallyImportant: seriousness('otherMedicallyImportant'),
    },
    suspectDrugs: icsr.drugs.filter((drug) => drug.role === '1' || drug.role === '3').map((drug) => suspectDrug(drug, icsr, names)),
    concomitantDrugs: icsr.drugs.filter((drug) => drug.role === '2' || drug.role === '4').map((drug) => concomitantLine(drug, names)),
    history: history(icsr, names),
    manufacturer: manufacturer(icsr, names),
    controlNumber: report.worldwideUniqueId,
    dateReceived: ciomsDate(followUp ? report.mostRecentDate : report.firstReceivedDate),
    source: {
      study: report.reportType === '2' || icsr.study !== null,
      literature: icsr.literature.length > 0,
      healthProfessional: icsr.primarySources.some((source) => source.qualification === '1' || source.qualification === '2' || source.qualification === '3'),
    },
    reportDate: ciomsDate(report.creationDate),
    reportType: followUp ? 'followup' : 'initial',
  };
}

/** The LLT codes an ICSR names (reactions, indications, history, causes of death, tests, diagnoses): the terms the form prints by name. */
export function icsrMeddraCodes(icsr: Icsr): number[] {
  const { patient } = icsr;
  const terms: (MeddraTerm | null)[] = [
    ...icsr.reactions.map((reaction) => reaction.term),
    ...icsr.drugs.flatMap((drug) => drug.indications.map((indication) => indication.term)),
    ...patient.medicalHistory.map((entry) => entry.disease),
    ...patient.pastDrugs.flatMap((drug) => [drug.indication, drug.reaction]),
    ...(patient.death ? [...patient.death.reportedCauses, ...patient.death.autopsyCauses].map((cause) => cause.term) : []),
    ...icsr.tests.map((test) => test.term),
    ...icsr.narrative.senderDiagnoses,
  ];
  const codes = terms.map((term) => Number(term?.code)).filter((code) => Number.isInteger(code) && code > 0);
  return [...new Set(codes)];
}
