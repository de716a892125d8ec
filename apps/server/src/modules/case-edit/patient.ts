import { DEFAULT_MEASURE_UNIT_ID, patientMeasureIssues, type ErPatient, type Patient } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { countries, eventPatients, heightUnits, weightUnits } from '../../db/schema/index.js';
import { badRequest } from '../../http/errors.js';
import type { AuthUser } from '../../http/access-token.js';
import { changedFields, type ChangeLine, lockEditableCase, recordCaseOperation } from '../cases/index.js';
import { readPatient } from '../cases/index.js';
import { checkCountryCode, checkListValue, listNames, nameOr } from './lists.js';

/** Step 0 'Datos del paciente' (setPaciente): the patient of a case, one per case. */

/** Spanish labels of the patient's fields in the history, in form order. */
const PATIENT_LABELS: Record<keyof Patient, string> = {
  Initials: 'Alias',
  Age: 'Edad',
  Escala: 'Unidad de edad',
  Height: 'Altura',
  HeightUnitId: 'Unidad de altura',
  Weight: 'Peso',
  WeightUnitId: 'Unidad de peso',
  Genere: 'Sexo',
  Pregnancy: 'Embarazo',
  Gestation: 'Semanas de gestación',
  Lactation: 'Lactancia',
  Country: 'País',
  State: 'Provincia',
  Residence: 'Residencia',
  InstMedica: 'Institución médica',
  CondicionesMedicas: 'Condiciones médicas',
  Alergias: 'Alergias',
  ContactAllow: 'Desea ser contactado',
  IdParentesco: 'Parentesco',
  Phone: 'Teléfono',
  Email: 'Correo electrónico',
};

/** The patient as the Operaciones tab shows it: list values by name, the country by name. */
async function displayed(tx: Tx, patients: readonly (ErPatient | Patient | null)[]): Promise<(Record<string, unknown> | null)[]> {
  const present = patients.filter((patient): patient is ErPatient | Patient => patient !== null);
  // One query at a time: a transaction holds a single connection.
  const heightUnits = await listNames(tx, 'heightUnits', present.map((patient) => patient.HeightUnitId));
  const weightUnits = await listNames(tx, 'weightUnits', present.map((patient) => patient.WeightUnitId));
  const residences = await listNames(tx, 'residences', present.map((patient) => patient.Residence));
  const relationships = await listNames(tx, 'relationships', present.map((patient) => patient.IdParentesco));
  const codes = present.map((patient) => patient.Country?.toUpperCase()).filter((code): code is string => Boolean(code));
  const countryNames = new Map<string, string>();
  for (const code of new Set(codes)) {
    const [row] = await tx.select({ name: countries.name }).from(countries).where(eq(countries.code, code));
    if (row) countryNames.set(code, row.name);
  }
  return patients.map((patient) =>
    patient === null
      ? null
      : {
          ...patient,
          HeightUnitId: nameOr(heightUnits, patient.HeightUnitId),
          WeightUnitId: nameOr(weightUnits, patient.WeightUnitId),
          Residence: nameOr(residences, patient.Residence),
          IdParentesco: nameOr(relationships, patient.IdParentesco),
          Country: patient.Country ? (countryNames.get(patient.Country.toUpperCase()) ?? patient.Country) : null,
        },
  );
}

/**
 * The height and weight must be plausible in their units (issue 20): the server reads the
 * abbreviations of the chosen unit rows (editable lists) and applies the domain's rule; 400 with
 * 'La altura debe estar entre…' / 'El peso debe estar entre…' otherwise.
 */
async function checkMeasures(tx: Tx, patient: Patient): Promise<void> {
  const [height] = await tx.select({ Id: heightUnits.id, Abreviacion: heightUnits.abreviacion }).from(heightUnits).where(eq(heightUnits.id, patient.HeightUnitId ?? DEFAULT_MEASURE_UNIT_ID));
  const [weight] = await tx.select({ Id: weightUnits.id, Abreviacion: weightUnits.abreviacion }).from(weightUnits).where(eq(weightUnits.id, patient.WeightUnitId ?? DEFAULT_MEASURE_UNIT_ID));
  const [issue] = patientMeasureIssues(patient, { AlturaUnidad: height ? [height] : [], PesoUnidad: weight ? [weight] : [] });
  if (issue) throw badRequest(issue.message);
}

