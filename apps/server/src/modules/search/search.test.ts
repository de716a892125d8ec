import { ER_STATUS, MSG, pageKeyText, pageRequestFor, type PagerMove, SEARCH_PAGE_SIZE, type SearchRequest, type SearchResult } from '@atalaya/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, productIngredients } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCase, type TestCase } from '../../test-support/cases.js';
import { countryId, createProduct } from '../../test-support/catalog.js';
import { bearer } from '../../test-support/factories.js';
import { newMedicine, privateDay, ramTypeId, referencesOf, search, searchOk, sessionOf } from '../../test-support/search.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sorted = (values: string[]) => [...values].sort();
const refs = (cases: TestCase[]) => sorted(cases.map((c) => c.referenceNumber));

describe('the product search by active ingredient alone (issue 30 §6)', () => {
  it('getPrincipioActivoByCountry offers a molecule once, and getERByFilters finds its cases across brands and laboratories', async () => {
    const db = t.database.db;
    const day = privateDay();
    const [first, second, argentine] = await Promise.all([newMedicine(t), newMedicine(t), newMedicine(t, 'AR')]);
    // The second brand, of another laboratory, holds the first one's molecule too.
    await db.insert(productIngredients).values({ productId: second.product.id, activeIngredientId: first.ingredientId });
    expect(second.laboratoryId).not.toBe(first.laboratoryId);
    const qppv = await sessionOf(t, 'QPPV', { laboratories: [{}] });
    const uruguay = await countryId(db, 'UY');

    const listed = await t.app.inject({ method: 'GET', url: `/api/getPrincipioActivoByCountry/${uruguay}`, headers: bearer(qppv.token) });
    expect(listed.statusCode).toBe(200);
    const ingredients = listed.json<{ Id: number; Nombre: string }[]>();
    expect(ingredients.filter((item) => item.Id === first.ingredientId)).toHaveLength(1);
    expect(ingredients.map((item) => item.Id)).not.toContain(argentine.ingredientId);

    const a = await createCase(db, { createdBy: qppv.user.id, status: ER_STATUS.EN_REVISION_RLF, productIds: [first.product.id], createdAt: day.at(10) });
    const b = await createCase(db, { createdBy: qppv.user.id, status: ER_STATUS.EN_REVISION_RLF, productIds: [second.product.id], createdAt: day.at(11) });
    await createCase(db, { createdBy: qppv.user.id, status: ER_STATUS.EN_REVISION_RLF, productIds: [argentine.product.id], country: 'AR', createdAt: day.at(12) });
    const within = { FechaCreacionDesde: day.day, FechaCreacionHasta: day.day };
    // No laboratory, no product: the country and the molecule alone.
    const found = await searchOk(t, qppv, { ...within, PaisId: uruguay, PrincipioActivoId: first.ingredientId });
    expect(sorted(referencesOf(found))).toEqual(refs([a, b]));
  });
});

