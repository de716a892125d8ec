import { MSG } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { countries, eventPatients } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { notFound } from '../../http/errors.js';
import { requireUser } from '../../http/route-access.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { findCaseInReach } from '../reach/index.js';

/** Paciente of a case (event spec §3 'Patient (ER)'); units by id, the country by code. */
export const erPatientSchema = z.object({
  Initials: z.string(),
  Age: z.number().nullable(),
  /** Días, Semanas, Meses, Años. */
  Escala: z.string().nullable(),
  Height: z.number().nullable(),
  HeightUnitId: z.number().int().nullable(),
  Weight: z.number().nullable(),
  WeightUnitId: z.number().int().nullable(),
  /** 'M' or 'F'. */
  Genere: z.string().nullable(),
  Pregnancy: z.boolean().nullable(),
  Gestation: z.number().int().nullable(),
  Lactation: z.boolean().nullable(),
  Country: z.string().nullable(),
  State: z.string().nullable(),
  Residence: z.number().int().nullable(),
  InstMedica: z.string().nullable(),
  CondicionesMedicas: z.string().nullable(),
  Alergias: z.string().nullable(),
  ContactAllow: z.boolean().nullable(),
  IdParentesco: z.number().int().nullable(),
  Phone: z.string().nullable(),
  Email: z.string().nullable(),
});
export type ErPatient = z.infer<typeof erPatientSchema>;

/** Everyone who works on cases reads their patient (within reach). */
const CASE_READERS = ['QPPV', 'RLF', 'CL', 'Fabricante'] as const;

/** The patient of a case within reach; 404 for an unknown case, one out of reach, or one without a patient yet. */
export async function getPatientByMeta(db: Db, meta: string, user: AuthUser): Promise<ErPatient> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  const [row] = await db
    .select({ patient: eventPatients, countryCode: countries.code })
    .from(eventPatients)
    .leftJoin(countries, eq(countries.id, eventPatients.countryId))
    .where(eq(eventPatients.eventId, found.id));
  if (!row) throw notFound();
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

/** Reads of a case's records (the event view and the wizard build on them). */
export const caseReadRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    method: 'GET',
    url: '/api/getPacienteByERMeta/:meta',
    config: { roles: CASE_READERS },
    schema: {
      tags: ['Eventos reportables'],
      summary: 'El paciente de un evento reportable',
      params: z.object({ meta: z.string().max(64, MSG.lists.eventNotFound) }),
      response: { 200: erPatientSchema, ...errorResponses, 404: messageSchema },
    },
    handler: (request) => getPatientByMeta(db, request.params.meta, requireUser(request)),
  });
};
