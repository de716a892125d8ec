/**
 * The ICSR model: one individual case safety report organised by the sections of ICH E2B(R3)
 * (Implementation Guide v5.02 and the ICH data-element table). Every property names its data
 * element in its doc comment. The export builds its XML from an `Icsr`, the import parses an XML
 * into one, the CIOMS I form prints one: the one model of a case as it leaves or enters Atalaya.
 *
 * Conventions:
 * - A value the case does not hold is `null` (the element is left out when optional, or carries the
 *   nullFlavor the mapping table gives when required). A value that arrived (or must leave) as a
 *   nullFlavor is `{ nullFlavor }`: see `Nullable`.
 * - Dates are HL7 TS strings with their own precision: `CCYY`, `CCYYMM`, `CCYYMMDD`,
 *   `CCYYMMDDhhmm`, `CCYYMMDDhhmmss`, optionally followed by a time zone `±ZZzz`.
 * - Codes are the E2B(R3) code values as strings ('1', '2', …), never Atalaya's own ids.
 */

/** The HL7 nullFlavors E2B(R3) allows. */
export const NULL_FLAVORS = ['NI', 'MSK', 'UNK', 'NA', 'ASKU', 'NASK', 'NINF', 'PINF'] as const;
export type NullFlavor = (typeof NULL_FLAVORS)[number];

/** An element sent (or received) with a nullFlavor instead of a value. */
export interface NullValue {
  nullFlavor: NullFlavor;
}

/** A value, or the nullFlavor standing for it. */
export type Nullable<T> = T | NullValue;

export function isNullValue(value: unknown): value is NullValue {
  return typeof value === 'object' && value !== null && 'nullFlavor' in value;
}

/** An HL7 TS date of any precision: CCYY[MM[DD[hh[mm[ss]]]]][±ZZzz]. */
export type Hl7Date = string;

/** A physical quantity: value and UCUM unit code ('a', 'mo', 'wk', 'd', 'kg', 'cm', 'mg'…). */
export interface Quantity {
  value: number;
  unit: string;
}

/** A MedDRA term: version ('27.0') and 8-digit LLT code. */
export interface MeddraTerm {
  version: string;
  code: string;
}

/** A term id of a controlled vocabulary (EDQM, MPID, PhPID, substance id) with its version. */
export interface TermId {
  /** The version or code-system id (…a). */
  version: string;
  /** The term id (…b). */
  code: string;
}

// ---------------------------------------------------------------------------------------
// N: the transmission (batch and message headers)

/** N.1 ICH ICSR transmission identification (the batch wrapper, MCCI_IN200100UV01). */
export interface IcsrBatchHeader {
  /** N.1.2 Batch number. */
  batchNumber: string;
  /** N.1.3 Batch sender identifier. */
  senderId: string;
  /** N.1.4 Batch receiver identifier. */
  receiverId: string;
  /** N.1.5 Date of batch transmission. */
  transmissionDate: Hl7Date;
}

/** N.2.r ICH ICSR message header (one PORR_IN049016UV per report). */
export interface IcsrMessageHeader {
  /** N.2.r.1 Message identifier (equals C.1.1). */
  messageId: string;
  /** N.2.r.2 Message sender identifier. */
  senderId: string;
  /** N.2.r.3 Message receiver identifier. */
  receiverId: string;
  /** N.2.r.4 Date of message creation. */
  creationDate: Hl7Date;
}

// ---------------------------------------------------------------------------------------
// C: identification of the case safety report

/** C.1.3 Type of report: 1 spontaneous, 2 report from study, 3 other, 4 not available to sender (unknown). */
export type ReportTypeCode = '1' | '2' | '3' | '4';

