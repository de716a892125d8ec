/**
 * The CIOMS I form ("Suspect adverse reaction report", CIOMS 1990) as data: what each of its
 * boxes 1–25 holds, already as the text printed in it. Filled from the ICSR model that the
 * E2B(R3) export also reads (`ciomsFormFromIcsr`), so both formats show the same data; the
 * server lays it out on the form and its continuation pages (docs/event-view.md, 'CIOMS I').
 */

/** A date split as the form's Day / Month / Year columns; a part the date lacks is ''. */
export interface CiomsDateParts {
  day: string;
  month: string;
  year: string;
}

/** Boxes 20 and 21: yes, no, or not applicable / unknown (NA). */
export type CiomsAnswer = 'yes' | 'no' | 'na';

/** One suspect drug: its line in each of boxes 14–21. */
export interface CiomsSuspectDrug {
  /** 14: the product's name with its active ingredients (generic names). */
  name: string;
  /** 15: the dose and its frequency. */
  dailyDose: string;
  /** 16 */
  route: string;
  /** 17 */
  indication: string;
  /** 18: 'from – to'. */
  therapyDates: string;
  /** 19 */
  duration: string;
  /** 20: did the reaction abate after stopping the drug? */
  abated: CiomsAnswer;
  /** 21: did the reaction reappear after reintroduction? */
  reappeared: CiomsAnswer;
}

/** Boxes 8–12 (check all appropriate to the adverse reaction), the six ICH seriousness criteria. */
export interface CiomsSeriousness {
  died: boolean;
  hospitalisation: boolean;
  disability: boolean;
  lifeThreatening: boolean;
  congenitalAnomaly: boolean;
  otherMedicallyImportant: boolean;
}

export interface CiomsForm {
  /** The case's number, printed in the form's header (and in 24b). */
  caseNumber: string;
  /** 1 */
  patientInitials: string;
  /** 1a */
  country: string;
  /** 2 */
  birthDate: CiomsDateParts;
  /** 2a: age with its unit ('45 años'). */
  age: string;
  /** 3 */
  sex: string;
  /** 4–6: the onset of the earliest reaction. */
  onset: CiomsDateParts;
  /** 7 + 13: one line per reaction (term, dates, outcome, seriousness). */
  reactions: string[];
  /** 7 + 13: the case narrative and comments, after the reactions; each item a paragraph. */
  narrative: string[];
  /** 13: relevant tests and laboratory data; each item a paragraph. */
  tests: string[];
  /** 8–12 */
  seriousness: CiomsSeriousness;
  /** 14–21 */
  suspectDrugs: CiomsSuspectDrug[];
  /** 22: one line per concomitant drug, with its dates of administration. */
  concomitantDrugs: string[];
  /** 23: other relevant history; each item a paragraph. */
  history: string[];
  /** 24a: name and address of the manufacturer (the sender of the report). */
  manufacturer: string;
  /** 24b: the manufacturer's control number (worldwide unique case id). */
  controlNumber: string;
  /** 24c: date received by the manufacturer (dd/MMM/yyyy). */
  dateReceived: string;
  /** 24d */
  source: { study: boolean; literature: boolean; healthProfessional: boolean };
  /** Date of this report (dd/MMM/yyyy). */
  reportDate: string;
  /** 25a */
  reportType: 'initial' | 'followup';
}

/** The month abbreviations the form prints (dd/MMM/yyyy), in Spanish capitals. */
export const CIOMS_MONTHS = ['ENE', 'FEB', 'MAR', 'ABR', 'MAY', 'JUN', 'JUL', 'AGO', 'SEP', 'OCT', 'NOV', 'DIC'] as const;

const NO_DATE: CiomsDateParts = { day: '', month: '', year: '' };

/**
 * A date as the form's Day / Month / Year parts. Accepts a full or partial ISO date
 * ('2024', '2024-03', '2024-03-05') or an ISO date-time (its date part as written) and the
 * E2B(R3) form of them ('20240305', '202403', '2024', with or without a time after). A part the
 * value does not give stays ''; anything unreadable gives no date.
 */
export function ciomsDateParts(value: string | null | undefined): CiomsDateParts {
  if (!value) return NO_DATE;
  const match = /^(\d{4})(?:-?(\d{2})(?:-?(\d{2}))?)?(?:$|[T\s+\-Z]|\d{2})/.exec(value.trim());
  if (!match) return NO_DATE;
  const [, year = '', month, day] = match;
  const monthIndex = month ? Number(month) - 1 : -1;
  if (month && (monthIndex < 0 || monthIndex > 11)) return NO_DATE;
  if (day && (Number(day) < 1 || Number(day) > 31)) return NO_DATE;
  return { day: day ?? '', month: monthIndex >= 0 ? (CIOMS_MONTHS[monthIndex] ?? '') : '', year };
}

/** A date as the form prints it: '05/MAR/2024', or as much of it as is known ('MAR/2024', '2024'); '' when none. */
export function ciomsDate(value: string | null | undefined): string {
  const parts = ciomsDateParts(value);
  return [parts.day, parts.month, parts.year].filter((part) => part !== '').join('/');
}

/** The file name of a case's CIOMS I form ('CIOMS-UY-2026-000123.pdf'), beside the case PDF's 'ER-…'. */
export function ciomsPdfFileName(reference: string): string {
  return `CIOMS-${reference}.pdf`;
}
