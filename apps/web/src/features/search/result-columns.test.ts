import { describe, expect, it } from 'vitest';
import { CASE_COLUMN_HEADERS, CASE_COLUMNS } from '../../shared/list';
import { SEARCH_CARD_EXTRA, SEARCH_COLUMNS } from './result-columns';

const header = (key: string) => SEARCH_COLUMNS.find((column) => column.key === key)?.header;

describe('event search result columns (event spec §2.5)', () => {
  it('shows each of the spec columns a person reads: creation date, country, company, group, reference, ingredient, product, RAM type, report type', () => {
    const headers = SEARCH_COLUMNS.map((column) => column.header);
    for (const name of ['Creado', 'País', 'Compañía', 'Grupo', 'Identificador', 'Principio activo', 'Producto', 'Tipo de RAM', 'Tipo de reporte']) {
      expect(headers).toContain(name);
    }
    // Grupo is a column of its own, not a line under the report type.
    expect(headers.indexOf('Grupo')).toBeGreaterThanOrEqual(0);
    expect(new Set(headers).size).toBe(headers.length);
  });

  it('keeps the search variant columns of §2.6 and gives a card every §2.5 column too', () => {
    for (const key of CASE_COLUMNS.search) expect(SEARCH_COLUMNS.map((column) => column.header)).toContain(CASE_COLUMN_HEADERS[key]);
    const card = [...CASE_COLUMNS.search.map((key) => CASE_COLUMN_HEADERS[key]), ...SEARCH_CARD_EXTRA.map(header)];
    for (const name of ['Creado', 'País', 'Compañía', 'Grupo', 'Identificador', 'Principio activo', 'Producto', 'Tipo de RAM', 'Tipo de reporte']) {
      expect(card).toContain(name);
    }
  });
});