describe('getERByFilters: filters', () => {
  it('narrows by country, company, laboratory, product, active ingredient, status, RAM type, group and sub-group, and fills the row', async () => {
    const db = t.database.db;
    const day = privateDay();
    const mine = await newMedicine(t);
    const other = await newMedicine(t, 'AR');
    const qppv = await sessionOf(t, 'QPPV', { laboratories: [{}] });
    const creator = qppv.user.id;
    const a = await createCase(db, {
      createdBy: creator,
      status: ER_STATUS.EN_REVISION_RLF,
      productIds: [mine.product.id, other.product.id],
      rams: [{ ramType: 'TIPO_I', description: 'uno' }, { ramType: 'TIPO_III', serious: true }],
      createdAt: day.at(12),
    });
    const b = await createCase(db, {
      createdBy: creator,
      status: ER_STATUS.EN_EVALUACION_QPPV,
      country: 'AR',
      productIds: [other.product.id],
      subGroupId: 10,
      rams: [{ ramType: 'TIPO_II' }],
      createdAt: day.at(13),
    });
    const within = { FechaCreacionDesde: day.day, FechaCreacionHasta: day.day };
    const found = async (filters: SearchRequest) => sorted(referencesOf(await searchOk(t, qppv, { ...within, ...filters })));

    expect(await found({})).toEqual(refs([a, b]));
    expect(await found({ PaisId: await countryId(db, 'UY') })).toEqual(refs([a]));
    expect(await found({ PaisId: await countryId(db, 'AR') })).toEqual(refs([b]));
    expect(await found({ CompaniaId: mine.companyId })).toEqual(refs([a]));
    expect(await found({ LaboratorioId: mine.laboratoryId })).toEqual(refs([a]));
    // The second medicine of a counts as much as the first.
    expect(await found({ LaboratorioId: other.laboratoryId })).toEqual(refs([a, b]));
    expect(await found({ ProductoId: mine.product.id })).toEqual(refs([a]));
    expect(await found({ PrincipioActivoId: mine.ingredientId })).toEqual(refs([a]));
    expect(await found({ PrincipioActivoId: other.ingredientId })).toEqual(refs([a, b]));
    expect(await found({ EstadoId: ER_STATUS.EN_EVALUACION_QPPV })).toEqual(refs([b]));
    expect(await found({ TipoRAMId: await ramTypeId(t, 'TIPO_III') })).toEqual(refs([a]));
    expect(await found({ TipoRAMId: await ramTypeId(t, 'TIPO_II') })).toEqual(refs([b]));
    expect(await found({ TipoRAMId: await ramTypeId(t, 'TIPO_IV') })).toEqual([]);
    expect(await found({ GrupoId: 2 })).toEqual(refs([b]));
    expect(await found({ SubGrupoId: 1 })).toEqual(refs([a]));
    expect(await found({ GrupoId: 1, SubGrupoId: 10 })).toEqual([]);
    // Filters AND together; null means any.
    expect(await found({ LaboratorioId: other.laboratoryId, PaisId: await countryId(db, 'UY'), ProductoId: null })).toEqual(refs([a]));

    const result = await searchOk(t, qppv, { ...within, ProductoId: mine.product.id });
    const row = result.Result[0];
    expect(row).toMatchObject({
      Meta: a.meta,
      NumeroReferencia: a.referenceNumber,
      Estado: ER_STATUS.EN_REVISION_RLF,
      Grupo: 'Reacción adversa a medicamento',
      TipoReporte: 'Reacción adversa a medicamento',
      NombreComercial: mine.product.commercialName,
      CantProductos: 2,
      pActive: mine.product.ingredients.join(', '),
      TipoRAM: 'Tipo I',
    });
    expect(row?.EventosAdversos.map((reaction) => [reaction.Id, reaction.TipoRAM, reaction.Grave, reaction.Reaccion])).toEqual([
      [String(a.ramIds[0]), 'Tipo I', false, 'Cefalea'],
      [String(a.ramIds[1]), 'Tipo III', true, 'Cefalea'],
    ]);
    expect((await searchOk(t, qppv, { ...within, PaisId: await countryId(db, 'AR') })).Result[0]).toMatchObject({ Grupo: 'Falta de eficacia', TipoReporte: 'Falta de eficacia terapéutica' });
  });

  it('matches the event identifier: the reference, its follow-ups, the RH number, a prefix of either, in any case', async () => {
    const db = t.database.db;
    const day = privateDay();
    const qppv = await sessionOf(t, 'QPPV', { laboratories: [{}] });
    const home = `RH-${day.day.slice(0, 4)}-${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 1000)}`;
    const parent = await createCase(db, { createdBy: qppv.user.id, createdAt: day.at(10), homeReferenceNumber: home });
    const followUp = await createCase(db, { createdBy: qppv.user.id, createdAt: day.at(11) });
    const followUpReference = `${parent.referenceNumber}-S1`;
    await db.update(events).set({ referenceNumber: followUpReference, parentEventId: parent.id }).where(eq(events.id, followUp.id));
    const unrelated = await createCase(db, { createdBy: qppv.user.id, createdAt: day.at(12) });
    const within = { FechaCreacionDesde: day.day, FechaCreacionHasta: day.day };
    const found = async (IdEvento: string) => sorted(referencesOf(await searchOk(t, qppv, { ...within, IdEvento })));

    expect(await found(parent.referenceNumber)).toEqual(sorted([parent.referenceNumber, followUpReference]));
    expect(await found(parent.referenceNumber.toLowerCase())).toEqual(sorted([parent.referenceNumber, followUpReference]));
    expect(await found(`  ${parent.referenceNumber}  `)).toEqual(sorted([parent.referenceNumber, followUpReference]));
    expect(await found(followUpReference.toLowerCase())).toEqual([followUpReference]);
    expect(await found(home)).toEqual([parent.referenceNumber]);
    expect(await found(home.slice(0, -2).toLowerCase())).toEqual([parent.referenceNumber]);
    // A prefix of the references of the day's cases (all UY-{year}-…).
    expect(await found(parent.referenceNumber.slice(0, 8))).toEqual(sorted([parent.referenceNumber, followUpReference, unrelated.referenceNumber]));
    expect(await found('UY-2026-%')).toEqual([]);
    expect(await found('XX-')).toEqual([]);
  });

  it('reads the four dates as days in the user’s country (Montevideo, UTC−3), each Hasta day whole', async () => {
    const db = t.database.db;
    const day = privateDay();
    const qppv = await sessionOf(t, 'QPPV', { laboratories: [{}] });
    // 02:59Z is 23:59 of the day before in Montevideo; 03:00Z is 00:00 of the day.
    const before = await createCase(db, { createdBy: qppv.user.id, createdAt: day.at(2, 59, 59) });
    const first = await createCase(db, { createdBy: qppv.user.id, createdAt: day.at(3) });
    const last = await createCase(db, { createdBy: qppv.user.id, createdAt: day.at(26, 59, 59) });
    const after = await createCase(db, { createdBy: qppv.user.id, createdAt: day.at(27) });
    const found = async (filters: SearchRequest) => sorted(referencesOf(await searchOk(t, qppv, filters)));

    expect(await found({ FechaCreacionDesde: day.day, FechaCreacionHasta: day.day })).toEqual(refs([first, last]));
    expect(await found({ FechaModificacionDesde: day.day, FechaModificacionHasta: day.day })).toEqual(refs([first, last]));
    const next = await found({ FechaCreacionDesde: day.next, FechaCreacionHasta: day.next });
    expect(next).toContain(after.referenceNumber);
    expect(next).not.toContain(last.referenceNumber);
    // Modification moves with updatedAt, not createdAt.
    await db.update(events).set({ updatedAt: day.at(27, 30) }).where(eq(events.id, first.id));
    expect(await found({ FechaModificacionDesde: day.day, FechaModificacionHasta: day.day })).toEqual(refs([last]));
    expect(await found({ FechaCreacionDesde: day.day, FechaCreacionHasta: day.day, FechaModificacionDesde: day.next })).toEqual(refs([first]));
    expect(before.referenceNumber).not.toBe(first.referenceNumber);
  });

  it('refuses an end day before its start day, for both pairs, with the exact message', async () => {
    const qppv = await sessionOf(t, 'QPPV', { laboratories: [{}] });
    const modification = await search(t, qppv, { FechaModificacionDesde: '2026-03-10', FechaModificacionHasta: '2026-03-09' });
    expect(modification.statusCode).toBe(400);
    expect(modification.json()).toMatchObject({ Message: 'La fecha de fin de modificación debe ser posterior a la de inicio' });
    const creation = await search(t, qppv, { FechaCreacionDesde: '2026-03-10', FechaCreacionHasta: '2026-03-09' });
    expect(creation.statusCode).toBe(400);
    expect(creation.json()).toMatchObject({ Message: 'La fecha de fin de creación debe ser posterior a la de inicio' });
    // The same day is a valid range.
    expect((await search(t, qppv, { FechaCreacionDesde: '2026-03-10', FechaCreacionHasta: '2026-03-10' })).statusCode).toBe(200);
    const export_ = await t.app.inject({ method: 'POST', url: '/api/exportERByFilters', headers: bearer(qppv.token), payload: { FechaModificacionDesde: '2026-03-10', FechaModificacionHasta: '2026-03-01' } });
    expect(export_.statusCode).toBe(400);
    expect(export_.json()).toMatchObject({ Message: MSG.search.modificationRange });
  });
});

