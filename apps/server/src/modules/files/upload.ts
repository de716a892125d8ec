import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { ACCEPTED_UPLOADS, fileExtension, MAX_UPLOAD_BYTES, MSG } from '@atalaya/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.js';
import { fileChunks, files } from '../../db/schema/index.js';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { AppError, badRequest } from '../../http/errors.js';
import { checkMultipartField, multipartReadError } from '../../http/multipart.js';
import { fileMatchesExtension } from './sniff.js';

/**
 * File uploads and downloads shared by every route that takes or gives a case's file
 * (documents and notes, origin report, medical contact; issue 6: RAM notifications and
 * product recovery). An upload is one multipart request with one file and a few text fields;
 * the bytes are checked (size, extension, content) before anything is stored, and stored in
 * `files` in the same transaction as the record that points to them.
 *
 * Memory stays bounded whatever arrives (issue 15 §5): the file is streamed to a temporary
 * file while it arrives (hashed and counted on the way), its type is sniffed from that file
 * reading only the bytes it needs, and it is stored in the database in pieces of
 * `FILE_CHUNK_BYTES` (`file_chunks`), one INSERT each. At most `maxConcurrentUploads` uploads
 * are received and stored at once; the others wait for a slot (their bytes stay in the
 * network buffers), then 503. A zip is stored as it came, never opened.
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

/**
 * A contract route (contractRoute) that takes a multipart upload (the endpoint's `bodyKind:
 * 'multipart'`): its OpenAPI content type and the description of its fields (`multipartDoc`, or
 * an upload's own), documentation only like them.
 */
export function withMultipartBody<R extends object, S extends object, B extends z.ZodType>(
  route: R & { schema: S },
  body: B,
): Omit<R, 'schema'> & { schema: Omit<S, 'body'> & { consumes: string[]; body: B } } {
  const { schema, ...rest } = route;
  return { ...rest, schema: { ...schema, consumes: ['multipart/form-data'], body } };
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
  /** Where its bytes wait until stored: a temporary file, removed when the request is done. */
  path: string;
}

/** A file to store: an upload (bytes in a temporary file) or one the server made (bytes in memory). */
export type StorableFile = Omit<UploadedFile, 'path'> & ({ path: string } | { content: Uint8Array });

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

/**
 * Streams a file part to `path`, hashing and counting it on the way; a part cut at the size
 * limit is refused with `tooLarge()` (the multipart parser stops at the limit, so at most that
 * much is written). The documents' uploads and the imports' share it.
 */
export async function streamToFile(
  stream: Readable & { truncated?: boolean },
  path: string,
  tooLarge: () => Error = () => badRequest(MSG.files.tooLarge),
): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(stream, measure, createWriteStream(path));
  if (stream.truncated) throw tooLarge();
  return { size, sha256: hash.digest('hex') };
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

interface ReceivedFile {
  fileName: string;
  path: string;
  size: number;
  sha256: string;
}

/** Checks a received file: its extension is accepted and its content is of that kind (400 otherwise). */
async function checkedFile(name: string, received: ReceivedFile): Promise<UploadedFile> {
  const extension = fileExtension(name);
  const mimeTypes = Object.hasOwn(ACCEPTED_UPLOADS, extension) ? ACCEPTED_UPLOADS[extension] : undefined;
  const mimeType = mimeTypes?.[0];
  if (!mimeType) throw badRequest(MSG.files.typeNotAllowed);
  if (!(await fileMatchesExtension(extension, received.path, received.size))) throw badRequest(MSG.files.contentMismatch);
  return { name, extension, mimeType, size: received.size, sha256: received.sha256, path: received.path };
}

/**
 * Reads a multipart upload into `dir`: its text fields (the first value of each) and at most
 * one file, checked — a second file 400 'Solo puede adjuntar un archivo', over 20,000,000
 * bytes 400 tooLarge, an extension not accepted 400 typeNotAllowed, content not of its
 * extension 400 contentMismatch. An empty file input (no name, no bytes) is no file.
 */
async function readSingleUpload(request: FastifyRequest, dir: string, names: UploadNameFields): Promise<SingleUpload> {
  const fields = new Map<string, string>();
  let received: ReceivedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (received) throw badRequest(MSG.files.onlyOne);
        const path = join(dir, 'upload');
        const { size, sha256 } = await streamToFile(part.file, path);
        if (part.filename === '' && size === 0) continue;
        received = { fileName: part.filename, path, size, sha256 };
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw new AppError(413, MSG.errors.payloadTooLarge);
        checkMultipartField(part.fieldname, String(part.value));
        if (!fields.has(part.fieldname)) fields.set(part.fieldname, String(part.value));
      }
    }
  } catch (error) {
    throw multipartReadError(error);
  }
  const file = received ? await checkedFile(uploadFileName(firstField(fields, names.name) || received.fileName, firstField(fields, names.extension)), received) : null;
  return { fields: Object.fromEntries(fields), file };
}

/**
 * Receives a multipart upload (see `readSingleUpload`; a request that is not multipart 415)
 * and runs `work` with it — store the file with `storeFile` inside work's transaction. The
 * upload holds one of the server's upload slots from before its first byte is read until
 * `work` ends (no slot free within the configured wait: 503 'El servidor está recibiendo
 * muchos archivos…'); its temporary file is removed then, whatever happened.
 */
