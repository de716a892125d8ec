import type { ErPatient, ErWhoReport, HomeReportDetail } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, products, userLaboratories } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { laboratoryGrantRow } from '../../test-support/factories.js';
import { createProduct, type TestProduct } from '../../test-support/catalog.js';
import { postPublicReport, postUserReport, type SignedIn, signIn, triageOk } from '../../test-support/home-reports.js';
import { pdfText } from '../../test-support/pdf-text.js';
import { patientReport, professionalReport } from '../../test-support/public-reports.js';

/**
 * docs/roles.md, "Reporter contact": a Fabricante reads the cases of its laboratories but not
 * the contact data (name, e-mail, phone) of the person who reported them, on any route.
 */

let t: TestApp;
let product: TestProduct;
let rlf: SignedIn;
let cl: SignedIn;
let fabricante: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  product = await createProduct(t.database.db, { countries: ['UY'] });
  [rlf, cl, fabricante] = await Promise.all([signIn(t, 'RLF', 'UY'), signIn(t, 'CL', 'UY'), signIn(t, 'Fabricante', 'UY')]);
  const [lab] = await t.database.db.select({ laboratoryId: products.laboratoryId }).from(products).where(eq(products.id, product.id));
  await t.database.db.insert(userLaboratories).values([
    await laboratoryGrantRow(t.database.db, fabricante.user.id, { laboratoryId: lab?.laboratoryId ?? 0 }),
    await laboratoryGrantRow(t.database.db, cl.user.id, { laboratoryId: lab?.laboratoryId ?? 0 }),
  ]);
});
afterAll(() => t.close());

/** A case entered from a report, sent (status 2) so that the laboratory's users reach it. */
async function enteredCase(kind: 'patient' | 'professional'): Promise<string> {
  const { Id } = kind === 'patient' ? await postPublicReport(t, patientReport(product)) : await postUserReport(t, rlf, professionalReport(product));
  const meta = (await triageOk(t, 'createerfromerhome', rlf, { homeERId: Id, subGroup: 1 })).MetaData ?? '';
  await t.database.db.update(events).set({ status: 2 }).where(eq(events.meta, meta));
  return meta;
}

async function read<T>(url: string, who: SignedIn): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url, headers: who.headers });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
}

describe('the reporter’s contact data and the Fabricante', () => {
  it('getEventoDeHomeByMeta: the Fabricante gets the report without the reporter’s name, e-mail and phone; RLF and CL get them', async () => {
    const meta = await enteredCase('patient');
    const url = `/api/getEventoDeHomeByMeta/${meta}`;
    const full = await read<HomeReportDetail>(url, rlf);
    expect(full.Data.InformacionContacto?.Reporta).toEqual({ Nombre: 'Juana Gómez', Profesion: null, Parentesco: 1, Email: 'juana@correo.uy', Telefono: '24001234' });
    expect((await read<HomeReportDetail>(url, cl)).Data).toEqual(full.Data);

    const stripped = await read<HomeReportDetail>(url, fabricante);
    expect(stripped.Data.InformacionContacto).toEqual({
      AceptaContacto: 'SI',
      AceptaTerminos: true,
      Reporta: { Nombre: null, Profesion: null, Parentesco: 1, Email: null, Telefono: null },
    });
    expect(JSON.stringify(stripped)).not.toMatch(/juana|24001234|Gómez/i);
    // Everything else of the report is the same (the consulted medic is a record of the case).
    expect({ ...stripped.Data, InformacionContacto: null }).toEqual({ ...full.Data, InformacionContacto: null });
    expect({ ...stripped, Data: null }).toEqual({ ...full, Data: null });
  });

  it.each(['patient', 'professional'] as const)('getERWhoReportByMeta of a %s’s report: no name, e-mail or phone for the Fabricante', async (kind) => {
    const meta = await enteredCase(kind);
    const url = `/api/getERWhoReportByMeta/${meta}`;
    const full = await read<ErWhoReport>(url, rlf);
    expect(full.Email).toMatch(/@correo\.uy$/);
    expect(full.Nombre).not.toBeNull();
    expect(await read<ErWhoReport>(url, cl)).toEqual(full);
    expect(await read<ErWhoReport>(url, fabricante)).toEqual({ ...full, Nombre: null, Email: null, Telefono: null });
  });

  it('getPacienteByERMeta: the contact phone and e-mail (the reporter’s, copied by Ingresar) are not for the Fabricante', async () => {
    const meta = await enteredCase('patient');
    const url = `/api/getPacienteByERMeta/${meta}`;
    const full = await read<ErPatient>(url, rlf);
    expect(full).toMatchObject({ Phone: '24001234', Email: 'juana@correo.uy' });
    expect(await read<ErPatient>(url, cl)).toEqual(full);
    expect(await read<ErPatient>(url, fabricante)).toEqual({ ...full, Phone: null, Email: null });
  });

  it('getERPDF: the case PDF a Fabricante gets has no reporter contact, even after an RLF’s PDF of the same case', async () => {
    const meta = await enteredCase('patient');
    const pdf = async (who: SignedIn) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/getERPDF/${meta}`, headers: who.headers });
      expect(response.statusCode).toBe(200);
      return pdfText(response.rawPayload);
    };
    expect(await pdf(rlf)).toContain('juana@correo.uy');
    const text = await pdf(fabricante);
    expect(text).toContain('V. ');
    for (const contact of ['Juana Gómez', 'juana@correo.uy', '24001234']) expect(text).not.toContain(contact);
  });

  it('listERPDF and the stored-PDF download: a Fabricante is never listed nor sent a stored PDF that prints the reporter’s contact', async () => {
    const meta = await enteredCase('patient');
    const generate = async (who: SignedIn) =>
      expect((await t.app.inject({ method: 'GET', url: `/api/getERPDF/${meta}`, headers: who.headers })).statusCode).toBe(200);
    const list = async (who: SignedIn) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/listERPDF/${meta}`, headers: who.headers });
      expect(response.statusCode).toBe(200);
      return (response.json() as { FileName: string }[]).map((item) => item.FileName);
    };
    await generate(rlf);
    const [withContact] = await list(rlf);
    expect(withContact).toBeDefined();
    expect(await list(fabricante)).toEqual([]);
    const download = (who: SignedIn, fileName: string) =>
      t.app.inject({ method: 'GET', url: `/api/getERPDF/${meta}/${encodeURIComponent(fileName)}`, headers: who.headers });
    expect((await download(rlf, withContact!)).statusCode).toBe(200);
    expect((await download(fabricante, withContact!)).statusCode).toBe(404);

    await generate(fabricante);
    const fabricanteList = await list(fabricante);
    expect(fabricanteList).toHaveLength(1);
    const stored = await download(fabricante, fabricanteList[0]!);
    expect(stored.statusCode).toBe(200);
    expect(pdfText(stored.rawPayload)).not.toContain('juana@correo.uy');
    expect(await list(rlf)).toHaveLength(2);
  });
});
