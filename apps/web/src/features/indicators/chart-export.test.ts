import { describe, expect, it } from 'vitest';
import { toCsv } from './chart-export';

describe("a chart's table as CSV", () => {
  it('is UTF-8 with a byte order mark, semicolon-separated, CRLF lines, quoting what needs it', () => {
    expect(toCsv(['Nombre', 'Reportes'], [['Niño', 3], ['Desvío; "calidad"', 0]])).toBe('\uFEFFNombre;Reportes\r\nNiño;3\r\n"Desvío; ""calidad""";0\r\n');
  });
});