/**
 * Writes the patient of a case (inserted the first time, updated after) and answers whether it
 * was created and the lines of what changed. List values must be enabled rows (or the values
 * already stored): 400 'El valor elegido para {campo} no es válido' otherwise; height and weight
 * plausible in their units (`checkMeasures`).
 */
export async function savePatient(tx: Tx, eventId: string, patient: Patient, userId: string): Promise<{ created: boolean; lines: ChangeLine[] }> {
  const [stored] = await tx.select().from(eventPatients).where(eq(eventPatients.eventId, eventId));
  const before = stored ? await readPatient(tx, eventId) : null;

  await checkListValue(tx, 'heightUnits', patient.HeightUnitId, stored?.heightUnitId ?? null, PATIENT_LABELS.HeightUnitId);
  await checkListValue(tx, 'weightUnits', patient.WeightUnitId, stored?.weightUnitId ?? null, PATIENT_LABELS.WeightUnitId);
  await checkListValue(tx, 'residences', patient.Residence, stored?.residenceId ?? null, PATIENT_LABELS.Residence);
  await checkListValue(tx, 'relationships', patient.IdParentesco, stored?.relationshipId ?? null, PATIENT_LABELS.IdParentesco);
  const country = await checkCountryCode(tx, patient.Country, stored?.countryId ?? null, PATIENT_LABELS.Country);
  await checkMeasures(tx, patient);

  const now = new Date();
  const values = {
    initials: patient.Initials,
    age: patient.Age,
    ageUnit: patient.Escala,
    height: patient.Height,
    heightUnitId: patient.HeightUnitId,
    weight: patient.Weight,
    weightUnitId: patient.WeightUnitId,
    gender: patient.Genere,
    pregnancy: patient.Pregnancy,
    gestation: patient.Gestation,
    lactation: patient.Lactation,
    countryId: country?.id ?? null,
    state: patient.State,
    residenceId: patient.Residence,
    medicalInstitution: patient.InstMedica,
    medicalConditions: patient.CondicionesMedicas,
    allergies: patient.Alergias,
    contactAllow: patient.ContactAllow,
    relationshipId: patient.IdParentesco,
    phone: patient.Phone,
    email: patient.Email,
    updatedAt: now,
    updatedBy: userId,
  };
  if (stored) {
    await tx.update(eventPatients).set(values).where(eq(eventPatients.eventId, eventId));
  } else {
    await tx.insert(eventPatients).values({ eventId, ...values, createdAt: now, createdBy: userId });
  }

  const [shownBefore, shownAfter] = await displayed(tx, [before, { ...patient, Country: patient.Country?.toUpperCase() ?? null }]);
  return { created: !stored, lines: changedFields(PATIENT_LABELS, shownBefore ?? null, shownAfter ?? null) };
}

/**
 * The patient of a case (its internal id) written inside the caller's transaction; the lines of
 * what changed, for the caller's history entry. Also used by the follow-up report (insertES).
 */
export async function upsertPatient(tx: Tx, eventId: string, patient: Patient, userId: string): Promise<ChangeLine[]> {
  return (await savePatient(tx, eventId, patient, userId)).lines;
}

/**
 * `setPaciente`: in one transaction, the case locked and editable by the user, writes the
 * patient and records 'Paciente creado' (I) or 'Paciente actualizado' (U) with a line per
 * changed field. Answers the stored patient.
 */
export function setPatient(db: Db, user: AuthUser, meta: string, patient: Patient): Promise<ErPatient> {
  return db.transaction(async (tx) => {
    const found = await lockEditableCase(tx, user, meta);
    const { created, lines } = await savePatient(tx, found.id, patient, user.id);
    await recordCaseOperation(tx, user, found, {
      description: created ? 'Paciente creado' : 'Paciente actualizado',
      operationType: created ? 'I' : 'U',
      lines,
    });
    const stored = await readPatient(tx, found.id);
    if (!stored) throw new Error('Patient not stored');
    return stored;
  });
}
