/**
 * The result columns of the event search (event spec §2.5: Id, Meta, FechaCreacion, Pais,
 * Compania, Grupo, NumeroReferencia, pActive, NombreComercial, TipoRAM, TipoReporte) with the
 * search variant's own (§2.6: flag, updated, is-historic) and the row's reactions. Id and Meta
 * are not shown as text: Meta is the identifier's link to the case.
 */
export type SearchColumnKey =
  | 'flag'
  | 'identifier'
  | 'created'
  | 'country'
  | 'company'
  | 'group'
  | 'reportType'
  | 'product'
  | 'pActive'
  | 'ramType'
  | 'updated'
  | 'historic'
  | 'reactions';

export const SEARCH_COLUMNS: readonly { key: SearchColumnKey; header: string }[] = [
  { key: 'flag', header: 'Alerta' },
  { key: 'identifier', header: 'Identificador' },
  { key: 'created', header: 'Creado' },
  { key: 'country', header: 'País' },
  { key: 'company', header: 'Compañía' },
  { key: 'group', header: 'Grupo' },
  { key: 'reportType', header: 'Tipo de reporte' },
  { key: 'product', header: 'Producto' },
  { key: 'pActive', header: 'Principio activo' },
  { key: 'ramType', header: 'Tipo de RAM' },
  { key: 'updated', header: 'Actualizado' },
  { key: 'historic', header: 'Histórico' },
  { key: 'reactions', header: 'Reacciones' },
];

/**
 * What a card (≤ 900 px) shows beyond the search variant's fields (country, company, product,
 * updated, is-historic): the rest of §2.5's columns, so a phone reads the same row.
 */
export const SEARCH_CARD_EXTRA: readonly SearchColumnKey[] = ['created', 'group', 'reportType', 'pActive', 'ramType'];

/** The table's least width: below it the table scrolls inside its frame (the page never does). */
export const SEARCH_TABLE_MIN_WIDTH = 1360;
