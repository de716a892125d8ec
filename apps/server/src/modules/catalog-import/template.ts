import {
  CATALOG_IMPORT_RULES,
  CATALOG_INSTRUCTIONS_SHEET,
  CATALOG_SHEETS,
  type CatalogSheet,
  type CatalogSheetName,
  catalogSheet,
} from '@atalaya/domain';
import * as demo from '../../db/seed/data/index.js';
import { csvFile } from '../../shared/csv.js';

/**
 * The catalogue's template (docs/imports.md 'The template'): a header row per sheet and one
 * example line taken from the demo data, each line naming the ones before it (the first demo
 * product, its family, laboratory, company, country, line and first ingredient), so the
 * template imports as it is and, on the demo installation, changes nothing.
 */

type ExampleValue = string | number;

function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`The demo data has no ${what}`);
  return value;
}

/** The Value of a demo reference-list row by its Nombre ('Comprimido' → 'COMPRIMIDO'). */
function listValue(list: 'FormaFarmaceutica' | 'MedicamentoUnidad', nombre: string): string {
  return found(
    demo.referenceLists[list]?.find((row) => row.fields.Nombre === nombre),
    `${list} ${nombre}`,
  ).value;
}

/** The example line of each sheet, by column name. */
function exampleRows(): Record<CatalogSheetName, Record<string, ExampleValue>> {
  const product = found(demo.products[0], 'product');
  const company = found(
    demo.companies.find((candidate) => candidate.laboratories.some((laboratory) => laboratory.code === product.laboratoryCode)),
    `company of ${product.laboratoryCode}`,
  );
  const laboratory = found(
    company.laboratories.find((candidate) => candidate.code === product.laboratoryCode),
    product.laboratoryCode,
  );
  const line = found(
    laboratory.lines.find((candidate) => candidate.code === product.lineCode),
    product.lineCode,
  );
  const country = found(
    demo.countries.find((candidate) => candidate.code === company.countryCode),
    company.countryCode,
  );
  const family = found(
    demo.families.find((candidate) => candidate.code === product.familyCode),
    product.familyCode,
  );
  const ingredientOfProduct = found(product.ingredients[0], 'ingredient');
  const ingredient = found(
    demo.activeIngredients.find((candidate) => candidate.code === ingredientOfProduct.activeIngredientCode),
    ingredientOfProduct.activeIngredientCode,
  );
  return {
    Paises: { Codigo: country.code, Nombre: country.name, ZonaHoraria: country.timeZone, Activo: 'Sí' },
    Empresas: { Codigo: company.code, Nombre: company.name, Pais: company.countryCode, Activo: 'Sí' },
    Laboratorios: { Codigo: laboratory.code, Nombre: laboratory.name, Empresa: company.code, Activo: 'Sí' },
    Lineas: { Codigo: line.code, Nombre: line.name, Laboratorio: laboratory.code, Activo: 'Sí' },
    Familias: { Codigo: family.code, Nombre: family.name, Activo: 'Sí' },
    PrincipiosActivos: { Codigo: ingredient.code, Nombre: ingredient.name, Activo: 'Sí' },
    Productos: {
      Codigo: product.code,
      Nombre: product.commercialName,
      Familia: family.code,
      Laboratorio: laboratory.code,
      Linea: line.code,
      FormaFarmaceutica: listValue('FormaFarmaceutica', product.pharmaceuticalForm),
      Paises: product.countryCodes.join(', '),
      Activo: 'Sí',
    },
    ProductoPrincipios: {
      Producto: product.code,
      PrincipioActivo: ingredient.code,
      Concentracion: ingredientOfProduct.concentration,
      Unidad: listValue('MedicamentoUnidad', ingredientOfProduct.unit),
    },
  };
}

/** The template's example line of a sheet, in column order. */
export function exampleLine(sheet: CatalogSheet): ExampleValue[] {
  const row = exampleRows()[sheet.name];
  return sheet.columns.map((column) => row[column.name] ?? '');
}

/** One sheet as CSV (`shared/csv.ts`): UTF-8 with BOM (so Excel reads the accents), `;` separated (Excel's in Spanish), CRLF. */
export function templateCsv(sheetName: CatalogSheetName): Buffer {
  const sheet = catalogSheet(sheetName);
  return Buffer.from(csvFile([sheet.columns.map((column) => column.name), exampleLine(sheet)], { delimiter: ';' }), 'utf8');
}

/** The workbook: 'Instrucciones', then one sheet per entity in load order, each with its header and example line. */
export async function templateWorkbook(): Promise<Buffer> {
  // exceljs is loaded by the first template rather than with the server.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  workbook.creator = 'Atalaya';

  const instructions = workbook.addWorksheet(CATALOG_INSTRUCTIONS_SHEET);
  instructions.columns = [{ width: 22 }, { width: 14 }, { width: 110 }];
  instructions.addRow(['Importación del catálogo de productos']).font = { bold: true, size: 14 };
  instructions.addRow([]);
  for (const rule of CATALOG_IMPORT_RULES) instructions.addRow(['', '', rule]);
  for (const sheet of CATALOG_SHEETS) {
    instructions.addRow([]);
    instructions.addRow([sheet.name, '', sheet.description]).font = { bold: true };
    instructions.addRow(['Columna', 'Obligatoria', 'Descripción']).font = { italic: true };
    for (const column of sheet.columns) instructions.addRow([column.name, column.required ? 'Sí' : 'No', column.description]);
  }
  instructions.getColumn(3).alignment = { wrapText: true, vertical: 'top' };

  for (const sheet of CATALOG_SHEETS) {
    const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = sheet.columns.map((column) => ({ width: Math.max(14, Math.min(40, column.name.length + 6)) }));
    const header = worksheet.addRow(sheet.columns.map((column) => column.name));
    header.font = { bold: true };
    worksheet.addRow(exampleLine(sheet));
    sheet.columns.forEach((column, index) => {
      // Codes and names are text: a code of digits keeps its leading zeros.
      if (column.kind !== 'number') worksheet.getColumn(index + 1).numFmt = '@';
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
