import { createReadStream } from 'node:fs';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';

/**
 * Whether a file's content is of the kind its extension claims. Binary types are detected by
 * the `file-type` package from their content (an executable renamed `informe.pdf` is refused,
 * and an Office Open XML document must really be one: a Java archive renamed `.docx` is a zip
 * but not a Word document). A `.zip` is any zip archive, even an empty one (it is stored, never
 * opened); text types (`file-type` detects none) pass a check of their bytes. Only the accepted
 * upload types (domain `ACCEPTED_UPLOADS`) are known; any other extension does not match.
 */

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** An empty zip archive: only the end-of-central-directory record. */
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
/** Windows (PE) and Linux (ELF) executables: never text. */
const EXECUTABLES = [ascii('MZ'), [0x7f, 0x45, 0x4c, 0x46]];

function startsWith(content: Uint8Array, signature: readonly number[]): boolean {
  if (content.length < signature.length) return false;
  return signature.every((byte, index) => content[index] === byte);
}

const TAB = 0x09;
const LINE_FEED = 0x0a;
const VERTICAL_TAB = 0x0b;
const FORM_FEED = 0x0c;
const CARRIAGE_RETURN = 0x0d;
const ESCAPE = 0x1b;
const ALLOWED_CONTROLS = new Set([TAB, LINE_FEED, VERTICAL_TAB, FORM_FEED, CARRIAGE_RETURN, ESCAPE]);

/**
 * Plain text or HTML: no NUL nor other C0 control byte but the usual white space, and not an
 * executable. Bytes from 0x80 up are accepted whether they form UTF-8 or Latin-1 / Windows-1252
 * characters (every such byte is a character in those encodings), so both encodings pass.
 */
export function looksLikeText(content: Uint8Array): boolean {
  if (EXECUTABLES.some((signature) => startsWith(content, signature))) return false;
  return onlyTextBytes(content);
}

function onlyTextBytes(content: Uint8Array): boolean {
  for (const byte of content) {
    if (byte < 0x20 && !ALLOWED_CONTROLS.has(byte)) return false;
  }
  return true;
}

/** What `file-type` must report for each accepted binary extension (legacy .doc and .xls are both OLE2 compound files). */
const DETECTED: ReadonlyMap<string, readonly string[]> = new Map([
  ['pdf', ['pdf']],
  ['jpg', ['jpg']],
  ['jpeg', ['jpg']],
  ['tif', ['tif']],
  ['tiff', ['tif']],
  ['rtf', ['rtf']],
  ['docx', ['docx']],
  ['xlsx', ['xlsx']],
  ['7z', ['7z']],
  ['rar', ['rar']],
  ['doc', ['cfb']],
  ['xls', ['cfb']],
]);

const TEXT_EXTENSIONS = new Set(['txt', 'htm', 'html']);

/**
 * Whether `content` is what a file with this extension (lower-case, no dot) should hold.
 * An empty file matches nothing.
 */
export async function contentMatchesExtension(extension: string, content: Uint8Array): Promise<boolean> {
  if (content.length === 0) return false;
  if (TEXT_EXTENSIONS.has(extension)) return looksLikeText(content);
  if (extension === 'zip') return startsWith(content, ZIP) || startsWith(content, EMPTY_ZIP);
  const expected = DETECTED.get(extension);
  if (!expected) return false;
  const detected = await fileTypeFromBuffer(content);
  return detected !== undefined && expected.includes(detected.ext);
}

/** Whether every chunk of a file passes `looksLikeText` (the executable signatures are checked on the first). */
async function fileLooksLikeText(path: string): Promise<boolean> {
  let first = true;
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 })) {
    if (!(first ? looksLikeText(chunk as Buffer) : onlyTextBytes(chunk as Buffer))) return false;
    first = false;
  }
  return true;
}

async function firstBytes(path: string, count: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(path, { start: 0, end: count - 1 })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * `contentMatchesExtension` for a file on disk of `size` bytes, reading only what it needs:
 * `file-type` reads the first bytes (and, for Office documents, the zip entries' headers)
 * through its tokenizer; a text type is read chunk by chunk. Memory stays bounded whatever
 * the file's size.
 */
export async function fileMatchesExtension(extension: string, path: string, size: number): Promise<boolean> {
  if (size === 0) return false;
  if (TEXT_EXTENSIONS.has(extension)) return fileLooksLikeText(path);
  if (extension === 'zip') {
    const head = await firstBytes(path, 4);
    return startsWith(head, ZIP) || startsWith(head, EMPTY_ZIP);
  }
  const expected = DETECTED.get(extension);
  if (!expected) return false;
  const detected = await fileTypeFromFile(path);
  return detected !== undefined && expected.includes(detected.ext);
}
