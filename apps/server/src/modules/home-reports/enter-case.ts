import { homeReportStatusName } from '@atalaya/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { RequestOrigin } from '../../http/request-origin.js';
import {
  countries,
  eventMedicationIngredients,
  eventMedications,
  eventPatients,
  eventRams,
  homeReportStatusHistory,
  medicalContacts,
  previousMedications,
  productIngredients,
  products,
} from '../../db/schema/index.js';
import { type CaseCreated, type CaseHistoryLine, createCase } from '../cases/index.js';
import { referenceKey } from '../catalog/index.js';
import { caseRecordsFromReport, type CaseRecords, type CatalogFacts } from './case-from-report.js';
import type { StoredReport } from './stored-report.js';
import { refreshCaseDeadlines } from '../deadlines/index.js';

/** The incoming report being entered, as locked by the triage. */
export interface ReportToEnter {
  id: string;
  reference: string;
  countryId: number;
  countryCode: string;
  subGroupId: number;
  groupId: number;
  createdAt: Date;
  data: StoredReport;
}

/** The catalogue facts the copy needs: the patient's country and each product's laboratory (two queries). */
async function catalogFacts(tx: Tx, report: ReportToEnter): Promise<CatalogFacts> {
  const patientCountry = report.data.Paciente.Pais;
  const productIds = [...new Set(report.data.Medicamento.map((drug) => Number(drug.Producto.Id)))];
  const key = patientCountry === null || patientCountry === undefined || patientCountry === '' ? null : referenceKey(patientCountry);
  const [country] = key
    ? await tx
        .select({ id: countries.id })
        .from(countries)
        .where('id' in key ? eq(countries.id, key.id) : eq(countries.code, key.code.toUpperCase()))
    : [];
  const rows =
    productIds.length > 0
      ? await tx
          .select({ id: products.id, laboratoryId: products.laboratoryId, lineId: products.lineId, pharmaceuticalFormId: products.pharmaceuticalFormId })
          .from(products)
          .where(inArray(products.id, productIds))
      : [];
  return { patientCountryId: country?.id ?? report.countryId, products: new Map(rows.map((row) => [row.id, row])) };
}

/** The report's status changes so far, as lines of the case's creation entry. */
async function triageLines(tx: Tx, report: ReportToEnter): Promise<CaseHistoryLine[]> {
  const rows = await tx
    .select({ fromStatus: homeReportStatusHistory.fromStatus, toStatus: homeReportStatusHistory.toStatus, comment: homeReportStatusHistory.comment })
    .from(homeReportStatusHistory)
    .where(eq(homeReportStatusHistory.homeReportId, report.id))
    .orderBy(asc(homeReportStatusHistory.createdAt), asc(homeReportStatusHistory.id));
  return rows.map((row) => ({
    description: `Reporte ${report.reference}`,
    oldValue: row.fromStatus === null ? null : homeReportStatusName(row.fromStatus),
    newValue: homeReportStatusName(row.toStatus),
    comment: row.comment,
  }));
}

/**
 * Ingresar, inside the triage's transaction: creates the case (status 1 Pendiente, the
 * report's country and type of occurrence, day zero = the report's receipt) and copies the
 * report's patient, reactions, suspect medicines (with the product's laboratory and active
 * ingredients), concomitants and medical contact into it. The creation entry of its operation
 * history lists the report's earlier status changes.
 */
export async function enterCase(
  tx: Tx,
  report: ReportToEnter,
  userId: string,
  comment: string | null,
  now: Date,
  origin?: RequestOrigin,
): Promise<CaseCreated> {
  const facts = await catalogFacts(tx, report);
  const lines = await triageLines(tx, report);
  const records = caseRecordsFromReport(report.data, facts, userId, now.toISOString().slice(0, 10));
  const created = await createCase(tx, {
    countryId: report.countryId,
    countryCode: report.countryCode,
    groupId: report.groupId,
    subGroupId: report.subGroupId,
    createdBy: userId,
    ...(origin ? { origin } : {}),
    receivedAt: report.createdAt,
    homeReport: { id: report.id, reference: report.reference },
    medicalContact: records.medicalContact?.contacted ?? null,
    history: { description: `Evento creado desde el reporte ${report.reference}`, comment, lines },
    now,
  });
  await storeCaseRecords(tx, created.id, records, now);
  // Its reactions are in: the deadlines count from the report's receipt, serious or not.
  await refreshCaseDeadlines(tx, { eventIds: [created.id] }, now);
  return created;
}

/**
 * The records of a new case copied from an incoming report (Ingresar; the E2B import's historic
 * cases too): its patient, reactions, suspect medicines with their products' active
 * ingredients, concomitants and medical contact.
 */
export async function storeCaseRecords(tx: Tx, eventId: string, records: CaseRecords, now: Date): Promise<void> {
  const stamps = { createdAt: now, updatedAt: now };

  await tx.insert(eventPatients).values({ ...records.patient, ...stamps, eventId });
  if (records.rams.length > 0) await tx.insert(eventRams).values(records.rams.map((ram) => ({ ...ram, ...stamps, eventId })));
  if (records.previousMedications.length > 0) {
    await tx.insert(previousMedications).values(records.previousMedications.map((drug) => ({ ...drug, ...stamps, eventId })));
  }
  if (records.medicalContact) await tx.insert(medicalContacts).values({ ...records.medicalContact, ...stamps, eventId });

  // One insert per suspect medicine (a report holds a few), so each id pairs with its product for sure.
  const medicationIds: { id: number; productId: number }[] = [];
  for (const medication of records.medications) {
    const [row] = await tx
      .insert(eventMedications)
      .values({ ...medication, ...stamps, eventId })
      .returning({ id: eventMedications.id, productId: eventMedications.productId });
    if (!row) throw new Error('Related medication not stored');
    medicationIds.push(row);
  }
  const productIds = [...new Set(medicationIds.map((row) => row.productId))];
  if (productIds.length > 0) {
    const ingredients = await tx
      .select({
        productId: productIngredients.productId,
        activeIngredientId: productIngredients.activeIngredientId,
        concentration: productIngredients.concentration,
        unitId: productIngredients.unitId,
      })
      .from(productIngredients)
      .where(inArray(productIngredients.productId, productIds));
    const values = medicationIds.flatMap((medication) =>
      ingredients
        .filter((ingredient) => ingredient.productId === medication.productId)
        .map(({ activeIngredientId, concentration, unitId }) => ({ eventMedicationId: medication.id, activeIngredientId, concentration, unitId })),
    );
    if (values.length > 0) await tx.insert(eventMedicationIngredients).values(values);
  }
}
