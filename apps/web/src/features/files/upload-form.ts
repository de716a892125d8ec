import { fileExtension, uploadError } from '@atalaya/domain';

/**
 * The `action` field of `uploadDocAndNotes` (event spec §4 'Document upload action'): 'insert'
 * and 'update' from the edit wizard, 'insertPostCreated' for an insert from the event view.
 */
export type DocumentUploadAction = 'insert' | 'update' | 'insertPostCreated';
/** How the panel adds a document: the wizard inserts, the event view inserts post-creation. */
export type DocumentInsertAction = Exclude<DocumentUploadAction, 'update'>;

export interface DocumentUpload {
  /** The case's Meta (`idEr`). */
  meta: string;
  action: DocumentUploadAction;
  /** The document's id: sent for an update only. */
  id: number | null;
  note: string;
  /** NotasArchivosTipo id. */
  tipoId: number | null;
  /** The one optional file; on an update, none keeps the stored file. */
  file: File | null;
}

/**
 * The multipart body of `uploadDocAndNotes` (event spec §7): id (update only), extension,
 * fileName, action, note, idEr, tipoId, file. The file goes last so the server has read every
 * text field by the time the bytes arrive.
 */
export function documentUploadForm(upload: DocumentUpload): FormData {
  const form = new FormData();
  if (upload.action === 'update' && upload.id !== null) form.append('id', String(upload.id));
  if (upload.file) {
    form.append('extension', fileExtension(upload.file.name));
    form.append('fileName', upload.file.name);
  }
  form.append('action', upload.action);
  form.append('note', upload.note);
  form.append('idEr', upload.meta);
  if (upload.tipoId !== null) form.append('tipoId', String(upload.tipoId));
  if (upload.file) form.append('file', upload.file, upload.file.name);
  return form;
}

/** The action of a dialog: 'update' when it edits a stored document, else the panel's insert action. */
export function uploadAction(editingId: number | null, insertAction: DocumentInsertAction): DocumentUploadAction {
  return editingId === null ? insertAction : 'update';
}

/** What a file picker does with a chosen file: keep it, or refuse it with the reason (type, size). */
export function pickFile<T extends { name: string; size: number }>(file: T | null): { file: T | null; error: string | null } {
  if (!file) return { file: null, error: null };
  const error = uploadError(file);
  return error ? { file: null, error } : { file, error: null };
}

/** A stored file's name as downloaded and shown: the name, with its extension when the name lacks it. */
export function storedFileName(name: string | null | undefined, extension: string | null | undefined): string | null {
  if (!name) return null;
  const ext = (extension ?? '').replace(/^\./, '');
  if (!ext || fileExtension(name) === ext.toLowerCase()) return name;
  return `${name}.${ext}`;
}
