/**
 * Whether a file's content is of the kind its extension claims, by its first bytes ("magic
 * numbers"). An executable renamed `informe.pdf` is refused before it is stored. Only the
 * accepted upload types (domain `ACCEPTED_UPLOADS`) are known; any other extension does not match.
 */

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

const PDF = ascii('%PDF-');
const JPEG = [0xff, 0xd8, 0xff];
const TIFF_LITTLE_ENDIAN = [0x49, 0x49, 0x2a, 0x00];
const TIFF_BIG_ENDIAN = [0x4d, 0x4d, 0x00, 0x2a];
const RTF = ascii('{\\rtf');
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** An empty zip archive: only the end-of-central-directory record. */
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
const SEVEN_ZIP = [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c];
/** RAR 4 (`Rar!\x1A\x07\x00`) and RAR 5 (`Rar!\x1A\x07\x01\x00`) share these bytes. */
const RAR = [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07];
/** OLE2 compound file: the legacy Word (.doc) and Excel (.xls) formats. */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
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
  for (const byte of content) {
    if (byte < 0x20 && !ALLOWED_CONTROLS.has(byte)) return false;
  }
  return true;
}

/** The signatures a file of each accepted extension may start with; text types are checked apart. */
const SIGNATURES: ReadonlyMap<string, readonly (readonly number[])[]> = new Map([
  ['pdf', [PDF]],
  ['jpg', [JPEG]],
  ['jpeg', [JPEG]],
  ['tif', [TIFF_LITTLE_ENDIAN, TIFF_BIG_ENDIAN]],
  ['tiff', [TIFF_LITTLE_ENDIAN, TIFF_BIG_ENDIAN]],
  ['rtf', [RTF]],
  ['zip', [ZIP, EMPTY_ZIP]],
  // Office Open XML documents are zip archives; an empty archive is not a document.
  ['docx', [ZIP]],
  ['xlsx', [ZIP]],
  ['7z', [SEVEN_ZIP]],
  ['rar', [RAR]],
  ['doc', [OLE]],
  ['xls', [OLE]],
]);

const TEXT_EXTENSIONS = new Set(['txt', 'htm', 'html']);

/**
 * Whether `content` is what a file with this extension (lower-case, no dot) should hold.
 * An empty file matches nothing.
 */
export function contentMatchesExtension(extension: string, content: Uint8Array): boolean {
  if (content.length === 0) return false;
  if (TEXT_EXTENSIONS.has(extension)) return looksLikeText(content);
  const signatures = SIGNATURES.get(extension);
  return signatures !== undefined && signatures.some((signature) => startsWith(content, signature));
}
