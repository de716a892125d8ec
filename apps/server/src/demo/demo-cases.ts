import {
  ER_STATUS,
  type ErStatusId,
  formatHomeReference,
  HOME_REPORT_STATUS,
  type HomeReportStatusId,
  OPERATION_TYPES,
  type PublicReport,
  publicReportSchema,
  UNCLASSIFIED_SUB_GROUP,
} from '@atalaya/domain';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { eventComments, events, homeReports, products, settings, subGroups, users } from '../db/schema/index.js';
import { idOf, idsByCode } from '../db/seed/index.js';
import { REPORT_CHOICE_LISTS, type ReportChoiceList } from '../modules/catalog/index.js';
import {
  enterCase,
  insertHomeReport,
  insertStatusHistory,
  reportColumns,
  resolveReferences,
  type StoredReport,
  storedReport,
} from '../modules/home-reports/index.js';
import { type DemoActor, type DemoCaseStep, type DemoReport, demoReports } from './data/demo-cases.js';
import { refreshCaseDeadlines } from '../modules/deadlines/index.js';

/** The fixed references of the demo reports end in 9000xx: one of them present means the demo content is there. */
const DEMO_REFERENCE_PATTERN = 'RH-%-9000__';

/** The type of occurrence an entered or reviewed public report is given in the triage modal (RAM). */
const TRIAGE_SUB_GROUP_ID = 1;

const DAY_MS = 86_400_000;

/** Status each workflow step leads to (workflow.md), and the one it starts from. */
const STEP_STATUSES: Record<DemoCaseStep['action'], { from: ErStatusId; to: ErStatusId }> = {
  Finalizar: { from: ER_STATUS.PENDIENTE, to: ER_STATUS.EN_REVISION_RLF },
  AprobarRLF: { from: ER_STATUS.EN_REVISION_RLF, to: ER_STATUS.EN_EVALUACION_QPPV },
  MasInfo: { from: ER_STATUS.EN_EVALUACION_QPPV, to: ER_STATUS.MAS_INFORMACION },
  EnEsperaFabricante: { from: ER_STATUS.EN_EVALUACION_QPPV, to: ER_STATUS.EN_ESPERA_FABRICANTE },
};

interface Lookups {
  at(daysAgo: number): Date;
  day(daysAgo: number): string;
  product: Map<string, { id: number; commercialName: string }>;
  list: Record<ReportChoiceList, Map<string, number>>;
  user(email: DemoActor): string;
}

async function loadLookups(tx: Tx, now: Date): Promise<Lookups> {
  const productCodes = [...new Set(demoReports.flatMap((report) => report.drugs.map((drug) => drug.product)))];
  const productRows = await tx
    .select({ id: products.id, code: products.code, commercialName: products.commercialName })
    .from(products)
    .where(inArray(products.code, productCodes));
  // One query after another: a transaction's queries share one connection.
  const listEntries: [ReportChoiceList, Map<string, number>][] = [];
  for (const list of Object.keys(REPORT_CHOICE_LISTS) as ReportChoiceList[]) {
    const { table } = REPORT_CHOICE_LISTS[list];
    listEntries.push([list, idsByCode(await tx.select({ id: table.id, code: table.value }).from(table))]);
  }
  const emails: DemoActor[] = ['rlf@demo.atalaya', 'qppv@demo.atalaya', 'fabricante@demo.atalaya'];
  const userIds = new Map((await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))).map((row) => [row.email, row.id]));
  return {
    at: (daysAgo) => new Date(now.getTime() - Math.round(daysAgo * DAY_MS)),
    day: (daysAgo) => new Date(now.getTime() - Math.round(daysAgo * DAY_MS)).toISOString().slice(0, 10),
    product: new Map(productRows.map((row) => [row.code, row])),
    list: Object.fromEntries(listEntries) as Record<ReportChoiceList, Map<string, number>>,
    user: (email) => {
      const id = userIds.get(email);
      if (!id) throw new Error(`Demo user ${email} is not seeded`);
      return id;
    },
  };
}

