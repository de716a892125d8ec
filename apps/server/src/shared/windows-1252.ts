/**
 * What windows-1252 puts at 0x80–0x9F (where latin-1 has control characters): the euro, the
 * typographic quotes and dashes… Node's TextDecoder('windows-1252') decodes those bytes as
 * latin-1, so they are mapped here; 0x81, 0x8D, 0x8F, 0x90 and 0x9D are unassigned and kept.
 */
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

const latin1 = new TextDecoder('latin1');

/** The text of windows-1252 bytes (what Excel for Windows and the MSSO's Western files are written in). */
export function decodeWindows1252(bytes: Uint8Array): string {
  return latin1.decode(bytes).replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_HIGH.charAt(char.charCodeAt(0) - 0x80));
}

/**
 * A windows-1252 decoder with TextDecoder's `decode` (one byte is one character, so a chunk
 * decodes on its own and `stream` changes nothing).
 */
export class Windows1252Decoder {
  decode(bytes?: Uint8Array, _options?: { stream?: boolean }): string {
    return bytes ? decodeWindows1252(bytes) : '';
  }
}
