import { randomUUID } from 'node:crypto';
import { ER_STATUS, MSG, type CompanyOption, type LaboratoryOption, type Role, type UserLaboratory, type UserWithDetails } from '@atalaya/domain';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, events, laboratories, userLaboratories } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { countryId, createProduct } from '../../test-support/catalog.js';
import { createCase, laboratoryOfProduct } from '../../test-support/cases.js';
import { bearer, createUser, login, randomIp, type TestUser } from '../../test-support/factories.js';
import { caseReach, loadUserLaboratoryIds } from '../reach/index.js';

const PROPERTY_RUNS = Number(process.env.ATALAYA_FUZZ_RUNS ?? 25);

let t: TestApp;
const headers = {} as Record<'ADMIN' | 'QPPV' | 'CL', { authorization: string }>;
let creator: TestUser;

/** A company of its own in `country` with `count` laboratories, each with a product. */
async function companyWithLaboratories(country: string, count: number) {
  const db = t.database.db;
  const products = [];
  for (let i = 0; i < count; i += 1) products.push(await createProduct(db, { countries: [country] }));
  const labIds = await Promise.all(products.map((product) => laboratoryOfProduct(db, product.id)));
  const [first] = await db.select({ companyId: laboratories.companyId }).from(laboratories).where(eq(laboratories.id, labIds[0] ?? 0));
  const companyId = first?.companyId ?? 0;
  // Every laboratory moved to the first one's company.
  for (const id of labIds) await db.update(laboratories).set({ companyId }).where(eq(laboratories.id, id));
  return { companyId, labIds, productIds: products.map((product) => product.id) };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['ADMIN', 'QPPV', 'CL'] as const) headers[role] = bearer((await login(t.app, await createUser(t.database.db, { role }))).accessToken);
  creator = await createUser(t.database.db, { role: 'RLF' });
});
afterAll(() => t.close());

function post(url: string, payload: object, as: 'ADMIN' | 'QPPV' | 'CL' = 'ADMIN') {
  return t.app.inject({ method: 'POST', url, payload, headers: headers[as], remoteAddress: randomIp() });
}
function get(url: string, as: 'ADMIN' | 'QPPV' | 'CL' = 'ADMIN') {
  return t.app.inject({ method: 'GET', url, headers: headers[as], remoteAddress: randomIp() });
}