/** C.1 Identification of the case safety report. */
export interface IcsrReportHeader {
  /** C.1.1 Sender's (case) safety report unique identifier. */
  safetyReportId: string;
  /** C.1.2 Date of creation. */
  creationDate: Hl7Date;
  /** C.1.3 Type of report. */
  reportType: ReportTypeCode;
  /** C.1.4 Date report was first received from source. */
  firstReceivedDate: Hl7Date;
  /** C.1.5 Date of most recent information for this report. */
  mostRecentDate: Hl7Date;
  /** C.1.6.1 Are additional documents available? */
  additionalDocuments: boolean;
  /** C.1.6.1.r.1 Documents held by sender (their descriptions). */
  documents: string[];
  /** C.1.7 Does this case fulfil the local criteria for an expedited report? (nullFlavor NI allowed) */
  expedited: Nullable<boolean>;
  /** C.1.8.1 Worldwide unique case identification number: the same across every version of the case. */
  worldwideUniqueId: string;
  /** C.1.8.2 First sender of this case: 1 regulator, 2 other. */
  firstSender: '1' | '2';
  /** C.1.9.1 Other case identifiers in previous transmissions (nullFlavor NI allowed). */
  otherCaseIdentifiers: Nullable<boolean> | null;
  /** C.1.9.1.r.1 source of the case identifier, C.1.9.1.r.2 case identifier. */
  otherCaseIds: { source: string; caseId: string }[];
  /** C.1.10.r Identification number of the report which is linked to this report. */
  linkedReportIds: string[];
  /** C.1.11 Report nullification / amendment; null for an initial report or a follow-up. */
  nullificationOrAmendment: {
    /** C.1.11.1 Report nullification / amendment: 1 nullification, 2 amendment. */
    code: '1' | '2';
    /** C.1.11.2 Reason for nullification / amendment. */
    reason: string;
  } | null;
}

/** C.2.r.4 Qualification: 1 physician, 2 pharmacist, 3 other health professional, 4 lawyer, 5 consumer or other non-health professional. */
export type QualificationCode = '1' | '2' | '3' | '4' | '5';

/** C.2.r Primary source(s) of information. */
export interface IcsrPrimarySource {
  /** C.2.r.1.1 Reporter's title. */
  title: Nullable<string> | null;
  /** C.2.r.1.2 Reporter's given name. */
  givenName: Nullable<string> | null;
  /** C.2.r.1.3 Reporter's middle name. */
  middleName: Nullable<string> | null;
  /** C.2.r.1.4 Reporter's family name. */
  familyName: Nullable<string> | null;
  /** C.2.r.2.1 Reporter's organisation. */
  organisation: Nullable<string> | null;
  /** C.2.r.2.2 Reporter's department. */
  department: Nullable<string> | null;
  /** C.2.r.2.3 Reporter's street. */
  street: Nullable<string> | null;
  /** C.2.r.2.4 Reporter's city. */
  city: Nullable<string> | null;
  /** C.2.r.2.5 Reporter's state or province. */
  state: Nullable<string> | null;
  /** C.2.r.2.6 Reporter's postcode. */
  postcode: Nullable<string> | null;
  /** C.2.r.2.7 Reporter's telephone. */
  telephone: Nullable<string> | null;
  /** C.2.r.3 Reporter's country code (ISO 3166-1 alpha-2). */
  country: Nullable<string> | null;
  /** C.2.r.4 Qualification (nullFlavor UNK allowed). */
  qualification: Nullable<QualificationCode> | null;
  /** C.2.r.5 Primary source for regulatory purposes (exactly one source is). */
  primaryForRegulatory: boolean;
  /** FDA.C.2.r.2.8 Reporter's e-mail (FDA regional; written only for the FDA; nullFlavors MSK, ASKU, NASK). */
  email?: Nullable<string> | null;
}

/** C.3.1 Sender type: 1 pharmaceutical company, 2 regulatory authority, 3 health professional, 4 regional PV centre, 5 WHO collaborating centre, 6 other, 7 patient / consumer. */
export type SenderTypeCode = '1' | '2' | '3' | '4' | '5' | '6' | '7';

export function isSenderTypeCode(value: string): value is SenderTypeCode {
  return /^[1-7]$/.test(value);
}

/** C.3 Information on sender of case safety report. */
export interface IcsrSender {
  /** C.3.1 Sender type. */
  type: SenderTypeCode;
  /** C.3.2 Sender's organisation. */
  organisation: string | null;
  /** C.3.3.1 Sender's department. */
  department: string | null;
  /** C.3.3.2 Sender's title. */
  title: string | null;
  /** C.3.3.3 Sender's given name. */
  givenName: string | null;
  /** C.3.3.4 Sender's middle name. */
  middleName: string | null;
  /** C.3.3.5 Sender's family name. */
  familyName: string | null;
  /** C.3.4.1 Sender's street address. */
  street: string | null;
  /** C.3.4.2 Sender's city. */
  city: string | null;
  /** C.3.4.3 Sender's state or province. */
  state: string | null;
  /** C.3.4.4 Sender's postcode. */
  postcode: string | null;
  /** C.3.4.5 Sender's country code. */
  country: string | null;
  /** C.3.4.6 Sender's telephone. */
  telephone: string | null;
  /** C.3.4.7 Sender's fax. */
  fax: string | null;
  /** C.3.4.8 Sender's e-mail address. */
  email: string | null;
}

