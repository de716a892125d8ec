import { type ErMedicalContact, type medicalContactBodySchema, MSG } from '@atalaya/domain';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { preparedByText } from '../../db/prepared.js';
import { events, files, medicalContacts } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { notFound } from '../../http/errors.js';
import { changedFields, lockEditableCase, recordCaseOperation } from '../cases/index.js';
import { findCaseInReach } from '../reach/index.js';

/**
 * Step 5 'Contacto médico' (getContactoMedicoByMeta, insertContactoMedico, updateContactoMedico):
 * one medical contact per case. Its file is uploaded apart (uploadFileContactoMedico) and kept
 * when the form is saved.
 */

type MedicalContactBody = z.output<typeof medicalContactBodySchema>;
type ContactFields = Pick<ErMedicalContact, 'SeContacto' | 'FechaContacto' | 'NombreMedico' | 'Profesion' | 'EmailMedico' | 'TelMedico' | 'Intervencion'>;

/** Spanish labels of the medical contact's fields in the history. */
const CONTACT_LABELS: Record<keyof ContactFields, string> = {
  SeContacto: 'Se realizó consulta médica',
  FechaContacto: 'Fecha de la consulta',
  NombreMedico: 'Nombre del médico',
  Profesion: 'Profesión',
  EmailMedico: 'Correo del médico',
  TelMedico: 'Teléfono del médico',
  Intervencion: 'Intervención',
};

/** The case's medical contact with its file's name, prepared once per connection (opening a case reads it). */
const contactRead = preparedByText((db) =>
  db
    .select({ contact: medicalContacts, fileName: files.name, extension: files.extension })
    .from(medicalContacts)
    .leftJoin(files, eq(files.id, medicalContacts.fileId))
    .where(eq(medicalContacts.eventId, sql.placeholder('eventId'))),
);

/** The medical contact of a case (its internal id) with its file's name, or null while none. */
export async function readMedicalContact(db: DbOrTx, eventId: string, meta: string): Promise<ErMedicalContact | null> {
  const [row] = await contactRead(db).execute({ eventId });
  if (!row) return null;
  const { contact } = row;
  return {
    Id: contact.id,
    ErId: meta,
    SeContacto: contact.contacted,
    FechaContacto: contact.contactDate,
    NombreMedico: contact.doctorName,
    Profesion: contact.profession,
    EmailMedico: contact.doctorEmail,
    TelMedico: contact.doctorPhone,
    Intervencion: contact.intervention,
    NombreArchivo: row.fileName,
    ExtensionArchivo: row.extension,
  };
}

/** `getContactoMedicoByMeta`: the medical contact of a case within reach; null while none is saved (404: unknown or out of reach). */
export async function getMedicalContact(db: Db, user: AuthUser, meta: string): Promise<ErMedicalContact | null> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  return readMedicalContact(db, found.id, found.meta);
}

/**
 * `insertContactoMedico` / `updateContactoMedico` (both upsert by case): in one transaction,
 * the case locked and editable by the user, writes the contact, sets the case's MedicalContact
 * ('Se realizó consulta médica?') and records 'Contacto médico creado' (I) or '… actualizado' (U)
 * with a line per changed field. An Id that is not this case's contact answers 404.
 */
export function setMedicalContact(db: Db, user: AuthUser, body: MedicalContactBody): Promise<ErMedicalContact> {
  return db.transaction(async (tx) => {
    const found = await lockEditableCase(tx, user, body.ErId);
    const [stored] = await tx.select().from(medicalContacts).where(eq(medicalContacts.eventId, found.id));
    if (body.Id !== null && body.Id !== undefined && body.Id !== stored?.id) throw notFound(MSG.wizard.recordNotFound);

    const now = new Date();
    const values = {
      contacted: body.SeContacto,
      contactDate: body.FechaContacto,
      doctorName: body.NombreMedico,
      profession: body.Profesion,
      doctorEmail: body.EmailMedico,
      doctorPhone: body.TelMedico,
      intervention: body.Intervencion,
      updatedAt: now,
      updatedBy: user.id,
    };
    if (stored) {
      await tx.update(medicalContacts).set(values).where(eq(medicalContacts.id, stored.id));
    } else {
      await tx.insert(medicalContacts).values({ eventId: found.id, ...values, createdAt: now, createdBy: user.id });
    }
    await tx.update(events).set({ medicalContact: body.SeContacto }).where(eq(events.id, found.id));

    const before: ContactFields | null = stored
      ? {
          SeContacto: stored.contacted,
          FechaContacto: stored.contactDate,
          NombreMedico: stored.doctorName,
          Profesion: stored.profession,
          EmailMedico: stored.doctorEmail,
          TelMedico: stored.doctorPhone,
          Intervencion: stored.intervention,
        }
      : null;
    await recordCaseOperation(tx, user, found, {
      description: stored ? 'Contacto médico actualizado' : 'Contacto médico creado',
      operationType: stored ? 'U' : 'I',
      lines: changedFields(CONTACT_LABELS, before, body),
      now,
    });
    const contact = await readMedicalContact(tx, found.id, found.meta);
    if (!contact) throw new Error('Medical contact not stored');
    return contact;
  });
}
