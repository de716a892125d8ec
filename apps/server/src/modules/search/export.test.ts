import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { MSG, SEARCH_EXPORT, searchExportSchema, type SearchRequest } from '@atalaya/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeIngredients, eventMedicationIngredients, eventMedications, eventRams } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCase, type TestCase } from '../../test-support/cases.js';
import { bearer } from '../../test-support/factories.js';
import { EXPORT_COLUMNS, MAX_EXPORT_ROWS, prepareExport } from './export.js';
import { newMedicine, privateDay, referencesOf, searchOk, type Session, sessionOf } from '../../test-support/search.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function exportOf(session: Session, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/exportERByFilters', headers: bearer(session.token), payload: body });
}

/** The sheet's rows as arrays of cell texts (row 1 first; a blank row is an empty array). */
async function sheetRows(bytes: Buffer): Promise<{ names: string[]; rows: string[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('No sheet');
  const rows: string[][] = [];
  for (let index = 1; index <= sheet.rowCount; index++) {
    const values = sheet.getRow(index).values as unknown[];
    // exceljs rows are 1-based: values[0] is empty.
    rows.push(values.slice(1).map((value) => (value === null || value === undefined ? '' : String(value))));
  }
  return { names: workbook.worksheets.map((each) => each.name), rows };
}

describe('exportERByFilters', () => {
  it('answers ListadoEventos.xlsx: the §9 columns, exactly the filtered cases in the screen’s order, then the date and signature lines', async () => {
    const db = t.database.db;
    const day = privateDay();
    const medicine = await newMedicine(t);
    const other = await newMedicine(t, 'AR');
    const qppv = await sessionOf(t, 'QPPV', { laboratories: [{}] });
    const home = `RH-${day.day.slice(0, 4)}-${String(Date.now()).slice(-7)}`;
    const cases: TestCase[] = [];
    for (let i = 0; i < 25; i++) {
      cases.push(
        await createCase(db, {
          createdBy: qppv.user.id,
          productIds: i % 2 ? [medicine.product.id, other.product.id] : [other.product.id],
          country: i % 5 === 0 ? 'AR' : 'UY',
          createdAt: day.at(12, i),
          receivedAt: day.at(10),
          homeReferenceNumber: i === 1 ? home : null,
          rams: i === 1 ? [{ ramType: 'TIPO_II', description: 'a' }, { ramType: 'TIPO_I', description: 'b' }] : [],
          subGroupId: i === 1 ? 10 : 1,
        }),
      );
    }
    // One case outside the filter.
    await createCase(db, { createdBy: qppv.user.id, productIds: [medicine.product.id], createdAt: day.at(12), subGroupId: 1, country: 'UY', status: 3 });
    const filters: SearchRequest = { FechaCreacionDesde: day.day, FechaCreacionHasta: day.day, LaboratorioId: other.laboratoryId, orderBy: 'FechaCreacion ASC' };

    const response = await exportOf(qppv, filters);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain('attachment');
    expect(response.headers['content-disposition']).toContain(SEARCH_EXPORT.fileName);
    const { names, rows } = await sheetRows(response.rawPayload);
    expect(names).toEqual(['Eventos filtrados']);
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);

    // The screen's rows, every page, in the same order.
    const screen: string[] = [];
    for (const pageNumber of [1, 2]) screen.push(...referencesOf(await searchOk(t, qppv, { ...filters, pageNumber })));
    expect(screen).toEqual(cases.map((c) => c.referenceNumber));
    // exceljs leaves empty cells out: pad the rows to the columns.
    const data = rows.slice(1, 1 + cases.length).map((row) => EXPORT_COLUMNS.map((_, index) => row[index] ?? ''));
    expect(data.map((row) => row[0])).toEqual(screen);

    const second = data[1];
    expect(second).toEqual([
      cases[1]?.referenceNumber,
      home,
      `${day.day.slice(8, 10)}/${day.day.slice(5, 7)}/${day.day.slice(0, 4)}`,
      'Uruguay',
      `Compañía ${medicine.product.laboratory.slice('Laboratorio '.length)}`,
      'Falta de eficacia',
      'Falta de eficacia terapéutica',
      'Cefalea',
      'Tipo II, Tipo I',
      medicine.product.ingredients.join(', '),
      medicine.product.commercialName,
    ]);
    expect(data[0]?.[1]).toBe('');
    expect(data[0]?.[3]).toBe('Argentina');
    expect(data[0]?.[7]).toBe('');

    const closing = rows.slice(1 + cases.length);
    expect(closing).toHaveLength(4);
    expect(closing[0]).toEqual([]);
    expect(closing[1]?.[0]).toMatch(/^Fecha de exportación: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(closing.slice(2)).toEqual([['Firma: ______'], ['Aclaración: ______']]);
  });

  it('writes the ingredients recorded on the first medicine in name order, as the screen, and each reaction name and RAM type once, in the order entered', async () => {
    const db = t.database.db;
    const day = privateDay();
    const medicine = await newMedicine(t);
    const qppv = await sessionOf(t, 'QPPV', { laboratories: [{}] });
    const recorded = await createCase(db, {
      createdBy: qppv.user.id,
      productIds: [medicine.product.id, medicine.product.id],
      createdAt: day.at(12),
      rams: [{ ramType: 'TIPO_II' }, { ramType: 'TIPO_I' }, { ramType: 'TIPO_II' }, {}],
    });
    const [first] = await db
      .select({ id: eventMedications.id })
      .from(eventMedications)
      .where(eq(eventMedications.eventId, recorded.id))
      .orderBy(asc(eventMedications.id))
      .limit(1);
    if (!first) throw new Error('No medicine');
    // Created in the reverse of their name order, so that their ids do not give it.
    const unique = String(Date.now()).slice(-8);
    const ingredients = await db
      .insert(activeIngredients)
      .values([
        { code: `Z${unique}`, name: `Zeta ${unique}` },
        { code: `A${unique}`, name: `Alfa ${unique}` },
      ])
      .returning({ id: activeIngredients.id });
    await db.insert(eventMedicationIngredients).values(ingredients.map((ingredient) => ({ eventMedicationId: first.id, activeIngredientId: ingredient.id })));
    const [nausea, headache, again, blank] = recorded.ramIds;
    await db.update(eventRams).set({ lltName: 'Náusea' }).where(inArray(eventRams.id, [nausea ?? 0, again ?? 0]));
    await db.update(eventRams).set({ lltName: 'Cefalea' }).where(eq(eventRams.id, headache ?? 0));
    await db.update(eventRams).set({ lltName: '' }).where(eq(eventRams.id, blank ?? 0));
    const other = await createCase(db, { createdBy: qppv.user.id, productIds: [medicine.product.id], createdAt: day.at(13) });
    const filters: SearchRequest = { FechaCreacionDesde: day.day, FechaCreacionHasta: day.day, orderBy: 'FechaCreacion ASC' };

    const response = await exportOf(qppv, filters);
    expect(response.statusCode).toBe(200);
    const { rows } = await sheetRows(response.rawPayload);
    const data = rows.slice(1, -4).map((row) => EXPORT_COLUMNS.map((_, index) => row[index] ?? ''));
    expect(data.map((row) => row[0])).toEqual([recorded.referenceNumber, other.referenceNumber]);
    expect(data[0]?.slice(7)).toEqual(['Náusea; Cefalea', 'Tipo II, Tipo I', `Alfa ${unique}, Zeta ${unique}`, medicine.product.commercialName]);
    // No reaction, and without recorded ingredients the product's.
    expect(data[1]?.slice(7)).toEqual(['', '', medicine.product.ingredients.join(', '), medicine.product.commercialName]);
    const screen = await searchOk(t, qppv, filters);
    expect(data.map((row) => row[9])).toEqual(screen.Result.map((row) => row.pActive ?? ''));
  });

  it('holds only the cases in the caller’s reach: an RLF’s export has only its country’s', async () => {
    const db = t.database.db;
    const day = privateDay();
    const rlf = await sessionOf(t, 'RLF', { country: 'UY' });
    const creator = await sessionOf(t, 'QPPV');
    const uy = await createCase(db, { createdBy: creator.user.id, createdAt: day.at(12), country: 'UY' });
    await createCase(db, { createdBy: creator.user.id, createdAt: day.at(13), country: 'AR' });
    const response = await exportOf(rlf, { FechaCreacionDesde: day.day, FechaCreacionHasta: day.day });
    expect(response.statusCode).toBe(200);
    const { rows } = await sheetRows(response.rawPayload);
    expect(rows.slice(1, -4).map((row) => row[0])).toEqual([uy.referenceNumber]);

    const unassigned = await sessionOf(t, 'Fabricante');
    const nothing = await sheetRows((await exportOf(unassigned, { FechaCreacionDesde: day.day, FechaCreacionHasta: day.day })).rawPayload);
    expect(nothing.rows).toHaveLength(1 + 4);

    const admin = await sessionOf(t, 'ADMIN');
    const refused = await exportOf(admin, {});
    expect(refused.statusCode).toBe(403);
  });

  it('reads the cases in keyset batches: a small batch size writes the same rows, and past the row cap it refuses before writing', async () => {
    const db = t.database.db;
    const day = privateDay();
    const qppv = await sessionOf(t, 'QPPV', { laboratories: [{}] });
    const user: AuthUser = { id: qppv.user.id, role: 'QPPV', countryCode: 'UY', email: qppv.user.email };
    const cases: TestCase[] = [];
    for (let i = 0; i < 17; i++) cases.push(await createCase(db, { createdBy: qppv.user.id, createdAt: day.at(12, i), updatedAt: day.at(14, Math.floor(i / 3)) }));
    const request = searchExportSchema.parse({ FechaCreacionDesde: day.day, FechaCreacionHasta: day.day });
    const screen = [...referencesOf(await searchOk(t, qppv, { FechaCreacionDesde: day.day, FechaCreacionHasta: day.day }))];
    expect(screen).toHaveLength(17);
    for (const batchSize of [1, 5, 17, 2000]) {
      const prepared = await prepareExport(db, user, request, { batchSize });
      // A one-byte buffer: the writer must wait for the reader to drain between batches.
      const out = new PassThrough({ highWaterMark: 1 });
      const chunks: Buffer[] = [];
      out.on('data', (chunk: Buffer) => chunks.push(chunk));
      await Promise.all([prepared.write(out), once(out, 'end')]);
      const { rows } = await sheetRows(Buffer.concat(chunks));
      expect(rows.slice(1, -4).map((row) => row[0]), String(batchSize)).toEqual(screen);
    }
    // A reader that goes away (the browser cancelled): the writer stops, it does not hang.
    const cancelled = new PassThrough({ highWaterMark: 1 });
    cancelled.once('data', () => cancelled.destroy());
    await (await prepareExport(db, user, request, { batchSize: 1 })).write(cancelled);
    expect(cancelled.destroyed).toBe(true);

    await expect(prepareExport(db, user, request, { maxRows: 16 })).rejects.toMatchObject({
      statusCode: 400,
      message: MSG.search.tooManyRows('más de 16'),
    });
    expect((await prepareExport(db, user, request, { maxRows: 17 })).write).toBeTypeOf('function');
  });

  it('writes a set larger than one batch cell for cell as one batch does: the header, every case in order, eleven text cells each, a leading = kept as text', async () => {
    const db = t.database.db;
    const day = privateDay();
    const medicine = await newMedicine(t);
    const qppv = await sessionOf(t, 'QPPV', { laboratories: [{}] });
    const user: AuthUser = { id: qppv.user.id, role: 'QPPV', countryCode: 'UY', email: qppv.user.email };
    const cases: TestCase[] = [];
    for (let i = 0; i < 13; i++) {
      cases.push(
        await createCase(db, {
          createdBy: qppv.user.id,
          productIds: [medicine.product.id],
          country: i % 3 === 0 ? 'AR' : 'UY',
          createdAt: day.at(12, i),
          receivedAt: day.at(9),
          rams: i % 2 ? [{ ramType: 'TIPO_I' }] : [],
        }),
      );
    }
    // A cell that would be a formula if it were written as one.
    const formula = '=HYPERLINK("http://example.invalid","x")';
    await db.update(eventRams).set({ lltName: formula }).where(eq(eventRams.id, cases[3]?.ramIds[0] ?? 0));
    const request = searchExportSchema.parse({ FechaCreacionDesde: day.day, FechaCreacionHasta: day.day, orderBy: 'FechaCreacion ASC' });

    /** The sheet written with `batchSize`, read back: each row's cells as [type, value]. */
    async function written(batchSize: number): Promise<[ExcelJS.ValueType, unknown][][]> {
      const out = new PassThrough({ highWaterMark: 16 });
      const chunks: Buffer[] = [];
      out.on('data', (chunk: Buffer) => chunks.push(chunk));
      await Promise.all([(await prepareExport(db, user, request, { batchSize })).write(out), once(out, 'end')]);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet(SEARCH_EXPORT.sheetName);
      if (!sheet) throw new Error('No sheet');
      const rows: [ExcelJS.ValueType, unknown][][] = [];
      for (let index = 1; index <= sheet.rowCount; index++) {
        const row = sheet.getRow(index);
        rows.push(EXPORT_COLUMNS.map((_, column) => [row.getCell(column + 1).type, row.getCell(column + 1).value]));
      }
      return rows;
    }
    const whole = await written(1000);
    const batched = await written(4);
    // The header, the 13 cases, the blank line, the date, the two signature lines.
    expect(batched).toHaveLength(1 + 13 + 4);
    // The same cells whatever the batch size (but the export's date and time, a line of its own).
    expect(batched.slice(0, 1 + 13)).toEqual(whole.slice(0, 1 + 13));
    expect(batched[0]?.map(([, value]) => value)).toEqual([...EXPORT_COLUMNS]);
    const data = batched.slice(1, 1 + 13);
    expect(data.map((row) => row[0]?.[1])).toEqual(cases.map((c) => c.referenceNumber));
    const received = `${day.day.slice(8, 10)}/${day.day.slice(5, 7)}/${day.day.slice(0, 4)}`;
    for (const [index, row] of data.entries()) {
      // Every cell is text (or empty): the day as DD/MM/YYYY, nothing turned into a number, a date or a formula.
      for (const [type] of row) expect([ExcelJS.ValueType.String, ExcelJS.ValueType.Null]).toContain(type);
      expect(row[2]).toEqual([ExcelJS.ValueType.String, received]);
      expect(row[3]?.[1]).toBe(index % 3 === 0 ? 'Argentina' : 'Uruguay');
      expect(row[8]?.[1] ?? null).toBe(index % 2 ? 'Tipo I' : null);
      expect(row[10]?.[1]).toBe(medicine.product.commercialName);
    }
    expect(data[3]?.[7]).toEqual([ExcelJS.ValueType.String, formula]);
  });

  it('refuses unknown fields and a bad order before sending anything, and keeps the sheet within Excel’s rows', async () => {
    const qppv = await sessionOf(t, 'QPPV', { laboratories: [{}] });
    const unknown = await exportOf(qppv, { pageNumber: 2 });
    expect(unknown.statusCode).toBe(400);
    const injected = await exportOf(qppv, { orderBy: 'FechaSolicitud; drop table events' });
    expect(injected.statusCode).toBe(400);
    expect(injected.json()).toMatchObject({ Message: MSG.lists.invalidOrder });
    // Header + rows + blank + date + two signature lines fit in 1,048,576.
    expect(MAX_EXPORT_ROWS + 1 + 4).toBe(SEARCH_EXPORT.maxRows);
  });
});