describe('getERByFilters: reach', () => {
  it('shows each role only its cases: RLF its country and its drafts, laboratory roles their laboratories, drafts only to creator and RLF, deleted to nobody', async () => {
    const db = t.database.db;
    const day = privateDay();
    const lab = await newMedicine(t);
    const foreignLab = await newMedicine(t, 'AR');
    const rlfUy = await sessionOf(t, 'RLF', { country: 'UY' });
    const rlfAr = await sessionOf(t, 'RLF', { country: 'AR' });
    const qppv = await sessionOf(t, 'QPPV', { laboratories: [{ laboratoryId: lab.laboratoryId }] });
    const cl = await sessionOf(t, 'CL', { laboratories: [{ laboratoryId: lab.laboratoryId }] });
    const fabricante = await sessionOf(t, 'Fabricante', { laboratories: [{ laboratoryId: lab.laboratoryId }] });
    const unassigned = await sessionOf(t, 'Fabricante');
    const admin = await sessionOf(t, 'ADMIN');
    const make = (options: Partial<Parameters<typeof createCase>[1]>) =>
      createCase(db, { createdBy: rlfUy.user.id, productIds: [lab.product.id], createdAt: day.at(12), ...options });

    const uy = await make({});
    const ar = await make({ country: 'AR', createdBy: rlfAr.user.id });
    const uyForeignLab = await make({ productIds: [foreignLab.product.id] });
    const rlfDraft = await make({ status: ER_STATUS.PENDIENTE });
    const qppvDraft = await make({ status: ER_STATUS.PENDIENTE, createdBy: qppv.user.id });
    const deleted = await make({});
    await db.update(events).set({ deletedAt: new Date(), deletedBy: rlfUy.user.id }).where(eq(events.id, deleted.id));

    const within = { FechaCreacionDesde: day.day, FechaCreacionHasta: day.day };
    const seen = async (session: typeof qppv, filters: SearchRequest = {}) => sorted(referencesOf(await searchOk(t, session, { ...within, ...filters })));

    expect(await seen(rlfUy)).toEqual(refs([uy, uyForeignLab, rlfDraft, qppvDraft]));
    expect(await seen(rlfAr)).toEqual(refs([ar]));
    expect(await seen(qppv)).toEqual(refs([uy, ar, qppvDraft]));
    expect(await seen(cl)).toEqual(refs([uy, ar]));
    expect(await seen(fabricante)).toEqual(refs([uy, ar]));
    expect(await seen(unassigned)).toEqual([]);
    // An RLF's country is its own: another country's filter finds nothing (reach and filter AND together).
    expect(await seen(rlfUy, { PaisId: await countryId(db, 'AR') })).toEqual([]);
    expect(await seen(rlfAr, { IdEvento: uy.referenceNumber })).toEqual([]);
    // Nobody finds the deleted case, not even by its reference.
    for (const session of [rlfUy, qppv, cl, fabricante]) expect(await seen(session, { IdEvento: deleted.referenceNumber })).toEqual([]);

    const refused = await search(t, admin, within);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Message: MSG.errors.forbidden });
  });
});

