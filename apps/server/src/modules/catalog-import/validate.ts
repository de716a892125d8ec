import { CATALOG_SHEET_NAMES, type CatalogSheetName, MSG } from '@atalaya/domain';
import type { DbOrTx } from '../../db/client.js';
import type { ImportRowError } from '../imports/index.js';
import { type CatalogSnapshot, catalogSnapshot, storedProductCodes } from './queries.js';
import { optionalText, parseRow, type RowValues, SHEET_ORDER, type SheetLayout, textOf } from './sheets.js';
import type { SourceFile } from './source.js';
import { walkCatalog } from './walk.js';

/**
 * The validation pass (docs/imports.md 'Validation'): every row of the file read once, each
 * cell checked by its column, each code checked against the rows before it (a code twice) and
 * each reference against the file and the stored catalogue (a reference to a row further down
 * the file is settled at the end). Nothing is written. What is kept is small: the codes of the
 * file's rows (for the references and the duplicates), never the rows.
 */

/** Row errors the report lists; past it only the count goes on. */
export const MAX_LISTED_ERRORS = 10_000;

/** Rows read between two checks of the cancel signal. */
export const VALIDATION_BATCH = 2_000;

export class RowErrors {
  readonly listed: ImportRowError[] = [];
  count = 0;

  add = (error: ImportRowError): void => {
    this.count += 1;
    if (this.listed.length < MAX_LISTED_ERRORS) this.listed.push(error);
  };

  /** By sheet (load order), row and column. */
  sorted(layouts: ReadonlyMap<CatalogSheetName, SheetLayout>): ImportRowError[] {
    const columnOrder = (error: ImportRowError) => {
      const layout = layouts.get(error.sheet as CatalogSheetName);
      const index = layout ? layout.byPosition.findIndex((column) => column?.name === error.column) : -1;
      return index < 0 ? Number.MAX_SAFE_INTEGER : index;
    };
    const sheetOrder = (error: ImportRowError) => SHEET_ORDER.get(error.sheet as CatalogSheetName) ?? Number.MAX_SAFE_INTEGER;
    return [...this.listed].sort((a, b) => sheetOrder(a) - sheetOrder(b) || a.row - b.row || columnOrder(a) - columnOrder(b));
  }
}

export interface ValidatedFile {
  /** The sheets the file has, with their header. */
  layouts: Map<CatalogSheetName, SheetLayout>;
  /** Data rows of each sheet (blank rows not counted). */
  rowCounts: Map<CatalogSheetName, number>;
  /** What the loading pass needs of the stored catalogue (the reference lists' ids). */
  snapshot: CatalogSnapshot;
  errors: RowErrors;
}

type Reference = Exclude<CatalogSheetName, 'ProductoPrincipios'>;
type Place = Pick<ImportRowError, 'sheet' | 'row' | 'column'>;

class Checker {
  readonly errors = new RowErrors();
  /** Codes of each sheet's rows → their row number. */
  private readonly codes = new Map<CatalogSheetName, Map<string, number>>(CATALOG_SHEET_NAMES.map((sheet) => [sheet, new Map()]));
  /** The laboratory of each line of the file. */
  private readonly lineLaboratory = new Map<string, string>();
  /** Product and ingredient pairs of ProductoPrincipios → their row. */
  private readonly pairs = new Map<string, number>();
  /** References not (yet) found: the sheet they name → code → where they are. */
  private readonly pending = new Map<Reference, Map<string, Place[]>>();
  /** Product lines not (yet) found: where, the line and the product's laboratory. */
  private readonly pendingLines: { at: Place; line: string; laboratory: string }[] = [];

  constructor(private readonly snapshot: CatalogSnapshot) {}

  private fail(at: Place, message: string) {
    this.errors.add({ ...at, message });
  }