/** C.4.r Literature reference(s). */
export interface IcsrLiterature {
  /** C.4.r.1 Literature reference(s) (Vancouver style; nullFlavor ASKU / NASK allowed). */
  reference: Nullable<string>;
}

/** C.5.4 Study type where reaction(s) / event(s) were observed: 1 clinical trials, 2 individual patient use, 3 other studies. */
export type StudyTypeCode = '1' | '2' | '3';

/** C.5 Study identification. */
export interface IcsrStudy {
  /** C.5.1.r Study registration: C.5.1.r.1 number (nullFlavor ASKU / NASK), C.5.1.r.2 country. */
  registrations: { number: Nullable<string>; country: Nullable<string> | null }[];
  /** C.5.2 Study name (nullFlavor ASKU / NASK allowed). */
  name: Nullable<string> | null;
  /** C.5.3 Sponsor study number (nullFlavor ASKU / NASK allowed). */
  sponsorNumber: Nullable<string> | null;
  /** C.5.4 Study type where reaction(s) / event(s) were observed. */
  type: Nullable<StudyTypeCode> | null;
}

// ---------------------------------------------------------------------------------------
// D: patient characteristics

/** D.2.3 Patient age group: 0 foetus, 1 neonate, 2 infant, 3 child, 4 adolescent, 5 adult, 6 elderly. */
export type AgeGroupCode = '0' | '1' | '2' | '3' | '4' | '5' | '6';

/** D.5 Sex: 1 male, 2 female (nullFlavors MSK, UNK, ASKU, NASK). */
export type SexCode = '1' | '2';

/** D.7.1.r Structured information on relevant medical history. */
export interface IcsrMedicalHistoryEntry {
  /** D.7.1.r.1a MedDRA version, D.7.1.r.1b medical history (disease / surgical procedure / etc.). */
  disease: MeddraTerm;
  /** D.7.1.r.2 Start date. */
  startDate: Nullable<Hl7Date> | null;
  /** D.7.1.r.3 Continuing (nullFlavors MSK, ASKU, NASK). */
  continuing: Nullable<boolean> | null;
  /** D.7.1.r.4 End date. */
  endDate: Nullable<Hl7Date> | null;
  /** D.7.1.r.5 Comments. */
  comments: string | null;
  /** D.7.1.r.6 Family history. */
  familyHistory: boolean | null;
}

/** D.8.r Relevant past drug history. */
export interface IcsrPastDrug {
  /** D.8.r.1 Name of drug as reported (nullFlavor UNK allowed). */
  name: Nullable<string>;
  /** D.8.r.2a MPID version, D.8.r.2b medicinal product identifier. */
  mpid: TermId | null;
  /** D.8.r.3a PhPID version, D.8.r.3b pharmaceutical product identifier. */
  phpid: TermId | null;
  /** D.8.r.4 Start date. */
  startDate: Nullable<Hl7Date> | null;
  /** D.8.r.5 End date. */
  endDate: Nullable<Hl7Date> | null;
  /** D.8.r.6a/b Indication (MedDRA). */
  indication: MeddraTerm | null;
  /** D.8.r.7a/b Reaction (MedDRA). */
  reaction: MeddraTerm | null;
}

/** D.9 In case of death. */
export interface IcsrDeath {
  /** D.9.1 Date of death. */
  date: Nullable<Hl7Date> | null;
  /** D.9.2.r Reported cause(s) of death: D.9.2.r.1a/b MedDRA, D.9.2.r.2 free text. */
  reportedCauses: { term: MeddraTerm | null; text: string | null }[];
  /** D.9.3 Was autopsy done? (nullFlavors ASKU, NASK, UNK). */
  autopsy: Nullable<boolean> | null;
  /** D.9.4.r Autopsy-determined cause(s) of death: D.9.4.r.1a/b MedDRA, D.9.4.r.2 free text. */
  autopsyCauses: { term: MeddraTerm | null; text: string | null }[];
}

