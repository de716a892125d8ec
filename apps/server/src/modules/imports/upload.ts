import { fileExtension, type UploadImportKind, MSG } from '@atalaya/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../http/errors.js';
import { fileMatchesExtension, type ReceivedFile, registerUploads, type StorableFile, uploadFileName, withUpload } from '../storage/index.js';

/**
 * The upload of an import (docs/adr/0014-import-jobs.md): one multipart request with one file
 * of at most `maxBytes` (ATALAYA_IMPORT_MAX_BYTES, 200 MB by default, apart from the documents'
 * 20 MB) and a few short fields. Like every upload (modules/storage, ADR 0007) the file is
 * streamed to a temporary file as it arrives, counted and hashed on the way, so memory stays
 * bounded; a body that declares more than the limit is refused with 413 before a byte of it is
 * read, and one that sends more without declaring it (chunked) is cut at the limit and refused
 * with 413 too: at most `maxBytes` reach the disk, whatever is sent. The request is read by the
 * storage kernel's one multipart reader (`withUpload`); the kinds' own checks are here.
 */

/** Room for the multipart framing and the text fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Every multipart limit but the file's size (one file, a few fields of at most 8 KiB). */
const FIELD_LIMITS = { files: 1, fields: 10, parts: 12, fieldSize: 8 * 1024 } as const;

/** The file types each kind accepts: by extension, the MIME type stored and how its content is checked. */
const ACCEPTED: Readonly<Record<UploadImportKind, { types: Readonly<Record<string, { mimeType: string; sniffAs: string }>>; wrongName: string; wrongContent: string }>> = {
  meddra: {
    types: { zip: { mimeType: 'application/zip', sniffAs: 'zip' } },
    wrongName: MSG.imports.zipRequired,
    wrongContent: MSG.imports.notAZip,
  },
  data: {
    types: {
      xlsx: { mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', sniffAs: 'xlsx' },
      // A CSV is text: no NUL nor other control byte, UTF-8 or Latin-1 alike.
      csv: { mimeType: 'text/csv', sniffAs: 'txt' },
    },
    wrongName: MSG.imports.dataFileRequired,
    wrongContent: MSG.imports.dataFileInvalid,
  },
  e2b: {
    // XML is text: checked as the CSV is (no NUL nor other control byte); the reader checks the rest.
    types: { xml: { mimeType: 'application/xml', sniffAs: 'txt' } },
    wrongName: MSG.e2bImport.xmlRequired,
    wrongContent: MSG.e2bImport.notXml,
  },
};

/** `maxBytes` as the message shows it ('200'). */
export function megabytes(maxBytes: number): string {
  return String(Math.floor(maxBytes / 1_000_000) || Math.ceil(maxBytes / 1_000_000));
}

const tooLarge = (maxBytes: number) => new AppError(413, MSG.imports.tooLarge(megabytes(maxBytes)));

/**
 * Registers the multipart parser in the imports' plugin scope, with the imports' size limit.
 * A file over it is detected by `truncated` (413), not by an exception.
 */
export async function registerImportUploads(app: FastifyInstance, maxBytes: number): Promise<void> {
  await registerUploads(app, { ...FIELD_LIMITS, fileSize: maxBytes });
}

/** A body that declares more bytes than an import may have: 413 before reading it. */
export function refuseDeclaredOversize(request: FastifyRequest, maxBytes: number): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge(maxBytes);
}

/** A received, checked import file: what `storeFile` takes. */
export type ImportFile = StorableFile & { path: string };

export interface ImportUpload {
  fields: Readonly<Record<string, string>>;
  file: ImportFile;
}

async function checkedFile(kind: UploadImportKind, name: string, received: ReceivedFile): Promise<ImportFile> {
  const rule = ACCEPTED[kind];
  const extension = fileExtension(name);
  const type = Object.hasOwn(rule.types, extension) ? rule.types[extension] : undefined;
  if (!type) throw badRequest(rule.wrongName);
  if (!(await fileMatchesExtension(type.sniffAs, received.path, received.size))) throw badRequest(rule.wrongContent);
  return { name, extension, mimeType: type.mimeType, size: received.size, sha256: received.sha256, path: received.path };
}

/**
 * Receives the upload of an import of `kind` and runs `work` with it (a request that is not
 * multipart: 415; no file: 400 'Debe seleccionar un archivo'; a name of another type or a
 * content that is not of its type: 400; over the limit: 413). The file's name is the FileName
 * field when sent, else the part's. It holds one of the server's upload slots (503 when none
 * comes free in time) and its temporary file until `work` ends.
 */
export function withImportUpload<T>(request: FastifyRequest, kind: UploadImportKind, maxBytes: number, work: (upload: ImportUpload) => Promise<T>): Promise<T> {
  const reading = { tooLarge: () => tooLarge(maxBytes), refuseEarly: (early: FastifyRequest) => refuseDeclaredOversize(early, maxBytes) };
  return withUpload(request, reading, async ({ fields, file: received }) => {
    if (!received) throw badRequest(MSG.imports.fileRequired);
    const name = uploadFileName(fields.FileName?.trim() || received.fileName, '');
    return work({ fields, file: await checkedFile(kind, name, received) });
  });
}