  private stored(sheet: Reference, code: string): boolean {
    const snapshot = this.snapshot;
    switch (sheet) {
      case 'Paises':
        return snapshot.countries.has(code);
      case 'Empresas':
        return snapshot.companyCountry.has(code);
      case 'Laboratorios':
        return snapshot.laboratoryCompany.has(code);
      case 'Lineas':
        return snapshot.lineLaboratory.has(code);
      case 'Familias':
        return snapshot.families.has(code);
      case 'PrincipiosActivos':
        return snapshot.ingredients.has(code);
      case 'Productos':
        // Products may be many: the ones the file does not hold are asked for at the end, at once.
        return false;
    }
  }

  /** A reference to a row of `sheet`: found in the file so far or stored, or settled at the end. */
  private reference(sheet: Reference, code: string, at: Place) {
    if (this.codes.get(sheet)?.has(code) || this.stored(sheet, code)) return;
    let byCode = this.pending.get(sheet);
    if (!byCode) this.pending.set(sheet, (byCode = new Map()));
    const places = byCode.get(code);
    if (places) places.push(at);
    else byCode.set(code, [at]);
  }

  /** The code of a row: once per sheet. */
  private ownCode(sheet: CatalogSheetName, code: string, at: Place) {
    const codes = this.codes.get(sheet);
    const first = codes?.get(code);
    if (first !== undefined) this.fail(at, MSG.catalogImport.duplicateCode(first));
    else codes?.set(code, at.row);
  }

  /** A product's line must be of the product's laboratory. */
  private productLine(line: string, laboratory: string, at: Place) {
    const lineLaboratory = this.lineLaboratory.get(line) ?? this.snapshot.lineLaboratory.get(line);
    if (lineLaboratory === undefined) this.pendingLines.push({ at, line, laboratory });
    else if (lineLaboratory !== laboratory) this.fail(at, MSG.catalogImport.lineOfOtherLaboratory(line, laboratory));
  }

  /** A row whose cells passed their checks (a cell with an error is absent from `values`). */
  row(sheet: CatalogSheetName, row: number, values: RowValues) {
    const at = (column: string): Place => ({ sheet, row, column });
    const has = (column: string) => typeof values[column] === 'string';
    const code = textOf(values, 'Codigo');
    if (sheet !== 'ProductoPrincipios' && has('Codigo')) this.ownCode(sheet, code, at('Codigo'));
    switch (sheet) {
      case 'Empresas': {
        if (!has('Pais')) return;
        const country = textOf(values, 'Pais');
        this.reference('Paises', country, at('Pais'));
        const stored = this.snapshot.companyCountry.get(code);
        if (stored !== undefined && stored !== country) this.fail(at('Pais'), MSG.catalogImport.companyCountryChanged(stored));
        return;
      }
      case 'Laboratorios': {
        if (!has('Empresa')) return;
        const company = textOf(values, 'Empresa');
        this.reference('Empresas', company, at('Empresa'));
        const stored = this.snapshot.laboratoryCompany.get(code);
        if (stored !== undefined && stored !== company) this.fail(at('Empresa'), MSG.catalogImport.laboratoryCompanyChanged(stored));
        return;
      }
      case 'Lineas': {
        if (!has('Laboratorio')) return;
        const laboratory = textOf(values, 'Laboratorio');
        this.reference('Laboratorios', laboratory, at('Laboratorio'));
        if (has('Codigo') && !this.lineLaboratory.has(code)) this.lineLaboratory.set(code, laboratory);
        const stored = this.snapshot.lineLaboratory.get(code);
        if (stored !== undefined && stored !== laboratory) this.fail(at('Laboratorio'), MSG.catalogImport.lineLaboratoryChanged(stored));
        return;
      }
      case 'Productos': {
        if (has('Familia')) this.reference('Familias', textOf(values, 'Familia'), at('Familia'));
        if (has('Laboratorio')) {
          const laboratory = textOf(values, 'Laboratorio');
          this.reference('Laboratorios', laboratory, at('Laboratorio'));
          const line = optionalText(values, 'Linea');
          if (line !== null) this.productLine(line, laboratory, at('Linea'));
        }
        const form = optionalText(values, 'FormaFarmaceutica');
        if (form !== null && !this.snapshot.forms.has(form)) this.fail(at('FormaFarmaceutica'), MSG.catalogImport.unknownListValue('FormaFarmaceutica', form));
        const countries = values.Paises;
        if (Array.isArray(countries)) for (const country of countries as readonly string[]) this.reference('Paises', country, at('Paises'));
        return;
      }
      case 'ProductoPrincipios': {
        const product = optionalText(values, 'Producto');
        const ingredient = optionalText(values, 'PrincipioActivo');
        if (product !== null) this.reference('Productos', product, at('Producto'));
        if (ingredient !== null) this.reference('PrincipiosActivos', ingredient, at('PrincipioActivo'));
        if (product !== null && ingredient !== null) {
          const pair = `${product}\u0000${ingredient}`;
          const first = this.pairs.get(pair);
          if (first !== undefined) this.fail(at('PrincipioActivo'), MSG.catalogImport.duplicateIngredient(first));
          else this.pairs.set(pair, row);
        }
        const unit = optionalText(values, 'Unidad');
        if (unit !== null && !this.snapshot.units.has(unit)) this.fail(at('Unidad'), MSG.catalogImport.unknownListValue('MedicamentoUnidad', unit));
        return;
      }
      default:
        return;
    }
  }