describe('getERByFilters: paging', () => {
  async function walk(session: Parameters<typeof searchOk>[1], filters: SearchRequest, start: PagerMove, step: PagerMove): Promise<SearchResult[]> {
    const pages: SearchResult[] = [];
    const first = pageRequestFor(start, { PageNumber: 1, PageCount: 1, FirstKey: null, LastKey: null });
    let page = await searchOk(t, session, { ...filters, pageNumber: first.pageNumber, pageKey: pageKeyText(first.at) ?? null });
    pages.push(page);
    for (let guard = 0; guard < 10 && (step === 'next' ? page.PageNext : page.PageBack); guard++) {
      const request = pageRequestFor(step, page);
      page = await searchOk(t, session, { ...filters, pageNumber: request.pageNumber, pageKey: pageKeyText(request.at) ?? null });
      pages.push(page);
    }
    return pages;
  }

  it('walks forward and backward with no case lost or repeated, in the chosen order, and refuses a page past the end', async () => {
    const db = t.database.db;
    const day = privateDay();
    const qppv = await sessionOf(t, 'QPPV', { laboratories: [{}] });
    const { product } = await newMedicine(t);
    const cases: TestCase[] = [];
    // 45 cases, the modification instants in groups of 4 that tie: the id breaks the ties.
    for (let i = 0; i < 45; i++) {
      cases.push(await createCase(db, { createdBy: qppv.user.id, productIds: [product.id], country: i % 3 === 0 ? 'AR' : 'UY', createdAt: day.at(12, i), updatedAt: day.at(13, Math.floor(i / 4)) }));
    }
    const filters: SearchRequest = { FechaCreacionDesde: day.day, FechaCreacionHasta: day.day, ProductoId: product.id };

    for (const orderBy of ['FechaSolicitud DESC', 'NumeroReferencia ASC', 'Pais ASC', 'Estado DESC', 'FechaCreacion ASC']) {
      const forward = await walk(qppv, { ...filters, orderBy }, 'first', 'next');
      expect(forward.map((page) => page.Result.length), orderBy).toEqual([20, 20, 5]);
      expect(forward.map((page) => page.PageNumber)).toEqual([1, 2, 3]);
      expect(forward.every((page) => page.Total === 45 && page.PageCount === 3 && !page.TotalIsEstimate)).toBe(true);
      const forwardRefs = forward.flatMap(referencesOf);
      expect(new Set(forwardRefs).size).toBe(45);
      expect(sorted(forwardRefs)).toEqual(refs(cases));
      const backward = await walk(qppv, { ...filters, orderBy }, 'last', 'previous');
      expect(backward.map((page) => page.Result.length)).toEqual([5, 20, 20]);
      expect(backward.map((page) => page.PageNumber)).toEqual([3, 2, 1]);
      expect([...backward].reverse().flatMap(referencesOf), orderBy).toEqual(forwardRefs);
    }
    // The default order: FechaSolicitud (updatedAt) DESC, then the id DESC.
    const byDefault = (await walk(qppv, filters, 'first', 'next')).flatMap((page) => page.Result);
    const expected = await db.select({ id: events.id, updatedAt: events.updatedAt }).from(events).where(inArray(events.id, cases.map((c) => c.id)));
    const ordered = expected
      .sort((x, y) => y.updatedAt.getTime() - x.updatedAt.getTime() || (x.id < y.id ? 1 : x.id > y.id ? -1 : 0))
      .map((row) => row.id);
    expect(byDefault.map((row) => row.Id)).toEqual(ordered);
    expect(byDefault.map((row) => row.NumeroReferencia).sort()).toEqual(refs(cases));

    // Page numbers without a key: the last page by offset; past it 400.
    expect((await searchOk(t, qppv, { ...filters, pageNumber: 3 })).Result).toHaveLength(5);
    const past = await search(t, qppv, { ...filters, pageNumber: 4 });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ Message: 'La página solicitada no existe: la búsqueda tiene 3 páginas' });
    const empty = await search(t, qppv, { ...filters, IdEvento: 'XX-', pageNumber: 2 });
    expect(empty.json()).toMatchObject({ Message: MSG.search.pagePastEnd(0) });
    expect((await searchOk(t, qppv, { ...filters, IdEvento: 'XX-' })).Result).toEqual([]);
    expect(SEARCH_PAGE_SIZE).toBe(20);
  });
});