/** D.10 For a parent-child / foetus report, information concerning the parent. */
export interface IcsrParent {
  /** D.10.1 Parent identification (nullFlavors MSK, ASKU, NASK, UNK). */
  identification: Nullable<string> | null;
  /** D.10.2.1 Date of birth of parent. */
  birthDate: Nullable<Hl7Date> | null;
  /** D.10.2.2a/b Age of parent (years). */
  age: Quantity | null;
  /** D.10.3 Last menstrual period date of parent. */
  lastMenstrualPeriod: Nullable<Hl7Date> | null;
  /** D.10.4 Body weight (kg) of parent. */
  weightKg: number | null;
  /** D.10.5 Height (cm) of parent. */
  heightCm: number | null;
  /** D.10.6 Sex of parent. */
  sex: Nullable<SexCode> | null;
  /** D.10.7.1.r Relevant medical history of parent (same shape as D.7.1.r, without family history). */
  medicalHistory: IcsrMedicalHistoryEntry[];
  /** D.10.7.2 Concurrent conditions and other relevant information of parent. */
  medicalHistoryText: string | null;
  /** D.10.8.r Relevant past drug history of parent. */
  pastDrugs: IcsrPastDrug[];
}

/** D Patient characteristics. */
export interface IcsrPatient {
  /** D.1 Patient (name or initials); nullFlavors MSK, ASKU, NASK, UNK. */
  name: Nullable<string>;
  /** D.1.1.1 Patient medical record number (GP). */
  gpRecordNumber: Nullable<string> | null;
  /** D.1.1.2 Specialist record number. */
  specialistRecordNumber: Nullable<string> | null;
  /** D.1.1.3 Hospital record number. */
  hospitalRecordNumber: Nullable<string> | null;
  /** D.1.1.4 Investigation number. */
  investigationNumber: Nullable<string> | null;
  /** D.2.1 Date of birth (nullFlavor MSK allowed). */
  birthDate: Nullable<Hl7Date> | null;
  /** D.2.2a/b Age at time of onset of reaction / event: value and unit ('a', 'mo', 'wk', 'd', 'h', '10.a' decade). */
  ageAtOnset: Quantity | null;
  /** D.2.2.1a/b Gestation period when reaction / event was observed in the foetus ('wk', 'mo', 'd', '{trimester}'). */
  gestationPeriod: Quantity | null;
  /** D.2.3 Patient age group (as per reporter). */
  ageGroup: AgeGroupCode | null;
  /** D.3 Body weight (kg). */
  weightKg: number | null;
  /** D.4 Height (cm). */
  heightCm: number | null;
  /** D.5 Sex. */
  sex: Nullable<SexCode> | null;
  /** D.6 Last menstrual period date. */
  lastMenstrualPeriod: Nullable<Hl7Date> | null;
  /** D.7.1.r Structured information on relevant medical history. */
  medicalHistory: IcsrMedicalHistoryEntry[];
  /** D.7.2 Text for relevant medical history and concurrent conditions (nullFlavors MSK, ASKU, NASK, UNK). */
  medicalHistoryText: Nullable<string> | null;
  /** D.7.3 Concomitant therapies (true, or nullFlavor NI). */
  concomitantTherapies: true | NullValue | null;
  /** D.8.r Relevant past drug history. */
  pastDrugs: IcsrPastDrug[];
  /** D.9 In case of death (null when the patient did not die). */
  death: IcsrDeath | null;
  /** D.10 Parent of a parent-child / foetus report. */
  parent: IcsrParent | null;
}

// ---------------------------------------------------------------------------------------
// E, F: reactions and tests

/** E.i.7 Outcome: 0 unknown, 1 recovered / resolved, 2 recovering / resolving, 3 not recovered / ongoing, 4 recovered with sequelae, 5 fatal. */
export type OutcomeCode = '0' | '1' | '2' | '3' | '4' | '5';

/** E.i.3.2 A seriousness criterion: true, or nullFlavor NI. Never false (ICH IG). */
export type E2bSeriousnessFlag = true | { nullFlavor: 'NI' };