  /** Settles the references to rows further down the file, and asks the database for the products the file does not hold. */
  async finish(db: DbOrTx): Promise<void> {
    const unknown = (sheet: Reference, code: string, places: readonly Place[]) => {
      for (const at of places) this.fail(at, MSG.catalogImport.unknownReference(MSG.catalogImport.referenceNames[sheet], code));
    };
    for (const [sheet, byCode] of this.pending) {
      const missing = [...byCode].filter(([code]) => !this.codes.get(sheet)?.has(code));
      const stored = sheet === 'Productos' ? await storedProductCodes(db, missing.map(([code]) => code)) : new Set<string>();
      for (const [code, places] of missing) if (!stored.has(code)) unknown(sheet, code, places);
    }
    for (const { at, line, laboratory } of this.pendingLines) {
      const lineLaboratory = this.lineLaboratory.get(line);
      if (lineLaboratory === undefined) unknown('Lineas', line, [at]);
      else if (lineLaboratory !== laboratory) this.fail(at, MSG.catalogImport.lineOfOtherLaboratory(line, laboratory));
    }
  }
}

export interface ValidationOptions {
  signal: AbortSignal;
}

/** Reads the whole file once and answers its sheets, row counts and every row error. */
export async function validateCatalogFile(db: DbOrTx, source: SourceFile, { signal }: ValidationOptions): Promise<ValidatedFile> {
  const snapshot = await catalogSnapshot(db);
  const checker = new Checker(snapshot);
  const layouts = new Map<CatalogSheetName, SheetLayout>();
  const rowCounts = new Map<CatalogSheetName, number>();
  let read = 0;
  for await (const event of walkCatalog(source, checker.errors.add)) {
    const sheet = event.layout.sheet.name;
    if (event.type === 'sheet') {
      layouts.set(sheet, event.layout);
      rowCounts.set(sheet, 0);
      continue;
    }
    const parsed = parseRow(event.layout, event.row.number, event.row.cells);
    parsed.errors.forEach(checker.errors.add);
    checker.row(sheet, parsed.number, parsed.values);
    rowCounts.set(sheet, (rowCounts.get(sheet) ?? 0) + 1);
    read += 1;
    if (read % VALIDATION_BATCH === 0) signal.throwIfAborted();
  }
  signal.throwIfAborted();
  await checker.finish(db);
  return { layouts, rowCounts, snapshot, errors: checker.errors };
}
