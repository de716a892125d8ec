import { create } from 'content-disposition';

/**
 * The Content-Disposition of every download: `attachment` with the original name, written by
 * the `content-disposition` package (RFC 6266): `filename*` in UTF-8 (RFC 8187) when the name
 * is not plain ASCII, with an ASCII `filename` fallback (other characters as '?') for the
 * clients that do not read it; quotes and backslashes escaped.
 */
export function attachmentDisposition(fileName: string): string {
  return create(fileName, { type: 'attachment' });
}
