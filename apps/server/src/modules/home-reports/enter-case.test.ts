import { HOME_REPORT_STATUS, type HomeReportStatusResult, MSG } from '@atalaya/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  eventMedicationIngredients,
  eventMedications,
  eventPatients,
  eventRams,
  events,
  homeReports,
  homeReportStatusHistory,
  medicalContacts,
  operationHistory,
  operationHistoryLines,
  previousMedications,
  productIngredients,
  products,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { countryId, createProduct, type TestProduct } from '../../test-support/catalog.js';
import { patientReport, professionalReport } from '../../test-support/public-reports.js';
import { type CaseCreated, createCaseEvents, onCaseCreated } from '../cases/index.js';
import { REPORTED_SERIOUS } from './case-from-report.js';
import { postPublicReport, postUserReport, reportState, type SignedIn, signIn, triageCall, triageOk } from '../../test-support/home-reports.js';
import { enterHomeReport } from './triage.js';

let t: TestApp;
let product: TestProduct;
let laboratoryId: number;
let ingredientIds: number[];
let rlf: SignedIn;
let qppv: SignedIn;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  t = await createTestApp();
  product = await createProduct(t.database.db, { countries: ['UY'], ingredients: ['paracetamol A', 'cafeína A'] });
  const [row] = await t.database.db.select({ laboratoryId: products.laboratoryId }).from(products).where(eq(products.id, product.id));
  laboratoryId = row?.laboratoryId ?? 0;
  const ingredients = await t.database.db.select().from(productIngredients).where(eq(productIngredients.productId, product.id));
  ingredientIds = ingredients.map((ingredient) => ingredient.activeIngredientId).sort();
  [rlf, qppv] = await Promise.all([signIn(t, 'RLF', 'UY'), signIn(t, 'QPPV', 'UY')]);
});
afterAll(() => t.close());

async function caseOf(meta: string) {
  const [row] = await t.database.db.select().from(events).where(eq(events.meta, meta));
  if (!row) throw new Error(`No case ${meta}`);
  return row;
}

