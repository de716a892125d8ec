import { consolidateReportType, hasReportType, isEmptyChoice, MSG, type PublicReport, RAM_EVOLUTIONS } from '@atalaya/domain';
import type { DbOrTx } from '../../db/client.js';
import { preparedStatement, runPrepared } from '../../db/prepared.js';
import { badRequest } from '../../http/errors.js';
import { REPORT_CHOICE_LISTS, type ReferenceKey, referenceKey, type ReportChoiceList } from '../catalog/index.js';

/** The reference rows a report points to, checked against the database. */
export interface ReportReferences {
  country: { id: number; code: string };
  subGroup: { id: number; nombre: string };
  /** Catalogue name of each suspect product, by id. */
  productNames: ReadonlyMap<number, string>;
}

function isKeyOf(row: { id: number; code: string }, key: ReferenceKey): boolean {
  return 'id' in key ? row.id === key.id : row.code === key.code.toUpperCase();
}

/** The choice lists in the order of `atalaya_intake_references`'s parameters after the products. */
const CHOICE_LISTS: readonly ReportChoiceList[] = ['Via', 'FrecuenciaTipo', 'UnidadUso', 'AccionMeddicamento', 'Parentesco', 'Tipo'];
if (Object.keys(REPORT_CHOICE_LISTS).some((list) => !CHOICE_LISTS.includes(list as ReportChoiceList))) {
  throw new Error('atalaya_intake_references must read every choice list');
}

/**
 * Every reference row a report may point to, in one call: `atalaya_intake_references`
 * (src/db/sql/0004-home-report-references.sql) — countries ($1 ids, $2 codes), sub-group ($3
 * id, $4 code), products ($7) sold in the report's country ($5 id, $6 code), then the ids of
 * each choice list (CHOICE_LISTS).
 */
const REFERENCE_ROWS = preparedStatement(
  'atalaya_intake_references',
  `select kind, id, name from atalaya_intake_references($1::int[], $2::text[], $3::int, $4::text, $5::int, $6::text, $7::int[], ${CHOICE_LISTS.map((_, i) => `$${8 + i}::int[]`).join(', ')})`,
);

type ReferenceRow = { kind: 'country' | 'subGroup' | 'product' | ReportChoiceList; id: number; name: string | null };

const idOf = (key: ReferenceKey | null) => (key && 'id' in key ? key.id : null);
const codeOf = (key: ReferenceKey | null) => (key && 'code' in key ? key.code.toUpperCase() : null);

/**
 * Checks, in the order of the form's fields, that the type of occurrence, the country (of the
 * report and of the patient) and every suspect product exist, are enabled, and that the products
 * are sold in the report's country, then the report's list choices; 400 with the field's message
 * otherwise. The database is read once (REFERENCE_ROWS), outside any transaction unless `db` is one.
 */
export async function resolveReferences(db: DbOrTx, report: PublicReport): Promise<ReportReferences> {
  const type = consolidateReportType(report);
  const patientCountry = report.Paciente.Pais;
  if (isEmptyChoice(type.Pais) || type.Pais === null) throw badRequest(MSG.publicForm.countryRequired);
  // Sub-group '0' is given to the public, never chosen by a health professional.
  const chosenType = report.isMedic ? hasReportType(type.SubGroup) : type.SubGroup !== null;
  const countryKey = referenceKey(type.Pais);
  const patientKey = isEmptyChoice(patientCountry) || patientCountry == null ? null : referenceKey(patientCountry);
  const subGroupKey = chosenType && type.SubGroup !== null ? referenceKey(type.SubGroup) : null;
  const countryKeys = patientKey ? [countryKey, patientKey] : [countryKey];
  const productKeys = report.Medicamento.map((drug) => referenceKey(drug.Producto.Id));
  const productIds = [...new Set(productKeys.flatMap((key) => ('id' in key ? [key.id] : [])))];
  const choices = listChoiceIds(report);

  const rows = await runPrepared<ReferenceRow>(db, REFERENCE_ROWS, [
    countryKeys.flatMap((key) => ('id' in key ? [key.id] : [])),
    countryKeys.flatMap((key) => ('code' in key ? [key.code.toUpperCase()] : [])),
    // The key of a sub-group is compared as given (codes are not upper-cased).
    idOf(subGroupKey),
    subGroupKey && 'code' in subGroupKey ? subGroupKey.code : null,
    idOf(countryKey),
    codeOf(countryKey),
    productIds,
    ...CHOICE_LISTS.map((list) => choices.readable.get(list) ?? []),
  ]);
  const ofKind = (kind: ReferenceRow['kind']) => rows.filter((row) => row.kind === kind);

  const [subGroup] = ofKind('subGroup');
  if (!subGroup) throw badRequest(MSG.publicForm.subGroupRequired);
  const countries = ofKind('country').map((row) => ({ id: Number(row.id), code: row.name ?? '' }));
  const country = countries.find((row) => isKeyOf(row, countryKey));
  if (!country) throw badRequest(MSG.publicForm.countryRequired);
  if (patientKey && !countries.some((row) => isKeyOf(row, patientKey))) throw badRequest(MSG.publicForm.countryRequired);

  const productNames = new Map(ofKind('product').map((row) => [Number(row.id), row.name ?? '']));
  if (productKeys.some((key) => !('id' in key) || !productNames.has(key.id))) {
    throw badRequest(MSG.publicForm.productNotAvailable);
  }
  checkListChoices(report, choices.chosen, rows);
  return { country: { id: country.id, code: country.code }, subGroup: { id: Number(subGroup.id), nombre: subGroup.name ?? '' }, productNames };
}