/** The demo report as the public form would post it, validated by the form's own schema. */
function publicReport(report: DemoReport, lookups: Lookups): PublicReport {
  const listId = (list: ReportChoiceList, code: string | undefined) => (code === undefined ? null : idOf(lookups.list[list], code, list));
  const { patient, doctor, reporter } = report;
  const payload = {
    isMedic: report.isMedic,
    Tipo: report.isMedic
      ? { Pais: report.country, SubGroup: TRIAGE_SUB_GROUP_ID, SubGroupName: null }
      : { Pais: report.country, SubGroup: UNCLASSIFIED_SUB_GROUP, SubGroupName: null },
    Paciente: {
      Pais: report.country,
      Iniciales: patient.initials,
      Sexo: patient.sex,
      FechaNacimiento: patient.birthDate,
      Peso: patient.weight ?? null,
      Altura: patient.height ?? null,
      Embarazo: patient.sex === 'F' ? (patient.pregnant ? 'SI' : 'NO') : null,
      Gestacion: patient.gestationWeeks ?? null,
      Lactancia: patient.lactation === undefined ? null : patient.lactation ? 'SI' : 'NO',
      ...(report.isMedic ? {} : { CentroMedico: patient.medicalCentre ?? null }),
    },
    RAM: report.reactions.map((ram) => ({
      ...(report.isMedic ? { MedDRA: ram.meddra ? { llt_name: ram.meddra.name, llt_code: ram.meddra.code } : null } : {}),
      Grave: ram.serious ? 'SI' : 'NO',
      Reaccion: ram.text,
      FechaIniReaccion: lookups.day(ram.startDaysAgo),
      FechaFinReaccion: ram.endDaysAgo === undefined ? null : lookups.day(ram.endDaysAgo),
      Evolucion: ram.evolution,
      AccionMeddicamento: listId('AccionMeddicamento', ram.action),
    })),
    Medicamento: report.drugs.map((drug) => {
      const product = lookups.product.get(drug.product);
      if (!product) throw new Error(`Seed data refers to unknown product '${drug.product}'`);
      return {
        Producto: { Id: product.id, ComercialName: product.commercialName },
        Via: listId('Via', drug.route),
        FrecuenciaTipo: listId('FrecuenciaTipo', drug.frequency),
        Frecuencia: drug.everyHours ?? null,
        Dosis: drug.dose,
        UnidadUso: listId('UnidadUso', drug.unit),
        FechaIni: lookups.day(drug.startDaysAgo),
        FechaFin: drug.endDaysAgo === undefined ? null : lookups.day(drug.endDaysAgo),
        Indicacion: drug.indication,
      };
    }),
    Concomitante: report.concomitants.map((drug) => ({
      Medicamento: drug.name,
      ...(report.isMedic ? { Tipo: listId('Tipo', drug.type) } : {}),
      FechaIni: drug.start ?? '',
      FechaFin: drug.end ?? '',
    })),
    ContactoMedico: {
      HistoriaClinica: report.history,
      NotificadoPorOtro: 'NO',
      OtraViaNotificado: '',
      ContactoMedico: doctor ? 'SI' : 'NO',
      PermitirContactoMedico: doctor ? 'SI' : 'NO',
      Medico: doctor
        ? {
            FechaContacto: lookups.day(doctor.daysAgo),
            Intervencion: doctor.intervention,
            Nombre: doctor.name,
            Profesion: doctor.profession,
            Email: null,
            Telefono: doctor.phone ?? null,
            CentroAtencion: doctor.centre,
          }
        : null,
    },
    InformacionContacto: {
      AceptaContacto: reporter.acceptsContact ? 'SI' : 'NO',
      AceptaTerminos: true,
      Reporta: {
        Nombre: reporter.name,
        Profesion: reporter.profession ?? null,
        Parentesco: listId('Parentesco', reporter.relationship),
        Email: reporter.email ?? null,
        Telefono: reporter.phone ?? null,
      },
    },
  };
  return publicReportSchema.parse(payload);
}

async function subGroupById(tx: Tx, id: number) {
  const [row] = await tx.select({ id: subGroups.id, nombre: subGroups.nombre, grupoId: subGroups.grupoId }).from(subGroups).where(eq(subGroups.id, id));
  if (!row) throw new Error(`Sub-group ${id} is not seeded`);
  return row;
}

