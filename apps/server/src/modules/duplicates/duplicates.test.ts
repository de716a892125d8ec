import { randomInt } from 'node:crypto';
import { type DuplicateCandidates, type DuplicatePairs, ER_STATUS, HOME_REPORT_STATUS, MSG, type PublicReportInput } from '@atalaya/domain';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, duplicateDecisions, duplicatePairs, eventRams, events, homeReports, meddraLlt } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createLlt, createProduct, type TestProduct } from '../../test-support/catalog.js';
import { postPublicReport, type SignedIn, signIn, triageOk } from '../../test-support/home-reports.js';
import { createUser, login, bearer } from '../../test-support/factories.js';
import { laboratoryOfProduct } from '../../test-support/cases.js';
import { patientReport, professionalReport } from '../../test-support/public-reports.js';

let t: TestApp;
let rlf: SignedIn;
let rlfAr: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  rlf = await signIn(t, 'RLF', 'UY');
  rlfAr = await signIn(t, 'RLF', 'AR');
});

afterAll(async () => {
  await t.close();
});

/** A patient of its own (initials, birth date, onset), so that other tests' reports are not its duplicates. */
function patient() {
  const letters = 'BCDFGHKLMNPRSTVWXZ';
  const initials = Array.from({ length: 3 }, () => letters[randomInt(letters.length)]).join('');
  const day = (offset: number) => new Date(Date.UTC(2025, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
  const base = randomInt(300);
  return { initials, birth: day(-10_000 - randomInt(10_000)), onset: day(base), end: day(base + 2) };
}

/** The day `days` after an ISO day. */
function shiftDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The patient's report of a reaction to the product. */
function fromPatient(product: TestProduct, who: ReturnType<typeof patient>, country = 'UY'): PublicReportInput {
  const report = patientReport(product, country);
  return {
    ...report,
    Paciente: { ...report.Paciente, Iniciales: who.initials, FechaNacimiento: who.birth, Embarazo: 'NO', Gestacion: null },
    RAM: report.RAM.map((ram) => ({ ...ram, FechaIniReaccion: who.onset, FechaFinReaccion: who.end })),
    Medicamento: report.Medicamento.map((drug) => ({ ...drug, FechaIni: who.onset, FechaFin: who.end })),
  };
}

/** The treating physician's report of the same reaction: the same patient, the physician's own e-mail (the one the patient gave). */
function fromPhysician(product: TestProduct, who: ReturnType<typeof patient>): PublicReportInput {
  const report = professionalReport(product);
  return {
    ...report,
    Paciente: { ...report.Paciente, Iniciales: who.initials, Sexo: 'F', FechaNacimiento: who.birth, Embarazo: 'NO' },
    RAM: [{ ...report.RAM[0]!, FechaIniReaccion: who.onset, FechaFinReaccion: who.end }],
    InformacionContacto: { ...report.InformacionContacto, Reporta: { Nombre: 'Dra. Suárez', Profesion: 'Médica', Parentesco: null, Email: 'suarez@correo.uy', Telefono: '099123456' } },
  };
}

/** Posts a report and enters it as a case (Ingresar); the case's Meta and number. */
async function enteredCase(report: PublicReportInput, who: SignedIn = rlf): Promise<{ meta: string; reference: string; homeReportId: string }> {
  const { Id } = await postPublicReport(t, report);
  const result = await triageOk(t, 'createerfromerhome', who, { homeERId: Id, subGroup: 1, comentario: 'Se ingresa' });
  return { meta: result.MetaData ?? '', reference: result.NumeroReferencia ?? '', homeReportId: Id };
}

async function candidatesOfReport(id: string, who: SignedIn = rlf) {
  return t.app.inject({ method: 'GET', url: `/api/getDuplicateCandidatesByHomeReport/${id}`, headers: who.headers });
}

async function candidatesOfCase(meta: string, who: SignedIn = rlf): Promise<DuplicateCandidates> {
  const response = await t.app.inject({ method: 'GET', url: `/api/getDuplicateCandidatesByMeta/${meta}`, headers: who.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Finishes the wizard of a case entered from a report ('Enviar', status 1 → 2), as the RLF does. */
async function send(meta: string, who: SignedIn = rlf): Promise<void> {
  // What the RLF completes in the wizard: a reaction copied from a report lacks its MedDRA term and 'expected' (10019211 Headache, the seeded term).
  const [row] = await t.database.db.select({ id: events.id }).from(events).where(eq(events.meta, meta));
  await t.database.db.update(eventRams).set({ isExpected: false, lltCode: sql`coalesce(${eventRams.lltCode}, 10019211)` }).where(eq(eventRams.eventId, row!.id));
  const response = await t.app.inject({ method: 'POST', url: '/api/insertER', headers: who.headers, payload: { Event: { Meta: meta } } });
  expect(response.statusCode, response.body).toBe(200);
}

/** The stored pairs of `duplicate_pairs` that involve any of the cases. */
async function storedPairsOf(...metas: string[]) {
  const ids = (await t.database.db.select({ id: events.id }).from(events).where(inArray(events.meta, metas))).map((row) => row.id);
  return t.database.db
    .select()
    .from(duplicatePairs)
    .where(or(inArray(duplicatePairs.eventId, ids), inArray(duplicatePairs.otherEventId, ids)));
}

/** A QPPV of the product's laboratory; their headers. */
async function qppvOf(product: TestProduct): Promise<Record<string, string>> {
  const laboratoryId = await laboratoryOfProduct(t.database.db, product.id);
  const user = await createUser(t.database.db, { role: 'QPPV', laboratories: [{ laboratoryId }] });
  return bearer((await login(t.app, user)).accessToken);
}

function decide(body: object, who: SignedIn = rlf) {
  return t.app.inject({ method: 'POST', url: '/api/setDuplicateDecision', headers: who.headers, payload: body });
}

describe('possible duplicates of an incoming report (triage)', () => {
  it("shows the patient's case as a likely duplicate of the physician's report of the same reaction, with the reasons", async () => {
    const product = await createProduct(t.database.db, { countries: ['UY'] });
    const who = patient();
    const first = await enteredCase(fromPatient(product, who));
    const second = await postPublicReport(t, fromPhysician(product, who));

    const response = await candidatesOfReport(second.Id);
    expect(response.statusCode, response.body).toBe(200);
    const answer: DuplicateCandidates = response.json();
    const match = answer.Candidatos.find((candidate) => candidate.Meta === first.meta);
    expect(match).toBeDefined();
    expect(match!.Puntaje).toBeGreaterThanOrEqual(answer.Umbral);
    expect(match!.Razones).toEqual(expect.arrayContaining(['Iniciales del paciente: coinciden', 'Medicamentos sospechosos: coinciden', 'Inicio de la reacción: coincide']));
    const initials = match!.Campos.find((field) => field.Campo === 'initials');
    expect(initials).toMatchObject({ Resultado: 'agree', Este: who.initials, Otro: who.initials });
    expect(match!.Campos.find((field) => field.Campo === 'drug')).toMatchObject({ Este: product.commercialName, Otro: product.commercialName });
  });

  it('does not propose an unrelated case', async () => {
    const product = await createProduct(t.database.db, { countries: ['UY'] });
    const one = patient();
    const first = await enteredCase(fromPatient(product, one));
    // Another patient (a reaction half a year apart), another drug and another physician: nothing
    // but the country and, by chance, the sex or the initials' letters in common.
    const unrelated = fromPhysician(await createProduct(t.database.db, { countries: ['UY'] }), { ...patient(), onset: shiftDays(one.onset, 180), end: shiftDays(one.onset, 182) });
    const reporter = { Nombre: 'Dr. Pereira', Profesion: 'Médico', Parentesco: null, Email: 'pereira@salud.uy', Telefono: '098765432' };
    const other = await postPublicReport(t, { ...unrelated, InformacionContacto: { ...unrelated.InformacionContacto, Reporta: reporter } });
    const answer: DuplicateCandidates = (await candidatesOfReport(other.Id)).json();
    expect(answer.Candidatos.map((candidate) => candidate.Meta)).not.toContain(first.meta);
  });

  it('reads a stored report that lacks its reactions, drugs, patient and contacts (an imported or older payload) as unknown parts, never a 500', async () => {
    const { Id } = await postPublicReport(t, fromPatient(await createProduct(t.database.db, { countries: ['UY'] }), patient()));
    // Every part of the stored payload may be missing (storedReportDataSchema): keep only the type.
    await t.database.db.execute(sql`update home_reports set data = jsonb_build_object('Tipo', data->'Tipo') where id = ${Id}`);
    const response = await candidatesOfReport(Id);
    expect(response.statusCode).toBe(200);
    expect((response.json() as DuplicateCandidates).Candidatos).toEqual(expect.any(Array));
  });

  it('respects reach: an RLF of another country gets 404 for the report and never sees a case of another country as a candidate', async () => {
    const product = await createProduct(t.database.db, { countries: ['UY', 'AR'] });
    const who = patient();
    const argentine = await enteredCase(fromPatient(product, who, 'AR'), rlfAr);
    // Sent (a QPPV does not see another user's draft).
    await t.database.db.update(events).set({ status: ER_STATUS.EN_REVISION_RLF }).where(eq(events.meta, argentine.meta));
    const uruguayan = await postPublicReport(t, fromPatient(product, who, 'UY'));

    expect((await candidatesOfReport(uruguayan.Id, rlfAr)).statusCode).toBe(404);
    const seen: DuplicateCandidates = (await candidatesOfReport(uruguayan.Id, rlf)).json();
    expect(seen.Candidatos.map((candidate) => candidate.Meta)).not.toContain(argentine.meta);
    // A QPPV with the product's laboratory sees the other country's case.
    const qppvUser = await createUser(t.database.db, { role: 'QPPV', laboratories: [{ laboratoryId: await laboratoryOfProduct(t.database.db, product.id) }] });
    const qppv = { user: qppvUser, token: '', headers: bearer((await login(t.app, qppvUser)).accessToken) };
    const qppvSees: DuplicateCandidates = (await candidatesOfReport(uruguayan.Id, qppv)).json();
    expect(qppvSees.Candidatos.map((candidate) => candidate.Meta)).toContain(argentine.meta);
    // And the decision on a case out of reach is refused as unknown.
    const refused = await decide({ HomeReportId: uruguayan.Id, OtroMeta: argentine.meta, Decision: 'not-duplicate', Comentario: 'No' }, rlf);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ Message: MSG.duplicates.otherNotFound });
  });

  it("'No es duplicado': the pair never returns, and a second decision on it is 409", async () => {
    const product = await createProduct(t.database.db, { countries: ['UY'] });
    const who = patient();
    const first = await enteredCase(fromPatient(product, who));
    const second = await postPublicReport(t, fromPhysician(product, who));

    const response = await decide({ HomeReportId: second.Id, OtroMeta: first.meta, Decision: 'not-duplicate', Comentario: 'Otro paciente con las mismas iniciales' });
    expect(response.statusCode, response.body).toBe(200);
    const after: DuplicateCandidates = (await candidatesOfReport(second.Id)).json();
    expect(after.Candidatos.map((candidate) => candidate.Meta)).not.toContain(first.meta);
    const again = await decide({ HomeReportId: second.Id, OtroMeta: first.meta, Decision: 'duplicate', Comentario: 'Cambio de idea' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ Message: MSG.duplicates.alreadyDecided });
    const [report] = await t.database.db.select({ status: homeReports.status }).from(homeReports).where(eq(homeReports.id, second.Id));
    expect(report?.status).toBe(HOME_REPORT_STATUS.NUEVO);
  });

  it("'Es duplicado': the report leaves the inbox, and the master's view shows the link; audited", async () => {
    const product = await createProduct(t.database.db, { countries: ['UY'] });
    const who = patient();
    const first = await enteredCase(fromPatient(product, who));
    const second = await postPublicReport(t, fromPhysician(product, who));

    const response = await decide({ HomeReportId: second.Id, OtroMeta: first.meta, Decision: 'duplicate', MaestroMeta: first.meta, Comentario: 'La médica reporta la misma reacción' });
    expect(response.statusCode, response.body).toBe(200);
    const [report] = await t.database.db.select({ status: homeReports.status }).from(homeReports).where(eq(homeReports.id, second.Id));
    expect(report?.status).toBe(HOME_REPORT_STATUS.DESCARTADO);

    const master = await candidatesOfCase(first.meta);
    expect(master.Vinculados).toEqual([expect.objectContaining({ Meta: null, Referencia: second.Reference, Comentario: 'La médica reporta la misma reacción' })]);
    const audit = await t.database.db.select({ description: auditLog.description }).from(auditLog).where(and(eq(auditLog.kind, 'case.duplicate-decided'), eq(auditLog.metadata, first.meta)));
    expect(audit.map((row) => row.description)).toEqual([MSG.duplicates.auditDuplicate(second.Reference, first.reference)]);
  });

  it("never proposes a case's follow-up, the case it follows up, or a sibling follow-up", async () => {
    const product = await createProduct(t.database.db, { countries: ['UY'] });
    const who = patient();
    const first = await enteredCase(fromPatient(product, who));
    const second = await enteredCase(fromPhysician(product, who));
    const third = await enteredCase(fromPatient(product, who));
    // The same patient and reaction: before the link, each is the other's candidate.
    expect((await candidatesOfCase(first.meta)).Candidatos.map((candidate) => candidate.Meta)).toContain(second.meta);
    const idOf = async (reference: string) => (await t.database.db.select({ id: events.id }).from(events).where(eq(events.referenceNumber, reference)))[0]!.id;
    const firstId = await idOf(first.reference);
    // The second and the third become follow-ups of the first (as the wizard's follow-up links them).
    await t.database.db.update(events).set({ parentEventId: firstId }).where(eq(events.id, await idOf(second.reference)));
    await t.database.db.update(events).set({ parentEventId: firstId }).where(eq(events.id, await idOf(third.reference)));

    expect((await candidatesOfCase(first.meta)).Candidatos.map((candidate) => candidate.Meta)).not.toContain(second.meta);
    expect((await candidatesOfCase(second.meta)).Candidatos.map((candidate) => candidate.Meta)).not.toContain(first.meta);
    expect((await candidatesOfCase(second.meta)).Candidatos.map((candidate) => candidate.Meta)).not.toContain(third.meta);
  });

  it('refuses a decision without a comment, writing nothing', async () => {
    const product = await createProduct(t.database.db, { countries: ['UY'] });
    const who = patient();
    const first = await enteredCase(fromPatient(product, who));
    const second = await postPublicReport(t, fromPhysician(product, who));
    const response = await decide({ HomeReportId: second.Id, OtroMeta: first.meta, Decision: 'duplicate', MaestroMeta: first.meta, Comentario: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.duplicates.commentRequired });
    const rows = await t.database.db.select({ id: duplicateDecisions.id }).from(duplicateDecisions).where(eq(duplicateDecisions.homeReportId, second.Id));
    expect(rows).toEqual([]);
  });
});

describe('possible duplicates of a case', () => {
  it("'Es duplicado' of two cases: the other is linked to the master, leaves the workflow, and is proposed no more", async () => {
    const product = await createProduct(t.database.db, { countries: ['UY'] });
    const who = patient();
    const first = await enteredCase(fromPatient(product, who));
    const second = await enteredCase(fromPhysician(product, who));

    const before = await candidatesOfCase(first.meta);
    expect(before.Candidatos.map((candidate) => candidate.Meta)).toContain(second.meta);
    expect(await candidatesOfCase(second.meta)).toMatchObject({ Candidatos: expect.arrayContaining([expect.objectContaining({ Meta: first.meta })]) });

    const wrongMaster = await decide({ Meta: first.meta, OtroMeta: second.meta, Decision: 'duplicate', MaestroMeta: 'otro-caso', Comentario: 'Duplicado' });
    expect(wrongMaster.statusCode).toBe(400);
    const response = await decide({ Meta: second.meta, OtroMeta: first.meta, Decision: 'duplicate', MaestroMeta: first.meta, Comentario: 'Mismo paciente y reacción' });
    expect(response.statusCode, response.body).toBe(200);

    const [duplicate] = await t.database.db.select({ status: events.status, duplicateOf: events.duplicateOfEventId }).from(events).where(eq(events.meta, second.meta));
    const [master] = await t.database.db.select({ id: events.id, status: events.status }).from(events).where(eq(events.meta, first.meta));
    expect(duplicate).toEqual({ status: ER_STATUS.ANULADO, duplicateOf: master?.id });
    expect(master?.status).toBe(ER_STATUS.PENDIENTE);

    const after = await candidatesOfCase(first.meta);
    expect(after.Candidatos.map((candidate) => candidate.Meta)).not.toContain(second.meta);
    expect(after.Vinculados).toEqual([expect.objectContaining({ Meta: second.meta, Referencia: second.reference })]);
    const duplicateView = await candidatesOfCase(second.meta);
    expect(duplicateView).toMatchObject({ Candidatos: [], DuplicadoDe: { Meta: first.meta, Referencia: first.reference } });
    expect((await decide({ Meta: first.meta, OtroMeta: second.meta, Decision: 'not-duplicate', Comentario: 'x' })).statusCode).toBe(409);
  });

  it("'No es duplicado' of two cases: the pair never returns on either side", async () => {
    const product = await createProduct(t.database.db, { countries: ['UY'] });
    const who = patient();
    const first = await enteredCase(fromPatient(product, who));
    const second = await enteredCase(fromPatient(product, who));
    const response = await decide({ Meta: first.meta, OtroMeta: second.meta, Decision: 'not-duplicate', Comentario: 'Gemelas' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await candidatesOfCase(first.meta)).Candidatos.map((candidate) => candidate.Meta)).not.toContain(second.meta);
    expect((await candidatesOfCase(second.meta)).Candidatos.map((candidate) => candidate.Meta)).not.toContain(first.meta);
  });

  it('scores a pair the same from either side: initials one edit apart of which one is commoner, two LLTs of one PT counted differently', async () => {
    const product = await createProduct(t.database.db, { countries: ['UY'] });
    const who = patient();
    // Vowels: never drawn by `patient()`, so the counts of these initials are this test's own.
    const common = { ...who, initials: 'AEI' };
    const rare = { ...who, initials: 'AEO' };
    // Two LLTs of one PT: 'AEI' twice with the first, 'AEO' once with the second (coded as the RLF codes a patient's words).
    const headache = await createLlt(t.database.db, { name: `Cefalea ${randomInt(1e6)}` });
    const [{ ptCode } = { ptCode: 0 }] = await t.database.db.select({ ptCode: meddraLlt.ptCode }).from(meddraLlt).where(eq(meddraLlt.code, headache.llt_code));
    const [pain] = await t.database.db.insert(meddraLlt).values({ code: headache.llt_code + 1, name: `Dolor de cabeza ${randomInt(1e6)}`, ptCode, current: true }).returning();
    const coded = async (who: ReturnType<typeof patient>, llt: number) => {
      const entered = await enteredCase(fromPatient(product, who));
      await t.database.db.update(eventRams).set({ lltCode: llt }).where(inArray(eventRams.eventId, t.database.db.select({ id: events.id }).from(events).where(eq(events.meta, entered.meta))));
      return entered;
    };
    const first = await coded(common, headache.llt_code);
    await coded(common, headache.llt_code);
    const third = await coded(rare, pain!.code);

    const seen = (candidates: DuplicateCandidates, meta: string) => candidates.Candidatos.find((candidate) => candidate.Meta === meta);
    const fromFirst = seen(await candidatesOfCase(first.meta), third.meta);
    const fromThird = seen(await candidatesOfCase(third.meta), first.meta);
    expect(fromFirst).toBeDefined();
    const weights = (candidate: DuplicateCandidates['Candidatos'][number] | undefined) => Object.fromEntries((candidate?.Campos ?? []).map((field) => [field.Campo, [field.Resultado, field.Peso]]));
    expect(weights(fromFirst)).toMatchObject({ initials: ['near', expect.any(Number)], pt: ['agree', expect.any(Number)] });
    expect(weights(fromThird)).toEqual(weights(fromFirst));
    expect(fromThird?.Puntaje).toBe(fromFirst?.Puntaje);
  });

  it("lists the QPPV's suspected pairs in reach once the cases are sent, and refuses the list to an RLF", async () => {
    const product = await createProduct(t.database.db, { countries: ['UY'] });
    const who = patient();
    const first = await enteredCase(fromPatient(product, who));
    const second = await enteredCase(fromPhysician(product, who));
    // Drafts: no pair is stored (the list skips drafts).
    expect(await storedPairsOf(first.meta, second.meta)).toEqual([]);
    // Sent as the RLF does ('Enviar' at the wizard's finish): the pair is stored after the commit.
    await send(first.meta);
    await send(second.meta);
    const headers = await qppvOf(product);
    for (let tries = 0; tries < 100 && (await storedPairsOf(first.meta, second.meta)).length === 0; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await t.app.inject({ method: 'GET', url: '/api/getDuplicatePairs', headers });
    expect(response.statusCode, response.body).toBe(200);
    const pairs: DuplicatePairs = response.json();
    const pair = pairs.Pares.find((row) => [row.A.Meta, row.B.Meta].sort().join() === [first.meta, second.meta].sort().join());
    expect(pair?.Puntaje).toBeGreaterThanOrEqual(pairs.Umbral);
    // Another QPPV, without the laboratory, does not see the pair.
    const otherQppv = await createUser(t.database.db, { role: 'QPPV', laboratories: [] });
    const otherPairs: DuplicatePairs = (await t.app.inject({ method: 'GET', url: '/api/getDuplicatePairs', headers: bearer((await login(t.app, otherQppv)).accessToken) })).json();
    expect(otherPairs.Pares.flatMap((row) => [row.A.Meta, row.B.Meta])).not.toContain(first.meta);
    expect((await t.app.inject({ method: 'GET', url: '/api/getDuplicatePairs', headers: rlf.headers })).statusCode).toBe(403);
  });

  it("reading a case's candidates and the QPPV's list writes no pair; the list shows what the sending stored", async () => {
    const product = await createProduct(t.database.db, { countries: ['UY'] });
    const who = patient();
    const first = await enteredCase(fromPatient(product, who));
    const second = await enteredCase(fromPatient(product, who));
    // Their creation queued them for the pairs (as drafts, skipped): let that pass before the change below.
    await t.app.duplicatePairs.settled();
    // Sent behind the application's back (no sending, so nothing recorded them): only a read could store their pair.
    await t.database.db.update(events).set({ status: ER_STATUS.EN_REVISION_RLF }).where(inArray(events.meta, [first.meta, second.meta]));
    const headers = await qppvOf(product);

    expect((await candidatesOfCase(first.meta)).Candidatos.map((candidate) => candidate.Meta)).toContain(second.meta);
    const qppvView = await t.app.inject({ method: 'GET', url: `/api/getDuplicateCandidatesByMeta/${second.meta}`, headers });
    expect(qppvView.statusCode, qppvView.body).toBe(200);
    const listed = async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/getDuplicatePairs', headers });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as DuplicatePairs).Pares.map((pair) => [pair.A.Meta, pair.B.Meta].sort().join());
    };
    expect(await listed()).not.toContain([first.meta, second.meta].sort().join());
    expect(await storedPairsOf(first.meta, second.meta)).toEqual([]);

    // A third report of the same reaction, sent through the wizard: its pairs with both are stored and listed, the newest first.
    const third = await enteredCase(fromPatient(product, who));
    await send(third.meta);
    for (let tries = 0; tries < 100 && (await storedPairsOf(third.meta)).length < 2; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await t.app.inject({ method: 'GET', url: '/api/getDuplicatePairs', headers });
    const pairs: DuplicatePairs = response.json();
    const keys = pairs.Pares.map((pair) => [pair.A.Meta, pair.B.Meta].sort().join());
    expect(keys.slice(0, 2).sort()).toEqual([[first.meta, third.meta].sort().join(), [second.meta, third.meta].sort().join()].sort());
    expect(pairs.Pares.slice(0, 2).every((pair) => pair.A.Meta === third.meta && pair.Puntaje >= pairs.Umbral && pair.Razones.length > 0)).toBe(true);
    // The pair of the two cases that were never sent through the application is still not stored.
    expect(keys).not.toContain([first.meta, second.meta].sort().join());
    const before = await storedPairsOf(first.meta, second.meta, third.meta);
    await candidatesOfCase(third.meta);
    await t.app.inject({ method: 'GET', url: '/api/getDuplicatePairs', headers });
    expect(await storedPairsOf(first.meta, second.meta, third.meta)).toEqual(before);
  });
});
