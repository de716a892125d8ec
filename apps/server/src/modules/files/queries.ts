import { and, desc, eq, isNull, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { eventDocuments, eventOrigins, events, files, medicalContacts, noteFileTypes, users } from '../../db/schema/index.js';

/** The documents and notes of a case that are not deleted, newest first, with type, file and author. */
export function documentsOfCase(db: DbOrTx, eventId: string | Placeholder) {
  return db
    .select({
      id: eventDocuments.id,
      note: eventDocuments.note,
      typeId: eventDocuments.typeId,
      typeName: noteFileTypes.nombre,
      fileName: files.name,
      extension: files.extension,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: eventDocuments.createdAt,
    })
    .from(eventDocuments)
    .leftJoin(noteFileTypes, eq(noteFileTypes.id, eventDocuments.typeId))
    .leftJoin(files, eq(files.id, eventDocuments.fileId))
    .leftJoin(users, eq(users.id, eventDocuments.createdBy))
    .where(and(eq(eventDocuments.eventId, eventId), isNull(eventDocuments.deletedAt)))
    .orderBy(desc(eventDocuments.createdAt), desc(eventDocuments.id));
}

/** A document or note that is not deleted, with its case's Meta, its type's name and its file. */
export async function findDocument(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: eventDocuments.id,
      eventId: eventDocuments.eventId,
      meta: events.meta,
      note: eventDocuments.note,
      typeId: eventDocuments.typeId,
      typeName: noteFileTypes.nombre,
      fileId: eventDocuments.fileId,
      fileName: files.name,
    })
    .from(eventDocuments)
    .innerJoin(events, eq(events.id, eventDocuments.eventId))
    .leftJoin(noteFileTypes, eq(noteFileTypes.id, eventDocuments.typeId))
    .leftJoin(files, eq(files.id, eventDocuments.fileId))
    .where(and(eq(eventDocuments.id, id), isNull(eventDocuments.deletedAt)));
  return row ?? null;
}

/** The name of an enabled NotasArchivosTipo, or null when there is none with this id. */
export async function enabledNoteTypeName(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db
    .select({ nombre: noteFileTypes.nombre })
    .from(noteFileTypes)
    .where(and(eq(noteFileTypes.id, id), eq(noteFileTypes.eliminado, false)));
  return row?.nombre ?? null;
}

/** The origin report of a case (Have and its file), or null before step 1 or an upload. */
export async function originOfCase(db: DbOrTx, eventId: string) {
  const [row] = await db
    .select({ have: eventOrigins.have, notHave: eventOrigins.notHave, fileId: eventOrigins.fileId, fileName: files.name })
    .from(eventOrigins)
    .leftJoin(files, eq(files.id, eventOrigins.fileId))
    .where(eq(eventOrigins.eventId, eventId));
  return row ?? null;
}

/** A medical contact with its case's Meta and its file. */
export async function findMedicalContact(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: medicalContacts.id, eventId: medicalContacts.eventId, meta: events.meta, fileId: medicalContacts.fileId, fileName: files.name })
    .from(medicalContacts)
    .innerJoin(events, eq(events.id, medicalContacts.eventId))
    .leftJoin(files, eq(files.id, medicalContacts.fileId))
    .where(eq(medicalContacts.id, id));
  return row ?? null;
}
