import { caseMetaSchema, dbIdText, MSG, noteSchema } from '@atalaya/domain';
import { z } from 'zod';

/** A multipart text field a client leaves empty: '', 'null' or 'undefined' (what FormData makes of null). */
function blankToUndefined(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === 'null' || trimmed === 'undefined' ? undefined : trimmed;
}

/** A positive whole id sent as a form field. */
const formId = (message: string) => dbIdText(message);

/** uploadDocAndNotes actions (event spec §4): wizard insert and update, and insert from the event view. */
export const DOCUMENT_ACTIONS = ['insert', 'update', 'insertPostCreated'] as const;
export type DocumentAction = (typeof DOCUMENT_ACTIONS)[number];

/** The text fields of `uploadDocAndNotes` (the file is read apart). */
export const documentUploadFieldsSchema = z
  .object({
    action: z.enum(DOCUMENT_ACTIONS, { error: MSG.caseFiles.actionUnknown }),
    /** The case's Meta. */
    idEr: caseMetaSchema,
    /** The document or note to change (update only). */
    id: z.preprocess(blankToUndefined, formId(MSG.caseFiles.documentRequired).optional()),
    note: noteSchema.shape.note,
    /** A NotasArchivosTipo id, or none. */
    tipoId: z.preprocess(blankToUndefined, formId(MSG.wizard.optionUnknown('Tipo')).optional()).transform((value) => value ?? null),
  })
  .superRefine((fields, ctx) => {
    if (fields.action === 'update' && fields.id === undefined) ctx.addIssue({ code: 'custom', message: MSG.caseFiles.documentRequired, path: ['id'] });
  });

/** uploadFileOriginReport: `Id` is the case's Meta. */
export const originUploadFieldsSchema = z.object({ Id: caseMetaSchema });

/** uploadFileContactoMedico: `Id` is the medical contact's id. */
export const medicalContactUploadFieldsSchema = z.object({ Id: z.preprocess(blankToUndefined, formId(MSG.wizard.recordNotFound)) });

export const idParams = z.object({ id: formId(MSG.referenceData.invalidId) });