async function assign(userId: string, body: object, as: 'ADMIN' | 'QPPV' = 'ADMIN'): Promise<UserLaboratory[]> {
  const response = await post('/api/setLaboratoryUser', { userId, ...body }, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UserLaboratory[]>();
}

/** The ids of the cases the user sees, by the subquery and by the preloaded laboratory ids (they must agree). */
async function visibleCases(user: { id: string; role: Role }): Promise<string[]> {
  const db = t.database.db;
  const reach = { id: user.id, role: user.role, countryCode: 'UY' };
  const bySubquery = await db.select({ id: events.id }).from(events).where(caseReach(reach)).orderBy(events.id);
  const byConstants = await db.select({ id: events.id }).from(events).where(caseReach(reach, await loadUserLaboratoryIds(db, user.id))).orderBy(events.id);
  expect(byConstants).toEqual(bySubquery);
  return bySubquery.map((row) => row.id);
}

/** What the model says a grant covers, computed independently: the sent, undeleted cases with a medication of a matching laboratory. */
async function casesWithLaboratoriesWhere(condition: ReturnType<typeof sql>): Promise<string[]> {
  const rows = await t.database.db.execute<{ id: string }>(sql`
    select e.id from events e where e.deleted_at is null and e.status <> ${ER_STATUS.PENDIENTE}
      and exists (select 1 from event_medications m join laboratories l on l.id = m.laboratory_id where m.event_id = e.id and ${condition})
    order by e.id`);
  return rows.rows.map((row) => row.id);
}

describe('reach follows the laboratory grants', () => {
  it('a company grant: exactly the cases of that company’s laboratories', async () => {
    const mine = await companyWithLaboratories('UY', 2);
    const other = await companyWithLaboratories('UY', 1);
    const cases = [
      await createCase(t.database.db, { createdBy: creator.id, productIds: [mine.productIds[0] ?? 0] }),
      await createCase(t.database.db, { createdBy: creator.id, productIds: [mine.productIds[1] ?? 0, other.productIds[0] ?? 0] }),
    ];
    await createCase(t.database.db, { createdBy: creator.id, productIds: [other.productIds[0] ?? 0] });
    await createCase(t.database.db, { createdBy: creator.id, status: ER_STATUS.PENDIENTE, productIds: [mine.productIds[0] ?? 0] });
    const fabricante = await createUser(t.database.db, { role: 'Fabricante' });
    const grants = await assign(fabricante.id, { country: 'UY', company: mine.companyId });
    expect(grants).toEqual([
      { Id: expect.any(Number) as number, LaboratoryId: null, CompanyId: mine.companyId, CountryId: await countryId(t.database.db, 'UY'), Description: expect.stringMatching(/^Todos los laboratorios de Compañía .+ \(Uruguay\)$/) as string },
    ]);
    expect(await visibleCases(fabricante)).toEqual(cases.map((c) => c.id).sort());
    // A laboratory that joins the company is covered at once.
    const joining = await companyWithLaboratories('UY', 1);
    const later = await createCase(t.database.db, { createdBy: creator.id, productIds: [joining.productIds[0] ?? 0] });
    await t.database.db.update(laboratories).set({ companyId: mine.companyId }).where(eq(laboratories.id, joining.labIds[0] ?? 0));
    expect(await visibleCases(fabricante)).toEqual([...cases.map((c) => c.id), later.id].sort());
  });

  it('a single laboratory grant: exactly that laboratory’s cases', async () => {
    const company = await companyWithLaboratories('UY', 2);
    const one = await createCase(t.database.db, { createdBy: creator.id, productIds: [company.productIds[0] ?? 0] });
    await createCase(t.database.db, { createdBy: creator.id, productIds: [company.productIds[1] ?? 0] });
    const cl = await createUser(t.database.db, { role: 'CL' });
    await assign(cl.id, { country: 'UY', company: company.companyId, laboratories: [{ Id: company.labIds[0], Checked: true }, { Id: company.labIds[1], Checked: false }] });
    expect(await visibleCases(cl)).toEqual([one.id]);
  });

  it('a country grant: the cases of every laboratory of the country; an all grant: every laboratory’s', async () => {
    const py = await companyWithLaboratories('PY', 1);
    await createCase(t.database.db, { createdBy: creator.id, country: 'PY', productIds: [py.productIds[0] ?? 0] });
    const qppv = await createUser(t.database.db, { role: 'QPPV' });
    await assign(qppv.id, { country: 'PY' });
    const pyId = await countryId(t.database.db, 'PY');
    const inPy = await casesWithLaboratoriesWhere(sql`l.country_id = ${pyId}`);
    expect(inPy.length).toBeGreaterThan(0);
    expect(await visibleCases(qppv)).toEqual(inPy);

    await assign(qppv.id, { allLabs: true });
    expect(await visibleCases(qppv)).toEqual(await casesWithLaboratoriesWhere(sql`true`));
  });
});

describe('laboratory assignment calls', () => {
  it('lists a country’s companies and a company’s laboratories checked for the user', async () => {
    const company = await companyWithLaboratories('UY', 2);
    const companiesOfUy = (await get('/api/getCompaniesByCountry/UY')).json<CompanyOption[]>();
    expect(companiesOfUy.map((c) => c.Id)).toContain(company.companyId);
    expect((await get('/api/getCompaniesByCountry/AR', 'QPPV')).json<CompanyOption[]>().map((c) => c.Id)).not.toContain(company.companyId);
    const unknown = await get('/api/getCompaniesByCountry/QQ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ Message: MSG.users.countryUnknown });

    const user = await createUser(t.database.db, { role: 'Fabricante', laboratories: [{ laboratoryId: company.labIds[1] }] });
    const labs = (await get(`/api/getLaboratoriesByCompany/${company.companyId}/${user.id}`)).json<LaboratoryOption[]>();
    expect(labs.map((lab) => [lab.Id, lab.Checked])).toEqual(
      expect.arrayContaining([
        [company.labIds[0], false],
        [company.labIds[1], true],
      ]),
    );
    expect((await get(`/api/getLaboratoriesByCompany/99999999/${user.id}`)).statusCode).toBe(404);
    expect((await get(`/api/getLaboratoriesByCompany/${company.companyId}/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(`/api/getLaboratoriesByCompany/abc/${user.id}`)).statusCode).toBe(400);
    expect((await get(`/api/getLaboratoriesByCompany/${company.companyId}/${user.id}`, 'CL')).statusCode).toBe(403);
  });

  it('grants and removes: all replaces everything, a country replaces the grants within it, unchecked laboratories are removed; each change audited', async () => {
    const company = await companyWithLaboratories('UY', 2);
    const user = await createUser(t.database.db, { role: 'CL' });
    const kinds = (grants: UserLaboratory[]) => grants.map((g) => [g.LaboratoryId, g.CompanyId, g.CountryId]);
    const uy = await countryId(t.database.db, 'UY');
    let grants = await assign(user.id, { country: 'UY', company: company.companyId, laboratories: [{ Id: company.labIds[0], Checked: true }, { Id: company.labIds[1], Checked: true }] });
    expect(kinds(grants)).toEqual([
      [company.labIds[0], company.companyId, uy],
      [company.labIds[1], company.companyId, uy],
    ]);
    expect(grants[0]?.Description).toMatch(/^Laboratorio .+ \(Compañía .+, Uruguay\)$/);
    grants = await assign(user.id, { country: 'UY', company: company.companyId, laboratories: [{ Id: company.labIds[0], Checked: false }] });
    expect(kinds(grants)).toEqual([[company.labIds[1], company.companyId, uy]]);
    // The same again changes nothing and writes no audit row.
    const auditCount = async () => (await t.database.db.select().from(auditLog).where(and(eq(auditLog.pkId, user.id), eq(auditLog.kind, 'user.laboratories-changed')))).length;
    const before = await auditCount();
    await assign(user.id, { country: 'UY', company: company.companyId, laboratories: [{ Id: company.labIds[0], Checked: false }] });
    expect(await auditCount()).toBe(before);

    grants = await assign(user.id, { country: 'AR' });
    grants = await assign(user.id, { country: 'UY' });
    expect(kinds(grants)).toEqual([
      [null, null, await countryId(t.database.db, 'AR')],
      [null, null, uy],
    ]);
    expect(grants.map((g) => g.Description)).toEqual(['Todos los laboratorios de Argentina', 'Todos los laboratorios de Uruguay']);
    grants = await assign(user.id, { allLabs: true });
    expect(grants).toEqual([{ Id: expect.any(Number) as number, LaboratoryId: null, CompanyId: null, CountryId: null, Description: 'Todos los laboratorios' }]);

    const [last] = await t.database.db.select().from(auditLog).where(eq(auditLog.pkId, user.id)).orderBy(sql`${auditLog.id} desc`).limit(1);
    expect(last).toMatchObject({ kind: 'user.laboratories-changed', instance: 'Usuarios', operationType: 'U', oldValues: { Laboratories: ['Todos los laboratorios de Argentina', 'Todos los laboratorios de Uruguay'] }, newValues: { Laboratories: ['Todos los laboratorios'] } });

    const removed = await post('/api/deleteLaboratoryUser', { userId: user.id, grantId: grants[0]?.Id });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual([]);
    const mine = await t.app.inject({ method: 'GET', url: `/api/getUserDetails/${user.id}`, headers: headers.ADMIN });
    expect(mine.json<UserWithDetails>().Laboratories).toEqual([]);
  });

  it('refuses a bad assignment with 400 and changes nothing', async () => {
    const company = await companyWithLaboratories('UY', 1);
    const foreign = await companyWithLaboratories('AR', 1);
    const user = await createUser(t.database.db, { role: 'CL', laboratories: [{ laboratoryId: company.labIds[0] }] });
    const cases: [object, string][] = [
      [{}, MSG.users.assignmentTarget],
      [{ country: 'none' }, MSG.users.assignmentTarget],
      [{ country: 'QQ' }, MSG.users.countryUnknown],
      [{ country: 'UY', company: 99_999_999 }, MSG.users.companyUnknown],
      [{ country: 'UY', company: 99_999_999_999 }, MSG.users.companyUnknown],
      [{ country: 'UY', company: foreign.companyId }, MSG.users.companyNotInCountry],
      [{ country: 'UY', company: company.companyId, laboratories: [{ Id: foreign.labIds[0], Checked: true }] }, MSG.users.laboratoryNotInCompany],
      [{ country: 'UY', company: company.companyId, laboratories: [{ Id: 99_999_999_999, Checked: true }] }, MSG.users.laboratoryNotInCompany],
    ];
    const grantsBefore = await t.database.db.select().from(userLaboratories).where(eq(userLaboratories.userId, user.id));
    for (const [body, message] of cases) {
      const response = await post('/api/setLaboratoryUser', { userId: user.id, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ Message: message });
    }
    expect(await t.database.db.select().from(userLaboratories).where(eq(userLaboratories.userId, user.id))).toEqual(grantsBefore);
    const unknownUser = await post('/api/setLaboratoryUser', { userId: randomUUID(), allLabs: true });
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json()).toMatchObject({ Message: MSG.users.notFound });
    for (const grantId of [grantsBefore[0]?.id ?? 0, 99_999_999, 99_999_999_999]) {
      const other = await createUser(t.database.db, { role: 'CL' });
      const notTheirs = await post('/api/deleteLaboratoryUser', { userId: other.id, grantId });
      expect(notTheirs.statusCode).toBe(404);
      expect(notTheirs.json()).toMatchObject({ Message: MSG.users.grantNotFound });
    }
    expect(await t.database.db.select().from(userLaboratories).where(eq(userLaboratories.userId, user.id))).toEqual(grantsBefore);
  });

  it('keeps a QPPV off an ADMIN user’s laboratories and a CL off the calls', async () => {
    const admin = await createUser(t.database.db, { role: 'ADMIN' });
    const refused = await post('/api/setLaboratoryUser', { userId: admin.id, allLabs: true }, 'QPPV');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Message: MSG.users.adminUserNotAllowed });
    const user = await createUser(t.database.db, { role: 'CL' });
    expect((await post('/api/setLaboratoryUser', { userId: user.id, allLabs: true }, 'CL')).statusCode).toBe(403);
    expect(await t.database.db.select().from(userLaboratories).where(eq(userLaboratories.userId, admin.id))).toEqual([]);
  });

  it('stores only the four kinds of grant, a laboratory with its own company and country (the database refuses the rest)', async () => {
    const company = await companyWithLaboratories('UY', 1);
    const foreign = await companyWithLaboratories('AR', 1);
    const user = await createUser(t.database.db, { role: 'CL' });
    const uy = await countryId(t.database.db, 'UY');
    const [row] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.id, company.companyId));
    expect(row).toBeDefined();
    const bad = [
      { userId: user.id, laboratoryId: company.labIds[0], companyId: null, countryId: null },
      { userId: user.id, laboratoryId: null, companyId: company.companyId, countryId: null },
      { userId: user.id, laboratoryId: company.labIds[0], companyId: foreign.companyId, countryId: uy },
      { userId: user.id, laboratoryId: null, companyId: foreign.companyId, countryId: uy },
    ];
    for (const values of bad) await expect(t.database.db.insert(userLaboratories).values(values)).rejects.toThrow();
    await t.database.db.insert(userLaboratories).values({ userId: user.id, laboratoryId: null, companyId: null, countryId: uy });
    await expect(t.database.db.insert(userLaboratories).values({ userId: user.id, laboratoryId: null, companyId: null, countryId: uy })).rejects.toThrow();
  });
});

describe('the reach is what was checked (property)', () => {
  /** One assignment call as the screen or a client following the spec may send it. */
  type Call =
    | { kind: 'laboratories'; country: 'UY' | 'AR'; withCompany: boolean; choices: { lab: number; Checked: boolean }[] }
    | { kind: 'company'; company: number }
    | { kind: 'country'; country: 'UY' | 'AR' }
    | { kind: 'foreign'; lab: number };

  it('after any sequence of assignment calls the user reaches exactly the union of what was checked (unchecking never widens)', async () => {
    const uyA = await companyWithLaboratories('UY', 2);
    const uyB = await companyWithLaboratories('UY', 2);
    const ar = await companyWithLaboratories('AR', 2);
    const companies = [uyA, uyB, ar];
    const fixture = companies.flatMap((company) => company.labIds);
    const countryOf = (lab: number) => (ar.labIds.includes(lab) ? 'AR' : 'UY');
    const companyOf = (lab: number) => companies.find((company) => company.labIds.includes(lab)) ?? uyA;
    const ofCountry = (code: 'UY' | 'AR') => fixture.filter((lab) => countryOf(lab) === code);

    const laboratoriesCall: fc.Arbitrary<Call> = fc
      .record({ company: fc.constantFrom(...companies), withCompany: fc.boolean(), picks: fc.array(fc.record({ index: fc.nat(3), Checked: fc.boolean() }), { minLength: 1, maxLength: 4 }) })
      .map(({ company, withCompany, picks }) => {
        // With a company: its laboratories; without (the spec's body): any of the country's.
        const pool = withCompany ? company.labIds : ofCountry(countryOf(company.labIds[0] ?? 0));
        const seen = new Map<number, boolean>();
        for (const pick of picks) seen.set(pool[pick.index % pool.length] ?? 0, pick.Checked);
        return { kind: 'laboratories', country: countryOf(company.labIds[0] ?? 0), withCompany, choices: [...seen].map(([lab, Checked]) => ({ lab, Checked })) };
      });
    const call: fc.Arbitrary<Call> = fc.oneof(
      { weight: 6, arbitrary: laboratoriesCall },
      { weight: 1, arbitrary: fc.constantFrom(...companies).map((company): Call => ({ kind: 'company', company: company.companyId })) },
      { weight: 1, arbitrary: fc.constantFrom('UY' as const, 'AR' as const).map((country): Call => ({ kind: 'country', country })) },
      { weight: 1, arbitrary: fc.constantFrom(...ar.labIds).map((lab): Call => ({ kind: 'foreign', lab })) },
    );

    const reach = async (userId: string) => {
      const ids = new Set(await loadUserLaboratoryIds(t.database.db, userId));
      return fixture.filter((lab) => ids.has(lab)).sort((a, b) => a - b);
    };

    await fc.assert(
      fc.asyncProperty(fc.array(call, { minLength: 1, maxLength: 8 }), async (calls) => {
        const user = await createUser(t.database.db, { role: 'Fabricante' });
        // The model: laboratories checked one by one, and those a whole company or country covers.
        const checked = new Set<number>();
        const covered = new Set<number>();
        for (const step of calls) {
          const before = await reach(user.id);
          if (step.kind === 'foreign') {
            const refused = await post('/api/setLaboratoryUser', { userId: user.id, laboratories: [{ Id: step.lab, Checked: true }], country: 'UY', allLabs: false });
            expect(refused.statusCode).toBe(400);
            expect(refused.json()).toMatchObject({ Message: MSG.users.laboratoryNotInCountry });
          } else if (step.kind === 'company') {
            await assign(user.id, { country: countryOf(companies.find((c) => c.companyId === step.company)?.labIds[0] ?? 0), company: step.company, allLabs: false });
            for (const lab of companies.find((c) => c.companyId === step.company)?.labIds ?? []) covered.add(lab);
          } else if (step.kind === 'country') {
            await assign(user.id, { country: step.country, allLabs: false });
            for (const lab of ofCountry(step.country)) covered.add(lab);
          } else {
            const laboratories = step.choices.map((choice) => ({ Id: choice.lab, Checked: choice.Checked }));
            const company = step.withCompany ? { company: companyOf(step.choices[0]?.lab ?? 0).companyId } : {};
            await assign(user.id, { country: step.country, allLabs: false, ...company, laboratories });
            for (const choice of step.choices) {
              if (choice.Checked) checked.add(choice.lab);
              else checked.delete(choice.lab);
            }
            if (step.choices.every((choice) => !choice.Checked)) expect((await reach(user.id)).every((lab) => before.includes(lab))).toBe(true);
          }
          expect(await reach(user.id)).toEqual(fixture.filter((lab) => checked.has(lab) || covered.has(lab)).sort((a, b) => a - b));
        }
      }),
      { numRuns: PROPERTY_RUNS },
    );
  }, 300_000);
});