/** E.i Reaction(s) / event(s). */
export interface IcsrReaction {
  /** The XML id (a UUID) G.k.9.i.1 refers to. */
  id: string;
  /** E.i.1.1a Reaction / event as reported by the primary source in native language. */
  primarySourceText: Nullable<string> | null;
  /** E.i.1.1b Reaction / event as reported by the primary source language (ISO 639-2). */
  primarySourceLanguage: string | null;
  /** E.i.1.2 Reaction / event as reported by the primary source for translation. */
  translation: string | null;
  /** E.i.2.1a MedDRA version, E.i.2.1b LLT code of the reaction / event. */
  term: MeddraTerm | null;
  /** E.i.3.1 Term highlighted by the reporter: 1 yes-highlighted not serious, 2 no-not highlighted not serious, 3 yes-highlighted serious, 4 no-not highlighted serious. */
  highlighted: '1' | '2' | '3' | '4' | null;
  /** E.i.3.2 Seriousness criteria at event level. */
  seriousness: {
    /** E.i.3.2a Results in death. */
    death: E2bSeriousnessFlag;
    /** E.i.3.2b Life threatening. */
    lifeThreatening: E2bSeriousnessFlag;
    /** E.i.3.2c Caused / prolonged hospitalisation. */
    hospitalisation: E2bSeriousnessFlag;
    /** E.i.3.2d Disabling / incapacitating. */
    disabling: E2bSeriousnessFlag;
    /** E.i.3.2e Congenital anomaly / birth defect. */
    congenitalAnomaly: E2bSeriousnessFlag;
    /** E.i.3.2f Other medically important condition. */
    otherMedicallyImportant: E2bSeriousnessFlag;
  };
  /** E.i.4 Date of start of reaction / event. */
  startDate: Nullable<Hl7Date> | null;
  /** E.i.5 Date of end of reaction / event. */
  endDate: Nullable<Hl7Date> | null;
  /** E.i.6a/b Duration of reaction / event. */
  duration: Quantity | null;
  /** E.i.7 Outcome of reaction / event at the time of last observation. */
  outcome: OutcomeCode;
  /** E.i.8 Medical confirmation by healthcare professional. */
  medicallyConfirmed: boolean | null;
  /** E.i.9 Identification of the country where the reaction / event occurred. */
  country: string | null;
}

/** F.r Results of tests and procedures relevant to the investigation of the patient. */
export interface IcsrTest {
  /** F.r.1 Test date. */
  date: Nullable<Hl7Date> | null;
  /** F.r.2.1 Test name (free text). */
  name: string | null;
  /** F.r.2.2a/b Test name (MedDRA). */
  term: MeddraTerm | null;
  /** F.r.3.1 Test result (code): 1 positive, 2 negative, 3 borderline, 4 inconclusive. */
  resultCode: '1' | '2' | '3' | '4' | null;
  /** F.r.3.2 Test result (value / qualifier) with F.r.3.3 unit. */
  result: Nullable<Quantity> | null;
  /** F.r.3.4 Result unstructured data (free text). */
  resultText: string | null;
  /** F.r.4 Normal low value. */
  normalLow: string | null;
  /** F.r.5 Normal high value. */
  normalHigh: string | null;
  /** F.r.6 Comments (free text). */
  comments: string | null;
  /** F.r.7 More information available. */
  moreInformation: boolean | null;
}

// ---------------------------------------------------------------------------------------
// G: drugs

/** G.k.1 Characterisation of drug role: 1 suspect, 2 concomitant, 3 interacting, 4 drug not administered. */
export type DrugRoleCode = '1' | '2' | '3' | '4';

/** G.k.8 Action(s) taken with drug: 1 withdrawn, 2 dose reduced, 3 dose increased, 4 dose not changed, 0 unknown, 9 not applicable. */
export type ActionTakenCode = '0' | '1' | '2' | '3' | '4' | '9';

/** G.k.2.3.r Substance / specified substance identifier and strength. */
export interface IcsrSubstance {
  /** G.k.2.3.r.1 Substance / specified substance name. */
  name: string;
  /** G.k.2.3.r.2a version, G.k.2.3.r.2b substance / specified substance term id. */
  termId: TermId | null;
  /** G.k.2.3.r.3a strength (number), G.k.2.3.r.3b strength (unit, UCUM). */
  strength: Quantity | null;
}

