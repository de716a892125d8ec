import { z } from 'zod';
import { FIELD_LIMITS } from './field-limits.js';
import { MSG } from './messages.js';

/** Notes and reasons are at most 2000 characters (event spec §9). */
export const MAX_NOTE_LENGTH: number = FIELD_LIMITS.longText;

/** Upload limit: 20,000,000 bytes, one file per dialog (event spec §5, §9). */
export const MAX_UPLOAD_BYTES = 20_000_000;

/**
 * Accepted upload types (event spec §5): jpeg, tiff, pdf, rtf, html, plain text, Word,
 * Excel, zip, 7z, rar — by extension, with the MIME types a browser may report.
 */
export const ACCEPTED_UPLOADS: Readonly<Record<string, readonly string[]>> = {
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  tif: ['image/tiff'],
  tiff: ['image/tiff'],
  pdf: ['application/pdf'],
  rtf: ['application/rtf', 'text/rtf'],
  htm: ['text/html'],
  html: ['text/html'],
  txt: ['text/plain'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xls: ['application/vnd.ms-excel'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  zip: ['application/zip', 'application/x-zip-compressed'],
  '7z': ['application/x-7z-compressed'],
  rar: ['application/vnd.rar', 'application/x-rar-compressed'],
};

/** The `accept` attribute of a file input. */
export const UPLOAD_ACCEPT = [...new Set(Object.values(ACCEPTED_UPLOADS).flat())].join(',');

/** The lower-cased extension of a file name, without the dot ('' when none). */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/**
 * Why a file cannot be uploaded, or null when it can: its extension must be accepted and
 * its size within the limit. (The server also checks the content, not only the name.)
 */
export function uploadError(file: { name: string; size: number }): string | null {
  if (!Object.hasOwn(ACCEPTED_UPLOADS, fileExtension(file.name))) return MSG.files.typeNotAllowed;
  if (file.size > MAX_UPLOAD_BYTES) return MSG.files.tooLarge;
  return null;
}

/** Document or note (event spec §5): the note is required, at most 2000 characters; a type can be chosen. */
export const noteSchema = z.object({
  note: z
    .string({ error: MSG.notes.noteRequired })
    .trim()
    .min(1, { error: MSG.notes.noteRequired, abort: true })
    .max(MAX_NOTE_LENGTH, MSG.generic.maxLength(MAX_NOTE_LENGTH)),
  tipoId: z.union([z.string(), z.number()]).nullish(),
});
export type NoteInput = z.infer<typeof noteSchema>;
