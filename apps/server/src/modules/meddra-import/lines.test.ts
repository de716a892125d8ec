import { describe, expect, it } from 'vitest';
import { AscLineReader, LineReadError } from './lines.js';

/** Reads `bytes` given in chunks of `size` bytes; answers the lines and the encoding found. */
function read(bytes: Uint8Array, size: number, maxLineBytes = 1_000) {
  const reader = new AscLineReader(maxLineBytes);
  const lines: string[] = [];
  for (let start = 0; start < bytes.length; start += size) lines.push(...reader.push(bytes.subarray(start, start + size)).map((line) => line.text));
  lines.push(...reader.end().map((line) => line.text));
  return { lines, encoding: reader.detected };
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

const TEXT = '10019211$Cefalea$$\r\n10028813$Náusea$$\r\n10000001$Pequeño mal$$\r\n';
const LINES = ['10019211$Cefalea$$', '10028813$Náusea$$', '10000001$Pequeño mal$$'];

describe('AscLineReader', () => {
  it.each([1, 2, 3, 7, 64])('reads UTF-8 lines with CRLF whatever the chunks (%i bytes), accents split across them', (size) => {
    expect(read(utf8(TEXT), size)).toEqual({ lines: LINES, encoding: 'utf-8' });
  });

  it.each([1, 5, 64])('reads windows-1252 lines (%i-byte chunks)', (size) => {
    expect(read(latin1(TEXT), size)).toEqual({ lines: LINES, encoding: 'windows-1252' });
  });

  it('reads LF line ends and a last line without one', () => {
    expect(read(utf8('a$b$\nc$d$'), 4).lines).toEqual(['a$b$', 'c$d$']);
  });

  it('reads the characters windows-1252 has beyond latin-1', () => {
    expect(read(new Uint8Array([0x93, 0x61, 0x94, 0x24, 0x80]), 2)).toEqual({ lines: ['“a”$€'], encoding: 'windows-1252' });
  });

  it('drops a UTF-8 byte order mark', () => {
    expect(read(utf8(`\uFEFF${TEXT}`), 2)).toEqual({ lines: LINES, encoding: 'utf-8' });
  });

  it('sees a file as plain ASCII until a line says otherwise', () => {
    expect(read(utf8('10019211$Cefalea$$\r\n'), 8)).toEqual({ lines: ['10019211$Cefalea$$'], encoding: 'ascii' });
  });

  it('refuses a file whose accented lines are partly UTF-8, partly not, naming the line', () => {
    const mixed = new Uint8Array([...utf8('1$Náusea$\r\n2$Cefalea$\r\n'), ...latin1('3$Pequeño$\r\n')]);
    expect(() => read(mixed, 16)).toThrow(new LineReadError({ kind: 'mixedEncoding', line: 3 }));
  });

  it('refuses a line longer than the limit, even before its end arrives', () => {
    expect(() => read(utf8(`${'x'.repeat(50)}\n`), 10, 20)).toThrow(new LineReadError({ kind: 'lineTooLong', line: 1 }));
    expect(() => read(utf8(`ok\n${'x'.repeat(50)}`), 100, 20)).toThrow(new LineReadError({ kind: 'lineTooLong', line: 2 }));
  });
});
