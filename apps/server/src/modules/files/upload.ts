import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import { ACCEPTED_UPLOADS, fileExtension, MAX_UPLOAD_BYTES, MSG } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { AppError, badRequest } from '../../http/errors.js';
import { checkMultipartField, multipartReadError } from '../../http/multipart.js';
import { contentMatchesExtension } from './sniff.js';

/**
 * File uploads and downloads shared by every route that takes or gives a case's file
 * (documents and notes, origin report, medical contact; issue 6: RAM notifications and
 * product recovery). An upload is one multipart request with one file and a few text fields;
 * the bytes are checked (size, extension, content) before anything is stored, and stored in
 * `files` in the same transaction as the record that points to them.
 */

/** Multipart limits: one file of at most 20,000,000 bytes and a few short fields (event spec §5, §9). */
export const UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 20,
  parts: 25,
  /** Notes are at most 2000 characters (8000 bytes of UTF-8); anything longer is refused, not cut. */
  fieldSize: 64 * 1024,
} as const;

/**
 * Registers the multipart parser with `UPLOAD_LIMITS` in the calling plugin's scope (each
 * plugin that takes uploads calls it once, before its routes).
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  // A file over the limit is detected by `file.truncated` in `readSingleUpload`, not by an exception.
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: false });
}

/**
 * The OpenAPI description of a multipart upload's fields (all sent as text) and its `file`.
 * Documentation only: a multipart body is read by `readSingleUpload`, never parsed into
 * `request.body` (which stays empty and passes); any other body is refused by the route (415).
 */
export function multipartDoc(fields: Readonly<Record<string, string>>, file: { required: boolean }) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, description] of Object.entries(fields)) shape[name] = z.string().optional().describe(description);
  const binary = z.string().meta({ format: 'binary' }).describe(`El archivo (uno, de hasta ${MAX_UPLOAD_BYTES} bytes)`);
  shape.file = file.required ? binary : binary.optional();
  // The multipart parser leaves the body null; any other body (JSON) is not read either: the
  // handler's `readSingleUpload` refuses it with 415 and the Spanish message.
  return z.preprocess(() => undefined, z.object(shape).optional());
}

/** A checked upload, ready to store. */
export interface UploadedFile {
  /** The original file name, as stored and offered on download ('informe.pdf'). */
  name: string;
  /** Its lower-case extension without the dot ('pdf'). */
  extension: string;
  /** The MIME type of the extension (not the one the client claimed). */
  mimeType: string;
  size: number;
  sha256: string;
  content: Buffer;
}

/** The text fields of an upload request and its file, if one was sent. */
export interface SingleUpload {
  fields: Readonly<Record<string, string>>;
  file: UploadedFile | null;
}

/** The fields that may carry the file's name and extension (each route of the spec names them its own way). */
export interface UploadNameFields {
  name: readonly string[];
  extension: readonly string[];
}

/** fileName/extension (documents), FileName/Extension (origin, notifications), NombreArchivo/ExtensionArchivo (medical contact). */
export const SPEC_NAME_FIELDS: UploadNameFields = {
  name: ['fileName', 'FileName', 'NombreArchivo'],
  extension: ['extension', 'Extension', 'ExtensionArchivo'],
};

/** Longest stored file name (a longer one is shortened, keeping its extension). */
const MAX_FILE_NAME = 200;
const DEFAULT_FILE_NAME = 'archivo';

