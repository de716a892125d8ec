import { ageInYears, type DuplicateRecord, emptyDuplicateRecord, isValidDate, type StoredReportData } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, readAll } from '../../db/client.js';
import { staticStatement } from '../../db/prepared.js';
import type { StoredReport } from '../home-reports/index.js';

/**
 * What the duplicate score reads of a case or an incoming report (`DuplicateRecord`), with the
 * values as the comparison shows them (product, ingredient and MedDRA names, the country's name).
 */

/** A named value of a set field. */
interface Named {
  id: number;
  name: string;
}

/** The names the comparison shows, by field. */
export interface RecordNames {
  country: string | null;
  drugs: ReadonlyMap<string, string>;
  ingredients: ReadonlyMap<string, string>;
  llts: ReadonlyMap<string, string>;
  pts: ReadonlyMap<string, string>;
}

/** A case or report as compared: the score's record, its names, and who it is. */
export interface ComparedRecord {
  record: DuplicateRecord;
  names: RecordNames;
  /** The case's id (null for an incoming report). */
  eventId: string | null;
  meta: string | null;
  reference: string;
  status: number;
  createdAt: Date;
  /** The case it was marked a duplicate of (null for an incoming report, or a case not so marked). */
  duplicateOf: string | null;
}

interface CaseRow extends Record<string, unknown> {
  id: string;
  meta: string;
  reference_number: string;
  home_reference_number: string | null;
  status: number;
  created_at: Date | string;
  country_id: number;
  country_name: string | null;
  initials: string | null;
  gender: string | null;
  age: string | number | null;
  age_unit: string | null;
  email: string | null;
  phone: string | null;
  onset: string | null;
  drugs: Named[] | string;
  ingredients: Named[] | string;
  llts: Named[] | string;
  pts: Named[] | string;
  doctor_email: string | null;
  doctor_phone: string | null;
  other_ids: string[] | string | null;
  duplicate_of_event_id: string | null;
}

