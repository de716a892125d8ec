import { fileExtension, type ErMedicalContact, type medicalContactInputSchema } from '@atalaya/domain';
import type { z } from 'zod';
import { flagOf, readFields, stringOrNull, textOf } from '../../../shared/form';
import { decideLeave, type LeavePlan } from '../wizard-navigation';

/** Step 5 'Contacto médico': the form, its write and its leave rule (event spec §2.4, §4). */

export type MedicalContact = z.output<typeof medicalContactInputSchema>;

/** What the form edits, each field with how the stored contact's value is read into it ('Se realizó consulta médica?' is null while unanswered). */
const CONTACT_FIELDS = {
  SeContacto: flagOf, FechaContacto: stringOrNull, NombreMedico: textOf, Profesion: textOf, EmailMedico: textOf, TelMedico: textOf, Intervencion: textOf,
} satisfies Record<keyof MedicalContact, (value: unknown) => unknown>;

export type MedicalContactForm = ReturnType<typeof contactToForm>;

/** The form's values from the stored contact (blank while the case has none). */
export function contactToForm(contact: ErMedicalContact | null) {
  return readFields(CONTACT_FIELDS, contact ?? {});
}

export type ContactWrite =
  | { path: 'insertContactoMedico'; body: { ErId: string } & MedicalContact }
  | { path: 'updateContactoMedico'; body: { Id: number; ErId: string } & MedicalContact };

/** insertContactoMedico while the case has no contact, else updateContactoMedico with its Id. */
export function contactWrite(meta: string, stored: Pick<ErMedicalContact, 'Id'> | null, contact: MedicalContact): ContactWrite {
  if (!stored) return { path: 'insertContactoMedico', body: { ErId: meta, ...contact } };
  return { path: 'updateContactoMedico', body: { Id: stored.Id, ErId: meta, ...contact } };
}

/**
 * Leaving step 5, which is always allowed (event spec §4): an untouched form just moves (even
 * unanswered); a touched one is saved when valid, blocks the way forward when invalid, and
 * going back with it asks '¡Se perderán los datos sí continúa!'.
 */
export function planContactLeave(direction: 'forward' | 'back', touched: boolean, valid: boolean): LeavePlan {
  return touched ? decideLeave(direction, valid, true) : 'skip';
}

/** The multipart body of uploadFileContactoMedico: Id (the stored contact's), ExtensionArchivo, NombreArchivo, file last. */
export function contactFileForm(contactId: number, file: File): FormData {
  const form = new FormData();
  form.append('Id', String(contactId));
  form.append('ExtensionArchivo', fileExtension(file.name));
  form.append('NombreArchivo', file.name);
  form.append('file', file, file.name);
  return form;
}
