import { describe, expect, it } from 'vitest';
import { csvFile, guardFormula } from './csv.js';

/** The server's CSV files (audit file, import error report, catalogue template) as a spreadsheet receives them. */
describe('csvFile', () => {
  it('writes a BOM, CRLF after every line, and quotes a cell with the delimiter, a quote or a line break', () => {
    expect(csvFile([['Hoja', 'Mensaje'], ['Productos', 'dice "no"; otra'], ['a\nb', '']], { delimiter: ';' })).toBe(
      '\uFEFFHoja;Mensaje\r\nProductos;"dice ""no""; otra"\r\n"a\nb";\r\n',
    );
    expect(csvFile([['a,b', 'c;d', 'e']], { delimiter: ',', alsoQuote: ';' })).toBe('\uFEFF"a,b","c;d",e\r\n');
    expect(csvFile([['a,b']], { delimiter: ';' })).toBe('\uFEFFa,b\r\n');
  });

  it('opens a text a spreadsheet would read as a formula as text, and leaves numbers as they are', () => {
    for (const start of ['=', '+', '-', '@', '\t']) expect(guardFormula(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(guardFormula('Tío = 1')).toBe('Tío = 1');
    expect(csvFile([['=HYPERLINK("x")', '\rx', -3, 'ok']], { delimiter: ';' })).toBe('\uFEFF"\'=HYPERLINK(""x"")";"\'\rx";-3;ok\r\n');
  });
});