/** G.k.4.r Dosage and relevant information. */
export interface IcsrDosage {
  /** G.k.4.r.1a dose (number), G.k.4.r.1b dose (unit, UCUM). */
  dose: Quantity | null;
  /** G.k.4.r.2 number of units in the interval, G.k.4.r.3 definition of the time interval unit (UCUM). */
  interval: Quantity | null;
  /** G.k.4.r.4 Date and time of start of drug. */
  startDate: Nullable<Hl7Date> | null;
  /** G.k.4.r.5 Date and time of last administration. */
  endDate: Nullable<Hl7Date> | null;
  /** G.k.4.r.6a/b Duration of drug administration. */
  duration: Quantity | null;
  /** G.k.4.r.7 Batch / lot number. */
  batchLot: string | null;
  /** G.k.4.r.8 Dosage text. */
  text: string | null;
  /** G.k.4.r.9.1 Pharmaceutical dose form (free text; nullFlavors ASKU, NASK, UNK). */
  form: Nullable<string> | null;
  /** G.k.4.r.9.2a version, G.k.4.r.9.2b pharmaceutical dose form term id (EDQM). */
  formTermId: TermId | null;
  /** G.k.4.r.10.1 Route of administration (free text; nullFlavors ASKU, NASK, UNK). */
  route: Nullable<string> | null;
  /** G.k.4.r.10.2a version, G.k.4.r.10.2b route of administration term id (EDQM, or the E2B(R2) list on import). */
  routeTermId: TermId | null;
  /** G.k.4.r.11.1 Parent route of administration (free text). */
  parentRoute: Nullable<string> | null;
  /** G.k.4.r.11.2a/b Parent route of administration term id. */
  parentRouteTermId: TermId | null;
}

/** G.k.9.i.2.r Assessment of reaction / event relatedness to drug. */
export interface IcsrCausality {
  /** G.k.9.i.2.r.1 Source of assessment (e.g. 'Compañía', 'Primary source', 'Regulatory authority'). */
  source: string;
  /** G.k.9.i.2.r.2 Method of assessment ('Naranjo', 'WHO-UMC', 'Global introspection'…). */
  method: string;
  /** G.k.9.i.2.r.3 Result of assessment ('Probable', 'Possible'…). */
  result: string;
}

/** G.k.9.i Drug-reaction(s) / event(s) matrix. */
export interface IcsrDrugReaction {
  /** G.k.9.i.1 Reaction(s) / event(s) assessed: the `IcsrReaction.id`. */
  reactionId: string;
  /** G.k.9.i.2.r Assessments of relatedness. */
  assessments: IcsrCausality[];
  /** G.k.9.i.3.1a/b Time interval between beginning of drug administration and start of reaction / event. */
  startToOnset: Quantity | null;
  /** G.k.9.i.3.2a/b Time interval between last dose of drug and start of reaction / event. */
  lastDoseToOnset: Quantity | null;
  /** G.k.9.i.4 Did reaction recur on re-administration? 1 yes-yes, 2 yes-no, 3 yes-unknown, 4 no-n/a. */
  recurrence: '1' | '2' | '3' | '4' | null;
}

/** G.k Drug(s) information. */
export interface IcsrDrug {
  /** The XML id (a UUID) of the drug. */
  id: string;
  /** G.k.1 Characterisation of drug role. */
  role: DrugRoleCode;
  /** G.k.2.1.1a/b Medicinal product identifier (MPID) with its version. */
  mpid: TermId | null;
  /** G.k.2.1.2a/b Pharmaceutical product identifier (PhPID) with its version. */
  phpid: TermId | null;
  /** G.k.2.2 Medicinal product name as reported by the primary source. */
  name: string;
  /** G.k.2.3.r Substance / specified substance identifier and strength. */
  substances: IcsrSubstance[];
  /** G.k.2.4 Identification of the country where the drug was obtained. */
  countryObtained: string | null;
  /** G.k.2.5 Investigational product blinded. */
  investigationalBlinded: boolean | null;
  /** G.k.3.1 Authorisation / application number, G.k.3.2 country, G.k.3.3 name of holder / applicant. */
  authorisation: { number: string | null; country: string | null; holder: string | null } | null;
  /** G.k.4.r Dosage and relevant information. */
  dosages: IcsrDosage[];
  /** G.k.5a/b Cumulative dose to first reaction. */
  cumulativeDose: Quantity | null;
  /** G.k.6a/b Gestation period at time of exposure. */
  gestationAtExposure: Quantity | null;
  /** G.k.7.r Indication for use in case: G.k.7.r.1 as reported (nullFlavors ASKU, NASK, UNK), G.k.7.r.2a/b MedDRA. */
  indications: { text: Nullable<string> | null; term: MeddraTerm | null }[];
  /** G.k.8 Action(s) taken with drug. */
  actionTaken: ActionTakenCode | null;
  /** G.k.9.i Drug-reaction(s) / event(s) matrix. */
  reactions: IcsrDrugReaction[];
  /** G.k.10.r Additional information on drug (coded): 1 counterfeit, 2 overdose, … 11 medication error. */
  additionalInfoCodes: string[];
  /** G.k.11 Additional information on drug (free text). */
  additionalInfo: string | null;
}

