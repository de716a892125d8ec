import { consolidateReportType, hasReportType, isEmptyChoice, MSG, type PublicReport, RAM_EVOLUTIONS } from '@atalaya/domain';
import type { DbOrTx } from '../../db/client.js';
import { badRequest } from '../../http/errors.js';
import {
  enabledCountries,
  enabledListIds,
  enabledSubGroup,
  productsAvailableIn,
  REPORT_CHOICE_LISTS,
  type ReferenceKey,
  referenceKey,
  type ReportChoiceList,
} from '../catalog/index.js';

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

/**
 * Checks, in the order of the form's fields, that the type of occurrence, the country (of the
 * report and of the patient) and every suspect product exist, are enabled, and that the products
 * are sold in the report's country; 400 with the field's message otherwise.
 */
export async function resolveReferences(db: DbOrTx, report: PublicReport): Promise<ReportReferences> {
  const type = consolidateReportType(report);
  const patientCountry = report.Paciente.Pais;
  if (isEmptyChoice(type.Pais) || type.Pais === null) throw badRequest(MSG.publicForm.countryRequired);
  // Sub-group '0' is given to the public, never chosen by a health professional.
  const chosenType = report.isMedic ? hasReportType(type.SubGroup) : type.SubGroup !== null;
  const countryKey = referenceKey(type.Pais);
  const patientKey = isEmptyChoice(patientCountry) || patientCountry == null ? null : referenceKey(patientCountry);

  const [countries, subGroup] = await Promise.all([
    enabledCountries(db, patientKey ? [countryKey, patientKey] : [countryKey]),
    chosenType && type.SubGroup !== null ? enabledSubGroup(db, referenceKey(type.SubGroup)) : null,
  ]);
  if (!subGroup) throw badRequest(MSG.publicForm.subGroupRequired);
  const country = countries.find((row) => isKeyOf(row, countryKey));
  if (!country) throw badRequest(MSG.publicForm.countryRequired);
  if (patientKey && !countries.some((row) => isKeyOf(row, patientKey))) throw badRequest(MSG.publicForm.countryRequired);

  const productKeys = report.Medicamento.map((drug) => referenceKey(drug.Producto.Id));
  const productIds = [...new Set(productKeys.flatMap((key) => ('id' in key ? [key.id] : [])))];
  const available = productIds.length > 0 ? await productsAvailableIn(db, country.id, productIds) : [];
  const productNames = new Map(available.map((product) => [product.id, product.commercialName]));
  if (productKeys.some((key) => !('id' in key) || !productNames.has(key.id))) {
    throw badRequest(MSG.publicForm.productNotAvailable);
  }
  await checkListChoices(db, report);
  return { country: { id: country.id, code: country.code }, subGroup: { id: subGroup.id, nombre: subGroup.nombre }, productNames };
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
 * Every list value of the report (RAM outcome and action, route, frequency and unit of each
 * suspect drug, type of each concomitant, the reporter's relationship) is an enabled row of its
 * list; 400 naming the field otherwise. One query for all the lists.
 */
async function checkListChoices(db: DbOrTx, report: PublicReport): Promise<void> {
  // Outcome ids are fixed (event spec §3) and include -1, so they are checked as numbers.
  const evolutions = report.RAM.map((ram) => ram.Evolucion).filter((value) => value != null && !isEmptyChoice(value));
  if (evolutions.some((value) => !EVOLUTION_IDS.has(Number(value)))) throw badRequest(MSG.publicForm.optionUnknown('Evolución'));
  // The lists are checked in the order of the form's fields: the first wrong one names the
  // message. Every list before the first value that is not an id at all is read in one query.
  const chosen: [ReportChoiceList, number[] | null][] = (Object.entries(listChoices(report)) as [ReportChoiceList, Choice[]][]).map(([list, values]) => [
    list,
    choiceIds(values),
  ]);
  const firstNotId = chosen.findIndex(([, ids]) => ids === null);
  const readable = firstNotId === -1 ? chosen : chosen.slice(0, firstNotId);
  const enabled = await enabledListIds(db, Object.fromEntries(readable) as Partial<Record<ReportChoiceList, number[]>>);
  for (const [list, ids] of chosen) {
    const unknown = () => badRequest(MSG.publicForm.optionUnknown(REPORT_CHOICE_LISTS[list].label));
    if (!ids) throw unknown();
    if (ids.some((id) => !enabled.get(list)?.has(id))) throw unknown();
  }
}
