/** Prefix of incoming (home) report numbers. */
export const HOME_REPORT_PREFIX = 'RH';

const SEQUENCE_DIGITS = 6;
const REFERENCE = /^([A-Z]{2})-(\d{4})-(\d{6,})(?:-S([1-9]\d*))?$/;

function pad(sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError(`Invalid sequence ${sequence}`);
  return String(sequence).padStart(SEQUENCE_DIGITS, '0');
}

/** A case number `{country}-{year}-{six-digit sequence}`, e.g. UY-2026-000123 (workflow.md). */
export function formatCaseReference(countryCode: string, year: number, sequence: number): string {
  return `${countryCode.toUpperCase()}-${year}-${pad(sequence)}`;
}

/** An incoming report number `RH-{year}-{six-digit sequence}`, e.g. RH-2026-000045. */
export function formatHomeReference(year: number, sequence: number): string {
  return `${HOME_REPORT_PREFIX}-${year}-${pad(sequence)}`;
}

/** A follow-up report's number: the case number plus `-S{n}`, e.g. UY-2026-000123-S1. */
export function followUpReference(caseReference: string, followUp: number): string {
  if (!Number.isInteger(followUp) || followUp < 1) throw new RangeError(`Invalid follow-up ${followUp}`);
  const base = parseReference(caseReference);
  if (!base || base.kind !== 'case') throw new RangeError(`Not a case reference: ${caseReference}`);
  return `${formatCaseReference(base.prefix, base.year, base.sequence)}-S${followUp}`;
}

export interface ParsedReference {
  kind: 'case' | 'home';
  /** Country code for a case, 'RH' for an incoming report. */
  prefix: string;
  year: number;
  sequence: number;
  /** n of a `-S{n}` suffix, null for the initial report. */
  followUp: number | null;
}

/** Reads a case or incoming-report number (case-insensitive); null when it is not one. */
export function parseReference(value: string): ParsedReference | null {
  const match = REFERENCE.exec(value.trim().toUpperCase());
  if (!match) return null;
  const [, prefix = '', year = '', sequence = '', followUp] = match;
  const kind = prefix === HOME_REPORT_PREFIX ? 'home' : 'case';
  if (kind === 'home' && followUp !== undefined) return null;
  return { kind, prefix, year: Number(year), sequence: Number(sequence), followUp: followUp === undefined ? null : Number(followUp) };
}
