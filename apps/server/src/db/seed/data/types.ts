// Shapes of the demo and reference data that the seed loader maps into tables.
// Every `code` is a stable, unique, human-readable key used for upserts and cross references.

export interface SeedCountry {
  code: string;
  name: string;
  /** IANA time zone. */
  timeZone: string;
}

export interface SeedLine {
  code: string;
  name: string;
}

export interface SeedLaboratory {
  code: string;
  name: string;
  countryCode: string;
  lines: SeedLine[];
}

export interface SeedCompany {
  code: string;
  name: string;
  countryCode: string;
  laboratories: SeedLaboratory[];
}

export interface SeedActiveIngredient {
  code: string;
  name: string;
}

/** Therapeutic family, e.g. 'Analgésicos y antipiréticos'. */
export interface SeedFamily {
  code: string;
  name: string;
}

export interface SeedProductIngredient {
  activeIngredientCode: string;
  concentration: number;
  /** A MedicamentoUnidad name: 'mg', 'mg/5 ml', 'UI'... */
  unit: string;
}

export interface SeedProduct {
  code: string;
  commercialName: string;
  familyCode: string;
  laboratoryCode: string;
  lineCode: string;
  countryCodes: string[];
  /** A FormaFarmaceutica name: 'Comprimido recubierto', 'Jarabe', 'Solución inyectable'... */
  pharmaceuticalForm: string;
  ingredients: SeedProductIngredient[];
}

export interface SeedGroup {
  id: number;
  title: string;
  subGroups: { id: number; code: string; name: string }[];
}

/**
 * One row of a reference list (codiguera). The row's Id is its 1-based position in the list;
 * `value` is a short stable code (for ReporteOriginador_Receptor and _Tipo, the Id as a string).
 */
export interface SeedReferenceRow {
  value: string;
  fields: Record<string, string | number | boolean | null>;
}

export interface SeedSetting {
  name: string;
  description: string;
  value: string;
  typeValue: 'boolean' | 'string' | 'number' | 'password' | 'email' | 'url';
  group: 'SMTP' | 'Usuarios' | 'Evento Reportable' | 'Web' | 'E2B' | 'Notificaciones_Error';
}

export interface SeedStatus {
  id: number;
  name: string;
}

export interface SeedMeddraSoc {
  code: number;
  name: string;
  abbrev: string;
}

export interface SeedMeddraHlgt {
  code: number;
  name: string;
  socCodes: number[];
}

export interface SeedMeddraHlt {
  code: number;
  name: string;
  hlgtCodes: number[];
}

export interface SeedMeddraPt {
  code: number;
  name: string;
  primarySocCode: number;
  hltCodes: number[];
}

export interface SeedMeddraLlt {
  code: number;
  name: string;
  ptCode: number;
  current: boolean;
}

export type SeedRole = 'ADMIN' | 'QPPV' | 'RLF' | 'CL' | 'Fabricante';

export interface SeedUser {
  email: string;
  firstName: string;
  lastName: string;
  role: SeedRole;
  countryCode: string;
  /** `value` of an Especialidad reference row. */
  specialityValue: string;
  acceptTerms: boolean;
  /** 'all' = every laboratory; otherwise laboratory codes. */
  laboratories: 'all' | string[];
}