// ---------------------------------------------------------------------------------------
// H: narrative

/** H Narrative case summary and further information. */
export interface IcsrNarrative {
  /** H.1 Case narrative including clinical course, therapeutic measures, outcome and additional relevant information. */
  narrative: string;
  /** H.2 Reporter's comments. */
  reporterComments: string | null;
  /** H.3.r Sender's diagnosis (MedDRA): H.3.r.1a version, H.3.r.1b code. */
  senderDiagnoses: MeddraTerm[];
  /** H.4 Sender's comments. */
  senderComments: string | null;
  /** H.5.r Case summary and reporter's comments in native language: H.5.r.1a text, H.5.r.1b language. */
  summaries: { text: string; language: string }[];
}

/** The FDA regional elements of a post-market report to FAERS (fda.ts, `withFdaRegional`). */
export interface IcsrFdaRegional {
  /** FDA.C.1.7.1 Local criteria report type: 1 15-day, 2 non-expedited, 4 5-day, 5 30-day, 6 7-day. */
  localCriteriaReportType: '1' | '2' | '4' | '5' | '6';
  /** FDA.C.1.12 Combination product report indicator (nullFlavor NI allowed). */
  combinationProduct: Nullable<boolean>;
  /** FDA.D.11.r.1 Patient race codes (NCI thesaurus), or a nullFlavor (UNK, MSK, OTH, NA). */
  race: Nullable<string>[];
  /** FDA.D.12 Patient ethnicity code (NCI thesaurus), or a nullFlavor (NI, UNK, MSK, NA). */
  ethnicity: Nullable<string>;
  /** FDA.E.i.3.2h Required intervention, per reaction in the order of `reactions`: true or nullFlavor NI. */
  requiredIntervention: E2bSeriousnessFlag[];
}

/** One individual case safety report, C to H. */
export interface Icsr {
  /** C.1 Identification of the case safety report. */
  report: IcsrReportHeader;
  /** C.2.r Primary source(s) of information. */
  primarySources: IcsrPrimarySource[];
  /** C.3 Information on sender of case safety report. */
  sender: IcsrSender;
  /** C.4.r Literature reference(s). */
  literature: IcsrLiterature[];
  /** C.5 Study identification (null when the report does not come from a study). */
  study: IcsrStudy | null;
  /** D Patient characteristics. */
  patient: IcsrPatient;
  /** E.i Reaction(s) / event(s) (at least one). */
  reactions: IcsrReaction[];
  /** F.r Results of tests and procedures. */
  tests: IcsrTest[];
  /** G.k Drug(s) information (at least one). */
  drugs: IcsrDrug[];
  /** H Narrative case summary and further information. */
  narrative: IcsrNarrative;
  /** The FDA regional elements, present only in a report to the FDA (ZZFDA). */
  fda?: IcsrFdaRegional | null;
  /**
   * (export) Values of Parámetros' reference lists that have no E2B code for their element (a route,
   * an action, a report type): the rules refuse the export naming each, never guessing a code.
   */
  uncoded?: { element: string; value: string; where?: string }[];
}

/** A batch of reports to one receiver: N.1 and, per report, N.2.r with the report. */
export interface IcsrBatch {
  batch: IcsrBatchHeader;
  messages: { header: IcsrMessageHeader; icsr: Icsr }[];
}
