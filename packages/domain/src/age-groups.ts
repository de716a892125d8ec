/** Age units of the patient (event spec §3 'Escala'). */
export const AGE_UNITS = ['Días', 'Semanas', 'Meses', 'Años'] as const;
export type AgeUnit = (typeof AGE_UNITS)[number];

const DAYS_PER_YEAR = 365.25;
const DAYS_PER_UNIT: Record<AgeUnit, number> = {
  Días: 1,
  Semanas: 7,
  Meses: DAYS_PER_YEAR / 12,
  Años: DAYS_PER_YEAR,
};

export function isAgeUnit(x: unknown): x is AgeUnit {
  return typeof x === 'string' && (AGE_UNITS as readonly string[]).includes(x);
}

/** The age in days, or null when age or unit is missing or invalid (a 'none' unit counts as missing). */
export function ageInDays(age: number | null | undefined, unit: string | null | undefined): number | null {
  if (typeof age !== 'number' || !Number.isFinite(age) || age < 0 || !isAgeUnit(unit)) return null;
  return age * DAYS_PER_UNIT[unit];
}

/**
 * Age groups of the 'Por edad' indicator, following ICH E11 (paediatric) and E2B(R3)
 * (D.2.3 patient age group): Neonato 0–27 días, Lactante 28 días–23 meses, Niño 2–11 años,
 * Adolescente 12–17 años, Adulto 18–64 años, Anciano 65 años o más. `maxDays` is exclusive.
 */
export const AGE_GROUPS = [
  { ID: 1, Name: 'Neonato', maxDays: 28 },
  { ID: 2, Name: 'Lactante', maxDays: 2 * DAYS_PER_YEAR },
  { ID: 3, Name: 'Niño', maxDays: 12 * DAYS_PER_YEAR },
  { ID: 4, Name: 'Adolescente', maxDays: 18 * DAYS_PER_YEAR },
  { ID: 5, Name: 'Adulto', maxDays: 65 * DAYS_PER_YEAR },
  { ID: 6, Name: 'Anciano', maxDays: Number.POSITIVE_INFINITY },
] as const;

/** The group of cases whose age is not known. */
export const UNKNOWN_AGE_GROUP = { ID: 0, Name: 'Desconocido' } as const;

export type AgeGroup = { ID: number; Name: string };

/** The age group of a patient from Age and Escala; 'Desconocido' when the age is missing. */
export function ageGroupOf(age: number | null | undefined, unit: string | null | undefined): AgeGroup {
  const days = ageInDays(age, unit);
  if (days === null) return UNKNOWN_AGE_GROUP;
  const group = AGE_GROUPS.find((candidate) => days < candidate.maxDays) ?? UNKNOWN_AGE_GROUP;
  return { ID: group.ID, Name: group.Name };
}
