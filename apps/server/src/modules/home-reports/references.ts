import { consolidateReportType, hasReportType, isEmptyChoice, MSG, type PublicReport } from '@atalaya/domain';
import type { DbOrTx } from '../../db/client.js';
import { badRequest } from '../../http/errors.js';
import { enabledCountries, enabledSubGroup, productsAvailableIn, type ReferenceKey, referenceKey } from '../catalog/index.js';

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
  return { country: { id: country.id, code: country.code }, subGroup: { id: subGroup.id, nombre: subGroup.nombre }, productNames };
}
