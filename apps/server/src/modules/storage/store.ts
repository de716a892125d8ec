import { createReadStream, createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { fileChunks, files } from '../../db/schema/index.js';
import type { FileDownload } from '../../http/download-route.js';
import type { StorableFile } from './upload.js';

/**
 * The chunked file store (docs/adr/0007-streamed-uploads-and-chunked-file-storage.md): a file's
 * row in `files` and its bytes in `file_chunks`, pieces of `FILE_CHUNK_BYTES`, one INSERT each,
 * written inside the transaction of the record that points to it; read back a piece at a time
 * as a download is sent, or whole for a small file (a generated PDF).
 */

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

/**
 * A stored file as a download answers it (`downloadRoute`): its original name, its MIME type,
 * its size and its bytes: whole for a file stored before issue 15 (`files.content`), otherwise
 * read from `file_chunks` one piece at a time as the answer is sent, so a download holds at most
 * one 512 KiB piece in memory however large the file and however many downloads run at once.
 */
export type DownloadableFile = FileDownload & { size: number; body: Uint8Array | Readable };

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
  return { fileName: row.name, contentType: row.mimeType, size: row.size, body: row.content ?? chunkStream(db, fileId, row.size) };
}

/** The whole bytes of a stored file (whole, or its pieces put together), or null: for small files such as a generated PDF. */
export async function loadFileBytes(db: DbOrTx, fileId: string): Promise<Uint8Array | null> {
  const [row] = await db.select({ content: files.content }).from(files).where(eq(files.id, fileId));
  if (!row) return null;
  if (row.content) return row.content;
  const pieces = await db.select({ data: fileChunks.data }).from(fileChunks).where(eq(fileChunks.fileId, fileId)).orderBy(asc(fileChunks.seq));
  return Buffer.concat(pieces.map((piece) => piece.data));
}

/** Writes a stored file to `path`, a piece at a time (an import's runner reads its upload so). */
export async function copyStoredFile(db: DbOrTx, fileId: string, path: string): Promise<void> {
  const file = await loadFile(db, fileId);
  if (!file) throw new Error(`stored file ${fileId} not found`);
  if (file.body instanceof Readable) await pipeline(file.body, createWriteStream(path));
  else await writeFile(path, file.body);
}

/** Removes a stored file, its pieces first (an import's upload once the import ended). */
export async function deleteStoredFile(tx: Tx, fileId: string): Promise<void> {
  await tx.delete(fileChunks).where(eq(fileChunks.fileId, fileId));
  await tx.delete(files).where(eq(files.id, fileId));
}