/** Reads a file part whole; a part cut at the size limit is refused (nothing is kept in memory past it). */
async function readWhole(stream: Readable & { truncated?: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  if (stream.truncated) throw badRequest(MSG.files.tooLarge);
  return Buffer.concat(chunks);
}

function firstField(fields: ReadonlyMap<string, string>, names: readonly string[]): string {
  for (const name of names) {
    const value = fields.get(name)?.trim();
    if (value) return value;
  }
  return '';
}

/**
 * The name to store: the name field when sent, else the part's file name; without any path,
 * control characters or surrounding blanks; the extension field is appended when the name has
 * none; at most `MAX_FILE_NAME` characters.
 */
export function uploadFileName(candidate: string, extensionField: string): string {
  let name = (candidate.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  const extension = extensionField.trim().replace(/^\.+/, '').toLowerCase();
  if (!fileExtension(name) && /^[a-z0-9]{1,10}$/.test(extension)) name = `${name || DEFAULT_FILE_NAME}.${extension}`;
  if (!name) name = DEFAULT_FILE_NAME;
  if (name.length > MAX_FILE_NAME) {
    const ext = fileExtension(name);
    const keep = ext ? MAX_FILE_NAME - ext.length - 1 : MAX_FILE_NAME;
    name = ext ? `${name.slice(0, keep)}.${ext}` : name.slice(0, keep);
  }
  return name;
}

/** Checks a received file: its extension is accepted and its content is of that kind (400 otherwise). */
async function checkedFile(name: string, content: Buffer): Promise<UploadedFile> {
  const extension = fileExtension(name);
  const mimeTypes = Object.hasOwn(ACCEPTED_UPLOADS, extension) ? ACCEPTED_UPLOADS[extension] : undefined;
  const mimeType = mimeTypes?.[0];
  if (!mimeType) throw badRequest(MSG.files.typeNotAllowed);
  if (!(await contentMatchesExtension(extension, content))) throw badRequest(MSG.files.contentMismatch);
  return { name, extension, mimeType, size: content.length, sha256: createHash('sha256').update(content).digest('hex'), content };
}

/**
 * Reads a multipart upload: its text fields (the first value of each) and at most one file,
 * checked — a second file 400 'Solo puede adjuntar un archivo', over 20,000,000 bytes 400
 * tooLarge, an extension not accepted 400 typeNotAllowed, content not of its extension 400
 * contentMismatch; a request that is not multipart 415. An empty file input (no name, no
 * bytes) is no file. Nothing is stored: pass the file to `storeFile` inside the transaction.
 */
export async function readSingleUpload(request: FastifyRequest, names: UploadNameFields = SPEC_NAME_FIELDS): Promise<SingleUpload> {
  if (!request.isMultipart()) throw new AppError(415, MSG.errors.unsupportedMediaType);
  const fields = new Map<string, string>();
  let received: { fileName: string; content: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await readWhole(part.file);
        if (received) throw badRequest(MSG.files.onlyOne);
        if (part.filename === '' && content.length === 0) continue;
        received = { fileName: part.filename, content };
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw new AppError(413, MSG.errors.payloadTooLarge);
        checkMultipartField(part.fieldname, String(part.value));
        if (!fields.has(part.fieldname)) fields.set(part.fieldname, String(part.value));
      }
    }
  } catch (error) {
    throw multipartReadError(error);
  }
  const file = received
    ? await checkedFile(uploadFileName(firstField(fields, names.name) || received.fileName, firstField(fields, names.extension)), received.content)
    : null;
  return { fields: Object.fromEntries(fields), file };
}

/** A stored file as the records that point to it show it. */
export interface StoredFileRef {
  id: string;
  name: string;
  extension: string;
}

/** Stores a checked upload in `files` (call inside the transaction that stores the record pointing to it). */
export async function storeFile(tx: Tx, upload: UploadedFile, userId: string): Promise<StoredFileRef> {
  const [row] = await tx
    .insert(files)
    .values({
      name: upload.name,
      extension: upload.extension,
      mimeType: upload.mimeType,
      size: upload.size,
      sha256: upload.sha256,
      content: upload.content,
      createdBy: userId,
    })
    .returning({ id: files.id, name: files.name, extension: files.extension });
  if (!row) throw new Error('File not stored');
  return row;
}

/** What a download needs of a stored file. */
export interface DownloadableFile {
  name: string;
  mimeType: string;
  content: Uint8Array;
}

/** The bytes of a stored file, or null. */
export async function loadFile(db: DbOrTx, fileId: string): Promise<DownloadableFile | null> {
  const [row] = await db.select({ name: files.name, mimeType: files.mimeType, content: files.content }).from(files).where(eq(files.id, fileId));
  return row ?? null;
}

/** Sends a stored file: its bytes, its MIME type, as an attachment with its original name, never cached. */
export function sendFile(reply: FastifyReply, file: DownloadableFile): FastifyReply {
  const bytes = Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength);
  return reply
    .code(200)
    .header('content-type', file.mimeType)
    .header('content-disposition', attachmentDisposition(file.name))
    .header('cache-control', 'private, no-store')
    .send(bytes);
}