export async function withSingleUpload<T>(
  request: FastifyRequest,
  work: (upload: SingleUpload) => Promise<T>,
  names: UploadNameFields = SPEC_NAME_FIELDS,
): Promise<T> {
  if (!request.isMultipart()) throw new AppError(415, MSG.errors.unsupportedMediaType);
  const { uploadSlots, uploadWaitMs } = request.server.resourceLimits;
  if (!(await uploadSlots.acquire(uploadWaitMs))) throw new AppError(503, MSG.files.serverBusy);
  let dir: string | null = null;
  try {
    dir = await mkdtemp(join(tmpdir(), 'atalaya-upload-'));
    return await work(await readSingleUpload(request, dir, names));
  } finally {
    uploadSlots.release();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

/** A stored file as the records that point to it show it. */
export interface StoredFileRef {
  id: string;
  name: string;
  extension: string;
}

/** Largest piece of a file stored in one row of `file_chunks` (and held in memory at once to store or send it). */
export const FILE_CHUNK_BYTES = 512 * 1024;

/** The pieces of a file's bytes, `FILE_CHUNK_BYTES` at most each, read from its temporary file or memory. */
async function* chunksOf(file: StorableFile): AsyncGenerator<Uint8Array> {
  if ('content' in file) {
    for (let offset = 0; offset < file.content.length; offset += FILE_CHUNK_BYTES) yield file.content.subarray(offset, offset + FILE_CHUNK_BYTES);
    return;
  }
  for await (const chunk of createReadStream(file.path, { highWaterMark: FILE_CHUNK_BYTES })) yield chunk as Buffer;
}

/**
 * Stores a file in `files` and its bytes in `file_chunks`, one INSERT per piece (call inside
 * the transaction that stores the record pointing to it).
 */
export async function storeFile(tx: Tx, file: StorableFile, userId: string): Promise<StoredFileRef> {
  const [row] = await tx
    .insert(files)
    .values({ name: file.name, extension: file.extension, mimeType: file.mimeType, size: file.size, sha256: file.sha256, content: null, createdBy: userId })
    .returning({ id: files.id, name: files.name, extension: files.extension });
  if (!row) throw new Error('File not stored');
  let seq = 0;
  for await (const data of chunksOf(file)) {
    await tx.insert(fileChunks).values({ fileId: row.id, seq, data });
    seq += 1;
  }
  return row;
}

/** What a download needs of a stored file. */
export interface DownloadableFile {
  name: string;
  mimeType: string;
  size: number;
  /**
   * Its bytes: whole for a file stored before issue 15 (`files.content`), otherwise read from
   * `file_chunks` one piece at a time as the answer is sent, so a download holds at most one
   * 512 KiB piece in memory however large the file and however many downloads run at once.
   */
  content: Uint8Array | Readable;
}

/**
 * The pieces of a chunked file, read in order as the stream is consumed. Opened on `db` (not a
 * transaction that ends before the answer is sent); a missing piece ends the stream with an error.
 */
function chunkStream(db: DbOrTx, fileId: string, size: number): Readable {
  let seq = 0;
  let sent = 0;
  return new Readable({
    read() {
      db.select({ data: fileChunks.data })
        .from(fileChunks)
        .where(and(eq(fileChunks.fileId, fileId), eq(fileChunks.seq, seq)))
        .then(([piece]) => {
          if (!piece) {
            if (sent === size) this.push(null);
            else this.destroy(new Error(`file ${fileId}: piece ${seq} missing (${sent} of ${size} bytes)`));
            return;
          }
          seq += 1;
          sent += piece.data.length;
          this.push(piece.data);
        })
        .catch((error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))));
    },
  });
}

/** A stored file to download (its bytes streamed when it is chunked), or null. */
export async function loadFile(db: DbOrTx, fileId: string): Promise<DownloadableFile | null> {
  const [row] = await db
    .select({ name: files.name, mimeType: files.mimeType, size: files.size, content: files.content })
    .from(files)
    .where(eq(files.id, fileId));
  if (!row) return null;
  const { name, mimeType, size } = row;
  return { name, mimeType, size, content: row.content ?? chunkStream(db, fileId, size) };
}

/** The whole bytes of a stored file (whole, or its pieces put together), or null: for small files such as a generated PDF. */
export async function loadFileBytes(db: DbOrTx, fileId: string): Promise<Uint8Array | null> {
  const [row] = await db.select({ content: files.content }).from(files).where(eq(files.id, fileId));
  if (!row) return null;
  if (row.content) return row.content;
  const pieces = await db.select({ data: fileChunks.data }).from(fileChunks).where(eq(fileChunks.fileId, fileId)).orderBy(asc(fileChunks.seq));
  return Buffer.concat(pieces.map((piece) => piece.data));
}

/** Sends a stored file: its bytes (streamed when chunked), its MIME type, as an attachment with its original name, never cached. */
export function sendFile(reply: FastifyReply, file: DownloadableFile): FastifyReply {
  const body = file.content instanceof Readable ? file.content : Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength);
  return reply
    .code(200)
    .header('content-type', file.mimeType)
    .header('content-length', file.size)
    .header('content-disposition', attachmentDisposition(file.name))
    .header('cache-control', 'private, no-store')
    .send(body);
}