function list<T>(value: T[] | string | null): T[] {
  if (value === null) return [];
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

/** A Postgres text[] as pg or PGlite hand it over. */
function textArray(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  return value.replace(/^\{|\}$/g, '').split(',').filter(Boolean).map((item) => item.replace(/^"|"$/g, ''));
}

const names = (values: readonly Named[]) => new Map(values.map((value) => [String(value.id), value.name]));
const present = (values: readonly (string | null)[]) => values.filter((value): value is string => Boolean(value?.trim()));

/**
 * The cases with these ids as compared (no reach check: the caller passes ids it found within
 * reach). One query; each set field an aggregate over the case's own rows.
 */
export async function loadCaseRecords(db: DbOrTx, ids: readonly string[]): Promise<ComparedRecord[]> {
  if (ids.length === 0) return [];
  const rows = await caseRecordsStatement(db, { ids: `{${ids.join(',')}}` });
  return rows.map(comparedCase);
}

/**
 * The statement of `loadCaseRecords`, prepared once per connection: its plan cost more than its
 * run (1.4–1.5 ms of planning against 0.4–5.7 of execution at a million cases, twice for each
 * case's candidates). Each set field is aggregated once over the rows of every case asked for
 * (grouped by case), not by a subquery per case: for a case's 66 candidates at a million cases,
 * 6.2 → 4.3 ms p50 (docs/performance-plans.md §12). A product or ingredient listed twice counts
 * once; products and ingredients in id order, LLTs and PTs as before (distinct JSON values).
 */
const caseRecordsStatement = staticStatement<CaseRow, 'ids'>(
  (param) => sql`
    with ids as (select distinct unnest(${param('ids')}::uuid[]) as id),
    drugs as (
      select d.event_id, json_agg(json_build_object('id', d.product_id, 'name', pr.commercial_name) order by d.product_id) as list
      from (select distinct m.event_id, m.product_id from event_medications m where m.event_id in (select id from ids)) d
      join products pr on pr.id = d.product_id
      group by d.event_id),
    ingredients as (
      select d.event_id, json_agg(json_build_object('id', ai.id, 'name', ai.name) order by ai.id) as list
      from (select distinct m.event_id, i.active_ingredient_id from event_medications m
        join event_medication_ingredients i on i.event_medication_id = m.id where m.event_id in (select id from ids)) d
      join active_ingredients ai on ai.id = d.active_ingredient_id
      group by d.event_id),
    rams as (
      select r.event_id, min(r.date_start)::text as onset,
        json_agg(distinct jsonb_build_object('id', r.llt_code, 'name', coalesce(r.llt_name, r.description))) filter (where r.llt_code is not null) as llts,
        json_agg(distinct jsonb_build_object('id', pt.code, 'name', pt.name)) filter (where pt.code is not null) as pts
      from event_rams r
      left join meddra_llt l on l.code = r.llt_code
      left join meddra_pt pt on pt.code = l.pt_code
      where r.event_id in (select id from ids)
      group by r.event_id),
    others as (
      select o.event_id, array_agg(distinct o.worldwide_case_id) as list
      from (select x.event_id, x.worldwide_case_id from e2b_import_reports x where x.event_id in (select id from ids)
        union all select s.event_id, s.worldwide_case_id from e2b_submissions s where s.event_id in (select id from ids)) o
      group by o.event_id)
    select e.id, e.meta, e.reference_number, e.home_reference_number, e.status, e.created_at, e.country_id, c.name as country_name, e.duplicate_of_event_id,
      p.initials, p.gender, p.age, p.age_unit, p.email, p.phone,
      rams.onset, coalesce(drugs.list, '[]') as drugs, coalesce(ingredients.list, '[]') as ingredients,
      coalesce(rams.llts, '[]') as llts, coalesce(rams.pts, '[]') as pts,
      mc.doctor_email, mc.doctor_phone, coalesce(others.list, '{}') as other_ids
    from events e
    join countries c on c.id = e.country_id
    left join event_patients p on p.event_id = e.id
    left join medical_contacts mc on mc.event_id = e.id
    left join drugs on drugs.event_id = e.id
    left join ingredients on ingredients.event_id = e.id
    left join rams on rams.event_id = e.id
    left join others on others.event_id = e.id
    where e.id = any(${param('ids')}::uuid[])`,
);

function comparedCase(row: CaseRow): ComparedRecord {
  const drugs = list(row.drugs);
  const ingredients = list(row.ingredients);
  const llts = list(row.llts);
  const pts = list(row.pts);
  const age = row.age === null ? null : Number(row.age);
  const record: DuplicateRecord = {
    caseNumbers: present([row.reference_number, row.home_reference_number, ...textArray(row.other_ids)]),
    initials: row.initials,
    sex: row.gender,
    ageYears: ageInYears(age, row.age_unit),
    countryId: row.country_id,
    onset: row.onset,
    drugIds: drugs.map((drug) => drug.id),
    ingredientIds: ingredients.map((ingredient) => ingredient.id),
    lltCodes: llts.map((llt) => llt.id),
    ptCodes: pts.map((pt) => pt.id),
    emails: present([row.email, row.doctor_email]),
    phones: present([row.phone, row.doctor_phone]),
  };
  return {
    record,
    names: { country: row.country_name, drugs: names(drugs), ingredients: names(ingredients), llts: names(llts), pts: names(pts) },
    eventId: row.id,
    meta: row.meta,
    reference: row.reference_number,
    status: Number(row.status),
    createdAt: new Date(row.created_at),
    duplicateOf: row.duplicate_of_event_id,
  };
}

/** An incoming report as the triage reads it. */
export interface ReportRow {
  id: string;
  reference: string;
  status: number;
  countryId: number;
  countryName: string | null;
  createdAt: Date;
  data: StoredReport;
}

const DAY = /^\d{4}-\d{2}-\d{2}/;
function day(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return DAY.test(text) && isValidDate(text.slice(0, 10)) ? text.slice(0, 10) : null;
}

interface ReportViews {
  MedDRA?: { llt_code?: string | number | null; llt_name?: string | null } | null;
}

/**
 * An incoming report as compared: read from its payload (the patient's and the professional's
 * form alike), with the ingredients of its products and the PTs of its LLTs from the catalogue.
 */
export async function reportRecord(db: DbOrTx, report: ReportRow): Promise<ComparedRecord> {
  // Read as the loose stored shape (every part may be missing: a report stored by an E2B import
  // or a generated registry); a missing part compares as unknown, never as a 500.
  const data = report.data as unknown as StoredReportData;
  const rams = data.RAM ?? [];
  const onsets = rams.map((ram) => day(ram.FechaIniReaccion)).filter((value): value is string => value !== null).sort();
  const onset = onsets[0] ?? null;
  const birth = day(data.Paciente?.FechaNacimiento);
  const reference = onset ?? report.createdAt.toISOString().slice(0, 10);
  const ageYears = birth && birth <= reference ? (Date.parse(reference) - Date.parse(birth)) / (365.25 * 86_400_000) : null;
  const drugs = new Map<string, string>();
  for (const drug of data.Medicamento ?? []) {
    const id = Number(drug.Producto?.Id);
    if (drug.Producto?.Id != null && Number.isSafeInteger(id)) drugs.set(String(id), drug.Producto.ComercialName ?? String(id));
  }
  const llts = new Map<string, string>();
  for (const ram of rams) {
    const term = (ram as ReportViews).MedDRA;
    const code = Number(term?.llt_code);
    if (term && Number.isSafeInteger(code) && code > 0) llts.set(String(code), term.llt_name ?? String(code));
  }
  const drugIds = [...drugs.keys()].map(Number);
  const lltCodes = [...llts.keys()].map(Number);
  // Three reads that do not wait on each other: side by side on a pool (readAll).
  const [ingredientRows, ptRows, importedIds] = await readAll(db, [
    async () =>
      drugIds.length
        ? (await db.execute<Named & Record<string, unknown>>(sql`select distinct ai.id, ai.name from product_ingredients pi join active_ingredients ai on ai.id = pi.active_ingredient_id
            where pi.product_id = any(${`{${drugIds.join(',')}}`}::int[])`)).rows
        : [],
    async () =>
      lltCodes.length
        ? (await db.execute<Named & Record<string, unknown>>(sql`select distinct pt.code as id, pt.name from meddra_llt l join meddra_pt pt on pt.code = l.pt_code
            where l.code = any(${`{${lltCodes.join(',')}}`}::int[])`)).rows
        : [],
    async () => (await db.execute<{ id: string } & Record<string, unknown>>(sql`select worldwide_case_id as id from e2b_import_reports where home_report_id = ${report.id}`)).rows,
  ]);
  const reporter = data.InformacionContacto?.Reporta as { Email?: string | null; Telefono?: string | null } | null | undefined;
  const medico = data.ContactoMedico?.Medico ?? null;
  const record: DuplicateRecord = {
    ...emptyDuplicateRecord(),
    caseNumbers: present([report.reference, ...importedIds.map((row) => row.id)]),
    initials: data.Paciente?.Iniciales ?? null,
    sex: data.Paciente?.Sexo ?? null,
    ageYears,
    countryId: report.countryId,
    onset,
    drugIds,
    ingredientIds: ingredientRows.map((row) => Number(row.id)),
    lltCodes,
    ptCodes: ptRows.map((row) => Number(row.id)),
    emails: present([reporter?.Email ?? null, medico?.Email ?? null]),
    phones: present([reporter?.Telefono ?? null, medico?.Telefono ?? null]),
  };
  return {
    record,
    names: {
      country: report.countryName,
      drugs,
      ingredients: new Map(ingredientRows.map((row) => [String(row.id), row.name])),
      llts,
      pts: new Map(ptRows.map((row) => [String(row.id), row.name])),
    },
    eventId: null,
    meta: null,
    reference: report.reference,
    status: report.status,
    createdAt: report.createdAt,
    duplicateOf: null,
  };
}
