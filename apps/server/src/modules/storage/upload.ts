import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { ACCEPTED_UPLOADS, fileExtension, MAX_UPLOAD_BYTES, MSG } from '@atalaya/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MultipartBody } from '../../http/contract-route.js';
import { AppError, badRequest } from '../../http/errors.js';
import { checkMultipartField, multipartReadError } from './multipart.js';
import { fileMatchesExtension } from './sniff.js';

/**
 * The one multipart reader (issue 34 §4): every route that takes a file (a case's documents and
 * notes, origin report, medical contact, RAM notifications, product recovery, a signal's
 * documents, and the imports' uploads) reads its request with `withUpload`. An upload is one
 * multipart request with one file and a few text fields; the bytes are checked (size,
 * extension, content) before anything is stored, and stored (store.ts) in the same transaction
 * as the record that points to them.
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

/** The multipart parser's limits (@fastify/multipart, busboy). */
export interface MultipartLimits {
  fileSize: number;
  files: number;
  fields: number;
  parts: number;
  fieldSize: number;
}

/**
 * Registers the multipart parser in the calling plugin's scope (each plugin that takes uploads
 * calls it once, before its routes), with `UPLOAD_LIMITS` unless told others (the imports').
 */
export async function registerUploads(app: FastifyInstance, limits: MultipartLimits = UPLOAD_LIMITS): Promise<void> {
  // A file over the limit is detected by `file.truncated` in `withUpload`, not by an exception.
  await app.register(multipart, { limits, throwFileSizeLimit: false });
}

/**
 * A multipart upload as its route declares it (contractRoute's `multipart`): the OpenAPI
 * description of its fields (all sent as text) and its `file`, and `checkedBy`, the schema the
 * handler's `parseFields` checks those fields with (null when the handler checks them by hand),
 * whose refusals' codes the route then lists. The description is documentation only: a multipart
 * body is read by `withUpload`, never parsed into `request.body` (which stays empty and passes);
 * any other body is refused by the route (415).
 */
export function multipartDoc(
  fields: Readonly<Record<string, string>>,
  file: { required: boolean; maxBytes?: number; description?: string },
  checkedBy: z.ZodType | null,
): MultipartBody {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, description] of Object.entries(fields)) shape[name] = z.string().optional().describe(description);
  const binary = z
    .string()
    .meta({ format: 'binary' })
    .describe(file.description ?? `El archivo (uno, de hasta ${file.maxBytes ?? MAX_UPLOAD_BYTES} bytes)`);
  shape.file = file.required ? binary : binary.optional();
  // The multipart parser leaves the body null; any other body (JSON) is not read either: the
  // handler's `withUpload` refuses it with 415 and the Spanish message.
  return { doc: z.preprocess(() => undefined, z.object(shape).optional()), fields: checkedBy };
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

/** The file part of an upload as it arrived, in its temporary file, not yet checked. */
export interface ReceivedFile {
  /** The part's file name, as the client sent it. */
  fileName: string;
  path: string;
  size: number;
  sha256: string;
}

/** An upload as read: its text fields (the first value of each) and its file, if one was sent. */
export interface ReceivedUpload {
  fields: Readonly<Record<string, string>>;
  file: ReceivedFile | null;
}

/** How an upload's route reads it besides what every upload shares. */
export interface UploadReading {
  /** The refusal of a file cut at the parser's size limit (default 400 'El archivo supera…'). */
  tooLarge?: () => Error;
  /** A refusal before the slot is taken and before a byte is read (a declared length over the limit). */
  refuseEarly?: (request: FastifyRequest) => void;
}

/** Reads a multipart body into `dir`: its text fields and at most one file (a second one 400 'Solo puede adjuntar un archivo'). */
async function readParts(request: FastifyRequest, dir: string, tooLarge: (() => Error) | undefined): Promise<ReceivedUpload> {
  const fields = new Map<string, string>();
  let received: ReceivedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (received) throw badRequest(MSG.files.onlyOne);
        const path = join(dir, 'upload');
        const { size, sha256 } = await streamToFile(part.file, path, tooLarge);
        // An empty file input (no name, no bytes) is no file.
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
  return { fields: Object.fromEntries(fields), file: received };
}

/**
 * Receives a multipart upload and runs `work` with it: a request that is not multipart 415; the
 * parser's limits and a malformed body answer the client's error they are (multipart.ts). The
 * upload holds one of the server's upload slots from before its first byte is read until `work`
 * ends (no slot free within the configured wait: 503 'El servidor está recibiendo muchos
 * archivos…'); its temporary file is removed then, whatever happened.
 */
export async function withUpload<T>(request: FastifyRequest, reading: UploadReading, work: (upload: ReceivedUpload) => Promise<T>): Promise<T> {
  if (!request.isMultipart()) throw new AppError(415, MSG.errors.unsupportedMediaType);
  reading.refuseEarly?.(request);
  const { uploadSlots, uploadWaitMs } = request.server.resourceLimits;
  if (!(await uploadSlots.acquire(uploadWaitMs))) throw new AppError(503, MSG.files.serverBusy);
  let dir: string | null = null;
  try {
    dir = await mkdtemp(join(tmpdir(), 'atalaya-upload-'));
    return await work(await readParts(request, dir, reading.tooLarge));
  } finally {
    uploadSlots.release();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
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
 * Receives the upload of a case's or a signal's file (`withUpload`) and runs `work` with its
 * fields and at most one file, checked — over 20,000,000 bytes 400 tooLarge, an extension not
 * accepted 400 typeNotAllowed, content not of its extension 400 contentMismatch — and named
 * from the route's name and extension fields (`names`), else the part's file name. Store the
 * file with `storeFile` inside work's transaction.
 */
export function withSingleUpload<T>(
  request: FastifyRequest,
  work: (upload: SingleUpload) => Promise<T>,
  names: UploadNameFields = SPEC_NAME_FIELDS,
): Promise<T> {
  return withUpload(request, {}, async ({ fields, file }) => {
    const given = new Map(Object.entries(fields));
    const checked = file ? await checkedFile(uploadFileName(firstField(given, names.name) || file.fileName, firstField(given, names.extension)), file) : null;
    return work({ fields, file: checked });
  });
}

/** The fields of an upload checked against a schema: 400 with the first rule's Spanish message. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Readonly<Record<string, string>>): z.output<T> {
  const result = schema.safeParse(fields);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? MSG.generic.required);
  return result.data;
}