type Choice = string | number | null | undefined;

/** The list values a report chose, by list; empty choices left out. */
function listChoices(report: PublicReport): Record<ReportChoiceList, Choice[]> {
  return {
    AccionMeddicamento: report.RAM.map((ram) => ram.AccionMeddicamento),
    Via: report.Medicamento.map((drug) => drug.Via),
    FrecuenciaTipo: report.Medicamento.map((drug) => drug.FrecuenciaTipo),
    UnidadUso: report.Medicamento.map((drug) => drug.UnidadUso),
    Tipo: (report.Concomitante ?? []).map((drug): Choice => ('Tipo' in drug ? (drug.Tipo as Choice) : null)),
    Parentesco: [report.InformacionContacto.Reporta?.Parentesco],
  };
}

const EVOLUTION_IDS = new Set<number>(RAM_EVOLUTIONS.map((option) => option.Id));

/** The ids of the chosen values, or null when one of them is not an id at all. */
function choiceIds(values: readonly Choice[]): number[] | null {
  const ids: number[] = [];
  for (const value of values) {
    if (value == null || isEmptyChoice(value)) continue;
    const key = referenceKey(value);
    if (!('id' in key)) return null;
    ids.push(key.id);
  }
  return [...new Set(ids)];
}

/**
 * The ids each list of the report chose, in the order of the form's fields (null for a list with
 * a value that is not an id at all), and the lists read from the database: every list before
 * the first such value.
 */
function listChoiceIds(report: PublicReport): { chosen: [ReportChoiceList, number[] | null][]; readable: Map<ReportChoiceList, number[]> } {
  const chosen: [ReportChoiceList, number[] | null][] = (Object.entries(listChoices(report)) as [ReportChoiceList, Choice[]][]).map(([list, values]) => [
    list,
    choiceIds(values),
  ]);
  const firstNotId = chosen.findIndex(([, ids]) => ids === null);
  const readable = firstNotId === -1 ? chosen : chosen.slice(0, firstNotId);
  return { chosen, readable: new Map(readable.map(([list, ids]) => [list, ids ?? []])) };
}

/**
 * Every list value of the report (RAM outcome and action, route, frequency and unit of each
 * suspect drug, type of each concomitant, the reporter's relationship) is an enabled row of its
 * list; 400 naming the field otherwise.
 */
function checkListChoices(report: PublicReport, chosen: [ReportChoiceList, number[] | null][], rows: readonly ReferenceRow[]): void {
  // Outcome ids are fixed (event spec §3) and include -1, so they are checked as numbers.
  const evolutions = report.RAM.map((ram) => ram.Evolucion).filter((value) => value != null && !isEmptyChoice(value));
  if (evolutions.some((value) => !EVOLUTION_IDS.has(Number(value)))) throw badRequest(MSG.publicForm.optionUnknown('Evolución'));
  // The lists are checked in the order of the form's fields: the first wrong one names the message.
  const enabled = new Set(rows.map((row) => `${row.kind}:${Number(row.id)}`));
  for (const [list, ids] of chosen) {
    const unknown = () => badRequest(MSG.publicForm.optionUnknown(REPORT_CHOICE_LISTS[list].label));
    if (!ids) throw unknown();
    if (ids.some((id) => !enabled.has(`${list}:${id}`))) throw unknown();
  }
}