describe('POST /api/createerfromerhome (Ingresar)', () => {
  it('creates the case from a patient’s report, field for field, and takes the report out of the inbox', async () => {
    const { Id: id, Reference: reference } = await postPublicReport(t, patientReport(product));
    await triageOk(t, 'updatestatiserfromerhome', rlf, { homeERId: id, newStatus: 2, subGroup: 'RAM', comentario: 'Pedir más datos' });
    const result = await triageOk(t, 'createerfromerhome', rlf, { homeERId: id, newStatus: null, subGroup: 1, updData: { Pais: null }, comentario: 'Se ingresa' });

    expect(result).toEqual({ Id: id, Status: HOME_REPORT_STATUS.INGRESADO, MetaData: expect.stringMatching(/^[\w-]{22}$/), NumeroReferencia: expect.stringMatching(new RegExp(`^UY-${year}-\\d{6}$`)) });
    const event = await caseOf(result.MetaData ?? '');
    const [report] = await t.database.db.select().from(homeReports).where(eq(homeReports.id, id));
    expect(event).toMatchObject({
      referenceNumber: result.NumeroReferencia,
      status: 1,
      groupId: 1,
      subGroupId: 1,
      countryId: await countryId(t.database.db, 'UY'),
      isRam: true,
      homeReportId: id,
      homeReferenceNumber: reference,
      medicalContact: true,
      receivedAt: report?.createdAt,
      createdBy: rlf.user.id,
    });
    expect(report).toMatchObject({ status: 4, enteredEventId: event.id, updatedBy: rlf.user.id });

    const [patient] = await t.database.db.select().from(eventPatients).where(eq(eventPatients.eventId, event.id));
    expect(patient).toMatchObject({
      initials: 'JPG',
      // Born 1990-04-12; the reaction began 2026-01-02.
      age: 35,
      ageUnit: 'Años',
      weight: 61.5,
      weightUnitId: 1,
      height: 1.64,
      heightUnitId: 1,
      gender: 'F',
      pregnancy: true,
      gestation: 12,
      lactation: false,
      countryId: await countryId(t.database.db, 'UY'),
      medicalInstitution: 'Hospital de Clínicas',
      medicalConditions: 'Alergia a la penicilina',
      contactAllow: true,
      relationshipId: 1,
      phone: '24001234',
      email: 'juana@correo.uy',
      createdBy: rlf.user.id,
    });

    const rams = await t.database.db.select().from(eventRams).where(eq(eventRams.eventId, event.id));
    expect(rams).toEqual([
      expect.objectContaining({
        lltCode: null,
        lltName: null,
        description: 'Erupción en la piel con picazón',
        evolution: -1,
        medicationActionId: 1,
        dateStart: '2026-01-02',
        dateEnd: '2026-01-05',
        anotherCondition: false,
        considerations: null,
        isSerious: false,
      }),
    ]);

    const medications = await t.database.db.select().from(eventMedications).where(eq(eventMedications.eventId, event.id));
    expect(medications).toEqual([
      expect.objectContaining({
        productId: product.id,
        laboratoryId,
        routeId: 1,
        frequencyTypeId: 1,
        frequencyHours: 8,
        dose: 500,
        useUnitId: 1,
        dateStart: '2026-01-01',
        dateEnd: '2026-01-04',
        indication: 'Dolor de cabeza',
      }),
    ]);
    const ingredients = await t.database.db
      .select()
      .from(eventMedicationIngredients)
      .where(inArray(eventMedicationIngredients.eventMedicationId, medications.map((medication) => medication.id)));
    expect(ingredients.map((ingredient) => ingredient.activeIngredientId).sort()).toEqual(ingredientIds);

    const previous = await t.database.db.select().from(previousMedications).where(eq(previousMedications.eventId, event.id));
    expect(previous).toEqual([expect.objectContaining({ medication: 'Ibuprofeno', typeId: null, dateStart: '2025-12-20', dateEnd: '2025-12-28' })]);

    const contacts = await t.database.db.select().from(medicalContacts).where(eq(medicalContacts.eventId, event.id));
    expect(contacts).toEqual([
      expect.objectContaining({
        contacted: true,
        contactDate: '2026-01-03',
        doctorName: 'Dra. Suárez',
        profession: 'Médica',
        doctorEmail: 'suarez@correo.uy',
        doctorPhone: '099123456',
        intervention: 'Suspendió el medicamento',
      }),
    ]);
  });

  it('copies a professional’s report: MedDRA terms, seriousness, concomitant type, no consultation', async () => {
    const { Id: id } = await postUserReport(t, qppv, professionalReport(product));
    const result = await triageOk(t, 'createerfromerhome', qppv, { homeERId: id, subGroup: 'INTERACCION' });
    const event = await caseOf(result.MetaData ?? '');
    expect(event).toMatchObject({ groupId: 1, subGroupId: 2, isRam: true, medicalContact: false, createdBy: qppv.user.id });

    const [patient] = await t.database.db.select().from(eventPatients).where(eq(eventPatients.eventId, event.id));
    expect(patient).toMatchObject({
      initials: 'RM',
      // Born 1958-09-30; the first reaction began 2026-02-01.
      age: 67,
      ageUnit: 'Años',
      weight: 82,
      height: 1.78,
      gender: 'M',
      pregnancy: false,
      gestation: null,
      lactation: false,
      medicalInstitution: null,
      medicalConditions: 'Hipertenso, diabético tipo 2',
      contactAllow: false,
      relationshipId: null,
      phone: '099765432',
      email: 'perez@correo.uy',
    });

    const rams = await t.database.db.select().from(eventRams).where(eq(eventRams.eventId, event.id)).orderBy(asc(eventRams.id));
    expect(rams).toEqual([
      expect.objectContaining({
        lltCode: 10019211,
        lltName: 'Cefalea',
        description: 'Cefalea intensa',
        evolution: 0,
        medicationActionId: 2,
        dateStart: '2026-02-01',
        dateEnd: '2026-02-02',
        anotherCondition: true,
        considerations: REPORTED_SERIOUS,
        isSerious: true,
      }),
      expect.objectContaining({
        lltCode: 10028813,
        lltName: 'Náusea',
        description: 'Náuseas',
        evolution: 5,
        medicationActionId: null,
        dateStart: null,
        dateEnd: null,
        anotherCondition: false,
        isSerious: false,
      }),
    ]);
    const [medication] = await t.database.db.select().from(eventMedications).where(eq(eventMedications.eventId, event.id));
    expect(medication).toMatchObject({ productId: product.id, laboratoryId, routeId: 2, frequencyHours: 12, dose: 1, useUnitId: 2, indication: 'Hipertensión' });
    const previous = await t.database.db.select().from(previousMedications).where(eq(previousMedications.eventId, event.id));
    expect(previous).toEqual([expect.objectContaining({ medication: 'Enalapril', typeId: 1, dateStart: '2025-06-01', dateEnd: null })]);
    const contacts = await t.database.db.select().from(medicalContacts).where(eq(medicalContacts.eventId, event.id));
    expect(contacts).toEqual([expect.objectContaining({ contacted: false, doctorName: null, contactDate: null })]);
  });

  it('records the creation in the case’s operation history, with the report’s earlier transitions, and in the audit trail', async () => {
    const { Id: id, Reference: reference } = await postPublicReport(t, patientReport(product));
    await triageOk(t, 'updatestatiserfromerhome', rlf, { homeERId: id, newStatus: 3, comentario: 'Parece spam' });
    await triageOk(t, 'updatestatiserfromerhome', rlf, { homeERId: id, newStatus: 2, subGroup: 'ESAVI', comentario: 'Era real' });
    const result = await triageOk(t, 'createerfromerhome', rlf, { homeERId: id, comentario: 'Se ingresa' });
    const event = await caseOf(result.MetaData ?? '');
    expect(event.subGroupId).toBe(3);

    const entries = await t.database.db.select().from(operationHistory).where(eq(operationHistory.eventId, event.id));
    expect(entries).toEqual([
      expect.objectContaining({ operationType: 'I', userId: rlf.user.id, description: `Evento creado desde el reporte ${reference}`, comment: 'Se ingresa' }),
    ]);
    const lines = await t.database.db
      .select()
      .from(operationHistoryLines)
      .where(eq(operationHistoryLines.entryId, entries[0]?.id ?? 0))
      .orderBy(asc(operationHistoryLines.id));
    expect(lines.map((line) => [line.description, line.oldValue, line.newValue, line.comment])).toEqual([
      [`Reporte ${reference}`, null, 'Nuevo', 'Creado'],
      [`Reporte ${reference}`, 'Nuevo', 'Descartado', 'Parece spam'],
      [`Reporte ${reference}`, 'Descartado', 'En revisión', 'Era real'],
    ]);

    const history = await t.database.db
      .select()
      .from(homeReportStatusHistory)
      .where(eq(homeReportStatusHistory.homeReportId, id))
      .orderBy(asc(homeReportStatusHistory.id));
    expect(history.at(-1)).toMatchObject({ fromStatus: 2, toStatus: 4, comment: 'Se ingresa', userId: rlf.user.id });

    const caseAudit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.pkId, event.id), eq(auditLog.instance, 'ER')));
    expect(caseAudit).toEqual([
      expect.objectContaining({ operationType: 'I', referenceNumber: event.referenceNumber, metadata: event.meta, userId: rlf.user.id }),
    ]);
    const reportAudit = await t.database.db.select().from(auditLog).where(eq(auditLog.pkId, id)).orderBy(asc(auditLog.id));
    expect(reportAudit.map((row) => row.description)).toEqual([
      `Reporte ${reference}: Descartar (Nuevo → Descartado)`,
      `Reporte ${reference}: Revisar (Descartado → En revisión)`,
      `Reporte ${reference}: Ingresar (En revisión → Ingresado)`,
    ]);
    expect(reportAudit.at(-1)).toMatchObject({ metadata: event.meta, newValues: expect.objectContaining({ NumeroReferencia: event.referenceNumber }) });
  });

  it('entering twice gives the same case', async () => {
    const { Id: id } = await postUserReport(t, rlf, professionalReport(product));
    const first = await triageOk(t, 'createerfromerhome', rlf, { homeERId: id, subGroup: 1 });
    const before = await reportState(t.database.db, id);
    const second = await triageOk(t, 'createerfromerhome', qppv, { homeERId: id, subGroup: 1 });
    expect(second).toEqual(first);
    expect(await reportState(t.database.db, id)).toEqual(before);
    expect(await t.database.db.select({ id: events.id }).from(events).where(eq(events.homeReportId, id))).toHaveLength(1);
  });

  it('two concurrent Ingresar calls create one case', async () => {
    const { Id: id } = await postUserReport(t, rlf, professionalReport(product));
    const responses = await Promise.all([
      triageCall(t, 'createerfromerhome', rlf, { homeERId: id, subGroup: 1 }),
      triageCall(t, 'createerfromerhome', qppv, { homeERId: id, subGroup: 1 }),
      triageCall(t, 'createerfromerhome', rlf, { homeERId: id, subGroup: 1 }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const metas = new Set(responses.map((response) => response.json<{ MetaData: string }>().MetaData));
    expect(metas.size).toBe(1);
    expect(await t.database.db.select({ id: events.id }).from(events).where(eq(events.homeReportId, id))).toHaveLength(1);
    const history = await t.database.db.select().from(homeReportStatusHistory).where(eq(homeReportStatusHistory.homeReportId, id));
    expect(history.filter((row) => row.toStatus === 4)).toHaveLength(1);
  });

  it('concurrent Ingresar calls that retype the report all answer its one case', async () => {
    // The winner changes the report's type of occurrence: the callers waiting on the report's lock still find it.
    const { Id: id } = await postUserReport(t, rlf, professionalReport(product));
    const body = { homeERId: id, subGroup: 'INTERACCION' };
    const responses = await Promise.all([
      triageCall(t, 'createerfromerhome', rlf, body),
      triageCall(t, 'createerfromerhome', qppv, body),
      triageCall(t, 'createerfromerhome', rlf, body),
      triageCall(t, 'createerfromerhome', qppv, body),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    const results = responses.map((response) => response.json<HomeReportStatusResult>());
    expect(new Set(results.map((result) => result.MetaData)).size).toBe(1);
    expect(new Set(results.map((result) => result.NumeroReferencia)).size).toBe(1);
    expect(results.every((result) => result.Status === HOME_REPORT_STATUS.INGRESADO)).toBe(true);
    expect(await t.database.db.select({ id: events.id }).from(events).where(eq(events.homeReportId, id))).toHaveLength(1);
  });

  it('numbers the cases of a country in increasing order', async () => {
    const sequence = async () => {
      const { Id: id } = await postUserReport(t, rlf, professionalReport(product));
      const result = await triageOk(t, 'createerfromerhome', rlf, { homeERId: id, subGroup: 1 });
      return Number(result.NumeroReferencia?.slice(-6));
    };
    const first = await sequence();
    expect(await sequence()).toBeGreaterThan(first);
  });

  it('announces the new case after the commit, and only once', async () => {
    const caseEvents = createCaseEvents();
    const heard: CaseCreated[] = [];
    onCaseCreated(caseEvents, (event) => heard.push(event));
    const { Id: id } = await postUserReport(t, rlf, professionalReport(product));
    const deps = { db: t.database.db, caseEvents, log: t.app.log };
    const user = { id: rlf.user.id, role: 'RLF' as const, countryCode: 'UY', email: rlf.user.email };
    const result = await enterHomeReport(deps, { homeERId: id, subGroup: 1, comentario: null }, user);
    await enterHomeReport(deps, { homeERId: id, subGroup: 1, comentario: null }, user);
    expect(heard).toEqual([
      { id: expect.any(String), meta: result.MetaData, referenceNumber: result.NumeroReferencia, countryCode: 'UY', homeReportId: id, createdAt: expect.any(Date) },
    ]);
    const [stored] = await t.database.db.select({ id: events.id }).from(events).where(eq(events.meta, result.MetaData ?? ''));
    expect(stored?.id).toBe(heard[0]?.id);
  });

  it('creates nothing when a step fails (unknown country chosen)', async () => {
    const { Id: id } = await postUserReport(t, rlf, professionalReport(product));
    const before = await reportState(t.database.db, id);
    const response = await triageCall(t, 'createerfromerhome', rlf, { homeERId: id, subGroup: 1, updData: { Pais: 99_999 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: MSG.publicForm.countryRequired });
    expect(await reportState(t.database.db, id)).toEqual(before);
    expect(await t.database.db.select({ id: events.id }).from(events).where(eq(events.homeReportId, id))).toHaveLength(0);
  });
});
