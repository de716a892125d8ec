import { canSeeReporterContact, casesApi, erPatientSchema, type ErPatient, MSG } from '@atalaya/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { preparedByText } from '../../db/prepared.js';
import { countries, eventPatients } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { notFound } from '../../http/errors.js';
import { metaParams } from '../../http/case-routes.js';
import { contractRoute } from '../../http/contract-route.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { findCaseInReach } from '../reach/index.js';

/** Paciente of a case (event spec §3 'Patient (ER)'): the domain's read shape, units by id, the country by code. */
export { erPatientSchema, type ErPatient };

/** Everyone who works on cases reads their patient (within reach). */

const patientRead = preparedByText((db) =>
  db
    .select({ patient: eventPatients, countryCode: countries.code })
    .from(eventPatients)
    .leftJoin(countries, eq(countries.id, eventPatients.countryId))
    .where(eq(eventPatients.eventId, sql.placeholder('eventId'))),
);

/** The stored patient of a case (by its internal id), or null while step 0 has not been saved. */
export async function readPatient(db: DbOrTx, eventId: string): Promise<ErPatient | null> {
  const [row] = await patientRead(db).execute({ eventId });
  if (!row) return null;
  const { patient } = row;
  return {
    Initials: patient.initials,
    Age: patient.age,
    Escala: patient.ageUnit,
    Height: patient.height,
    HeightUnitId: patient.heightUnitId,
    Weight: patient.weight,
    WeightUnitId: patient.weightUnitId,
    Genere: patient.gender,
    Pregnancy: patient.pregnancy,
    Gestation: patient.gestation,
    Lactation: patient.lactation,
    Country: row.countryCode,
    State: patient.state,
    Residence: patient.residenceId,
    InstMedica: patient.medicalInstitution,
    CondicionesMedicas: patient.medicalConditions,
    Alergias: patient.allergies,
    ContactAllow: patient.contactAllow,
    IdParentesco: patient.relationshipId,
    Phone: patient.phone,
    Email: patient.email,
  };
}

/**
 * The patient of a case within reach; 404 for an unknown case, one out of reach, or one without a patient yet.
 * A Fabricante gets it without the contact phone and e-mail.
 */
export async function getPatientByMeta(db: Db, meta: string, user: AuthUser): Promise<ErPatient> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  const patient = await patientOfCase(db, user, found.id);
  if (!patient) throw notFound();
  return patient;
}

/** The patient of a case the caller found in the user's reach, as `getPacienteByERMeta` answers it; null while none is saved. */
export async function patientOfCase(db: DbOrTx, user: AuthUser, eventId: string): Promise<ErPatient | null> {
  const patient = await readPatient(db, eventId);
  if (!patient) return null;
  // The phone and e-mail are the reporter's contact (Ingresar copies them from the report): not for a Fabricante (docs/roles.md).
  return canSeeReporterContact(user.role) ? patient : { ...patient, Phone: null, Email: null };
}

/** Reads of a case's records (the event view and the wizard build on them). */
export const caseReadRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...contractRoute(casesApi.getPacienteByERMeta, {
      tags: ['Eventos reportables'],
      summary: 'El paciente de un evento reportable',
      params: metaParams,
      errors: { ...errorResponses, 404: messageSchema },
    }),
    handler: (request) => getPatientByMeta(db, request.params.meta, requireUser(request)),
  });
};
