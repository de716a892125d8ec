import { describe, expect, it } from 'vitest';
import { decodeWindows1252, Windows1252Decoder } from './windows-1252.js';

/** The windows-1252 text of the catalogue CSV files and the MedDRA files. */
describe('decodeWindows1252', () => {
  it('reads latin-1 letters and the characters windows-1252 has beyond latin-1', () => {
    expect(decodeWindows1252(new Uint8Array([0x41, 0x63, 0x63, 0x69, 0xf3, 0x6e, 0x20, 0x80]))).toBe('Acción €');
    expect(decodeWindows1252(new Uint8Array([0x93, 0x61, 0x94, 0x96, 0x85, 0x8a, 0x9f]))).toBe('“a”–…ŠŸ');
    expect(decodeWindows1252(new Uint8Array([0x81, 0x8d, 0x8f, 0x90, 0x9d]))).toBe('\u0081\u008d\u008f\u0090\u009d');
  });

  it('decodes chunk by chunk as TextDecoder does', () => {
    const decoder = new Windows1252Decoder();
    expect(decoder.decode(new Uint8Array([0xd1, 0x80]), { stream: true }) + decoder.decode()).toBe('Ñ€');
  });
});
