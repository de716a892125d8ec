import { canSeeReporterContact, type ErWhoReport, MSG } from '@atalaya/domain';
import { eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { preparedByText } from '../../db/prepared.js';
import { events, homeReports, relationships, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { notFound } from '../../http/errors.js';
import { findCaseInReach } from '../reach/index.js';
import { isStorableId } from './lists.js';
import { personName } from '../../shared/person-name.js';

/**
 * `getERWhoReportByMeta`: who reported a case. A case entered from an incoming report names the
 * report's reporter — 'Médico' (a health professional: their own contact data, else the
 * medic's of the medical-contact section) or 'Paciente' (the patient or a relative, with the
 * relationship); a case created by staff names its creator ('Usuario'). A Fabricante does not
 * get the name, e-mail and phone of a report's reporter (the PDF, which reads this, neither).
 */

const text = z.string().nullish().catch(null);
const choice = z.union([z.string(), z.number()]).nullish().catch(null);
const person = z
  .object({ Nombre: text, Profesion: text, Parentesco: choice, Email: text, Telefono: text })
  .partial()
  .nullish()
  .catch(null);

/** The parts of a stored incoming report (home_reports.data) this answer reads; anything unreadable counts as absent. */
const reporterView = z.object({
  InformacionContacto: z.object({ Reporta: person }).partial().nullish().catch(null),
  ContactoMedico: z.object({ Medico: person }).partial().nullish().catch(null),
});

function clean(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** The name of a relationship (Parentesco) given by id or by code; a free text stays as given. */
async function relationshipName(db: Db, value: string | number | null | undefined): Promise<string | null> {
  if (value === null || value === undefined) return null;
  const key = String(value).trim();
  if (!key) return null;
  const id = /^\d+$/.test(key) ? Number(key) : null;
  const [row] = await db
    .select({ name: relationships.nombre })
    .from(relationships)
    .where(id !== null && isStorableId(id) ? or(eq(relationships.id, id), eq(relationships.value, key)) : eq(relationships.value, key));
  return row?.name ?? (id === null ? key : null);
}

export async function getWhoReport(db: Db, user: AuthUser, meta: string): Promise<ErWhoReport> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  const reporter = await whoReportOfCase(db, user, found.id);
  if (!reporter) throw notFound(MSG.lists.eventNotFound);
  return reporter;
}

/** Who reported a case the caller found in the user's reach, as `getERWhoReportByMeta` answers it; null when it is gone. */
export async function whoReportOfCase(db: Db, user: AuthUser, eventId: string): Promise<ErWhoReport | null> {
  const reporter = await readWhoReport(db, eventId);
  if (!reporter) return null;
  // The reporter of an incoming report keeps their name, e-mail and phone from a Fabricante (docs/roles.md).
  if (reporter.Origen === 'Usuario' || canSeeReporterContact(user.role)) return reporter;
  return { ...reporter, Nombre: null, Email: null, Telefono: null };
}

const reporterRead = preparedByText((db) =>
  db
    .select({
      homeReportIsMedic: homeReports.isMedic,
      homeReportData: homeReports.data,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(events)
    .innerJoin(users, eq(users.id, events.createdBy))
    .leftJoin(homeReports, eq(homeReports.id, events.homeReportId))
    .where(eq(events.id, sql.placeholder('eventId'))),
);

/** Who reported the case `eventId` (no reach check: the caller found the case in the user's reach); null when it is gone. */
export async function readWhoReport(db: Db, eventId: string): Promise<ErWhoReport | null> {
  const [row] = await reporterRead(db).execute({ eventId });
  if (!row) return null;

  if (row.homeReportData === null) {
    return {
      Origen: 'Usuario',
      Nombre: personName(row),
      Email: row.email,
      Telefono: null,
      Parentesco: null,
      Profesion: null,
    };
  }
  const parsed = reporterView.safeParse(row.homeReportData);
  const report = parsed.success ? parsed.data : { InformacionContacto: null, ContactoMedico: null };
  const reporter = report.InformacionContacto?.Reporta ?? null;
  const parentesco = await relationshipName(db, reporter?.Parentesco);
  if (row.homeReportIsMedic) {
    const medic = report.ContactoMedico?.Medico ?? null;
    return {
      Origen: 'Médico',
      Nombre: clean(reporter?.Nombre) ?? clean(medic?.Nombre),
      Email: clean(reporter?.Email) ?? clean(medic?.Email),
      Telefono: clean(reporter?.Telefono) ?? clean(medic?.Telefono),
      Parentesco: parentesco,
      Profesion: clean(reporter?.Profesion) ?? clean(medic?.Profesion),
    };
  }
  return {
    Origen: 'Paciente',
    Nombre: clean(reporter?.Nombre),
    Email: clean(reporter?.Email),
    Telefono: clean(reporter?.Telefono),
    Parentesco: parentesco,
    Profesion: clean(reporter?.Profesion),
  };
}