/** Stores one demo report as `storeHomeReport` does, then applies its triage as the triage modal does. */
async function seedReport(tx: Tx, report: DemoReport, lookups: Lookups): Promise<void> {
  const payload = publicReport(report, lookups);
  const refs = await resolveReferences(tx, payload);
  const receivedAt = lookups.at(report.receivedDaysAgo);
  const reference = formatHomeReference(receivedAt.getUTCFullYear(), report.sequence);
  const data = storedReport(payload, refs, null);
  const row = await insertHomeReport(tx, {
    reference,
    status: HOME_REPORT_STATUS.NUEVO,
    countryId: refs.country.id,
    subGroupId: refs.subGroup.id,
    data,
    ...reportColumns(payload),
    reporterUserId: null,
    createdAt: receivedAt,
    updatedAt: receivedAt,
  });
  await insertStatusHistory(tx, {
    homeReportId: row.id,
    fromStatus: null,
    toStatus: HOME_REPORT_STATUS.NUEVO,
    comment: OPERATION_TYPES.I,
    userId: null,
    createdAt: receivedAt,
  });

  const { triage } = report;
  if (triage.kind === 'Nuevo') return;
  const rlfId = lookups.user('rlf@demo.atalaya');
  const at = lookups.at(triage.daysAgo);
  // Revisar and Ingresar need a type of occurrence: a public report is given one, as in the modal.
  const retype = triage.kind !== 'Descartar' && refs.subGroup.id !== TRIAGE_SUB_GROUP_ID;
  const subGroup = await subGroupById(tx, retype ? TRIAGE_SUB_GROUP_ID : refs.subGroup.id);
  const stored: StoredReport = retype ? { ...data, Tipo: { ...data.Tipo, SubGroup: subGroup.id, SubGroupName: subGroup.nombre } } : data;
  const toStatus: HomeReportStatusId =
    triage.kind === 'Revisar' ? HOME_REPORT_STATUS.EN_REVISION : triage.kind === 'Descartar' ? HOME_REPORT_STATUS.DESCARTADO : HOME_REPORT_STATUS.INGRESADO;
  const comment = triage.comment.trim() || null;

  const created =
    triage.kind === 'Ingresar'
      ? await enterCase(
          tx,
          {
            id: row.id,
            reference,
            countryId: refs.country.id,
            countryCode: refs.country.code,
            subGroupId: subGroup.id,
            groupId: subGroup.grupoId,
            createdAt: receivedAt,
            data: stored,
          },
          rlfId,
          comment,
          at,
        )
      : null;
  await tx
    .update(homeReports)
    .set({
      status: toStatus,
      subGroupId: subGroup.id,
      ...(retype ? { data: stored } : {}),
      ...(created ? { enteredEventId: created.id } : {}),
      updatedAt: at,
      updatedBy: rlfId,
    })
    .where(eq(homeReports.id, row.id));
  await insertStatusHistory(tx, { homeReportId: row.id, fromStatus: HOME_REPORT_STATUS.NUEVO, toStatus, comment, userId: rlfId, createdAt: at });

  if (created && triage.kind === 'Ingresar') await moveCase(tx, created.id, triage.steps, lookups);
}

/** Takes the case through its workflow steps: a comment per step, then status, FechaSolicitud and sentAt. */
async function moveCase(tx: Tx, eventId: string, steps: readonly DemoCaseStep[], lookups: Lookups): Promise<void> {
  if (steps.length === 0) return;
  await tx.insert(eventComments).values(
    steps.map((step) => ({
      eventId,
      action: step.action,
      fromStatus: STEP_STATUSES[step.action].from,
      toStatus: STEP_STATUSES[step.action].to,
      comment: step.comment,
      userId: lookups.user(step.by),
      createdAt: lookups.at(step.daysAgo),
    })),
  );
  const last = steps[steps.length - 1];
  const finished = steps.find((step) => step.action === 'Finalizar');
  if (!last) return;
  await tx
    .update(events)
    .set({
      status: STEP_STATUSES[last.action].to,
      sentAt: finished ? lookups.at(finished.daysAgo) : null,
      updatedAt: lookups.at(last.daysAgo),
      updatedBy: lookups.user(last.by),
    })
    .where(eq(events.id, eventId));
}

/**
 * The demo's MedDRA sample is no MedDRA release and records no version: the demo installation names
 * this one in Configuración as the fallback of E.i.2.1a, so that its cases export (docs/e2b.md). A
 * real installation imports MedDRA, whose version wins.
 */
export const DEMO_MEDDRA_FALLBACK_VERSION = '27.1';

/**
 * Demo incoming reports (patients and professionals, Uruguay and Argentina, every inbox
 * status) and the cases the demo RLF entered from some of them, taken through the workflow
 * so that each demo role has pending work. Dated relative to now. Inserted once: nothing is
 * done when a report with a demo reference (RH-{year}-9000xx) exists.
 */
export async function seedDemoCases(tx: Tx, now = new Date()): Promise<void> {
  const [existing] = await tx.select({ id: homeReports.id }).from(homeReports).where(like(homeReports.reference, DEMO_REFERENCE_PATTERN)).limit(1);
  if (existing) return;
  await tx
    .update(settings)
    .set({ value: DEMO_MEDDRA_FALLBACK_VERSION })
    .where(and(eq(settings.name, 'e2b.meddraFallbackVersion'), eq(settings.value, '')));
  const lookups = await loadLookups(tx, now);
  // Older first, so the case numbers follow the order of entry.
  const ordered = [...demoReports].sort((a, b) => b.receivedDaysAgo - a.receivedDaysAgo);
  for (const report of ordered) await seedReport(tx, report, lookups);
  // The workflow steps above are written directly: the deadlines of every case, once, now.
  await refreshCaseDeadlines(tx, { all: true }, now);
}