describe('getERByFilters: bad input', () => {
  it('answers 400 in Spanish for an orderBy outside the whitelist, unknown fields, bad sizes, pages, keys and dates', async () => {
    const qppv = await sessionOf(t, 'QPPV', { laboratories: [{}] });
    const cases: [Record<string, unknown>, string][] = [
      [{ orderBy: 'FechaSolicitud; drop table events' }, MSG.lists.invalidOrder],
      [{ orderBy: 'FechaSolicitud DESC; drop table events' }, MSG.lists.invalidOrder],
      [{ orderBy: 'Meta ASC' }, MSG.lists.invalidOrder],
      [{ orderBy: 42 }, MSG.lists.invalidOrder],
      [{ pageSize: 15 }, MSG.search.invalidPageSize],
      [{ pageNumber: 0 }, MSG.lists.invalidPage],
      [{ pageNumber: 1.5 }, MSG.lists.invalidPage],
      [{ pageKey: 'after:%%%' }, MSG.lists.invalidPageKey],
      [{ pageKey: 'after:AAAA' }, MSG.lists.invalidPageKey],
      [{ ProductoId: 'uno' }, MSG.lists.invalidFilter],
      [{ ProductoId: 2_147_483_648 }, MSG.lists.invalidFilter],
      [{ FechaCreacionDesde: '03/04/2026' }, MSG.generic.dateFormat('fecha de creación desde')],
      [{ FechaModificacionHasta: '2026-02-30' }, MSG.generic.dateFormat('fecha de modificación hasta')],
      [{ IdEvento: 'x'.repeat(41) }, MSG.lists.invalidFilter],
    ];
    for (const [body, message] of cases) {
      const response = await search(t, qppv, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ Message: string }>().Message, JSON.stringify(body)).toBe(message);
    }
    const unknownField = await search(t, qppv, { Pais: 1 });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toMatchObject({ Message: MSG.search.unknownField });
    // A body that is not JSON (a byte-order mark before `{}`) is refused, not read as no filters.
    const bom = await t.app.inject({ method: 'POST', url: '/api/getERByFilters', headers: { ...bearer(qppv.token), 'content-type': 'application/json' }, payload: '\ufeff{}' });
    expect(bom.statusCode).toBe(400);
    // The table is still there.
    expect((await search(t, qppv, {})).statusCode).toBe(200);
  });

  it('refuses an unknown or disabled id in any filter, naming the filter', async () => {
    const db = t.database.db;
    const qppv = await sessionOf(t, 'QPPV', { laboratories: [{}] });
    const disabled = await createProduct(db, { countries: ['UY'], eliminado: true });
    const missing = 2_000_000_000;
    const names: [string, string][] = [
      ['PaisId', 'País'],
      ['CompaniaId', 'Compañía'],
      ['LaboratorioId', 'Laboratorio'],
      ['ProductoId', 'Producto'],
      ['PrincipioActivoId', 'Principio activo'],
      ['EstadoId', 'Estado'],
      ['TipoRAMId', 'Tipo de RAM'],
      ['GrupoId', 'Grupo'],
      ['SubGrupoId', 'Sub-grupo'],
    ];
    for (const [field, name] of names) {
      const response = await search(t, qppv, { [field]: missing });
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toMatchObject({ Message: MSG.search.unknownFilter(name) });
    }
    const off = await search(t, qppv, { ProductoId: disabled.id, PaisId: await countryId(db, 'UY') });
    expect(off.statusCode).toBe(400);
    expect(off.json()).toMatchObject({ Message: 'El filtro Producto no existe o no está habilitado' });
    const exported = await t.app.inject({ method: 'POST', url: '/api/exportERByFilters', headers: bearer(qppv.token), payload: { SubGrupoId: missing } });
    expect(exported.statusCode).toBe(400);
    expect(exported.json()).toMatchObject({ Message: MSG.search.unknownFilter('Sub-grupo') });
  });

  it('answers a 10 MB body 413 in Spanish, never a 5xx', async () => {
    const qppv = await sessionOf(t, 'QPPV', { laboratories: [{}] });
    for (const url of ['/api/getERByFilters', '/api/exportERByFilters']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(qppv.token), 'content-type': 'application/json' },
        payload: JSON.stringify({ IdEvento: 'x'.repeat(10 * 1024 * 1024) }),
      });
      expect(response.statusCode, url).toBe(413);
      expect(response.json()).toMatchObject({ Message: MSG.errors.payloadTooLarge });
    }
  });
});
