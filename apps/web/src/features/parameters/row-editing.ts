import { canEditReferenceColumn, isOptionalReferenceColumn, referenceE2bCodeError, referenceRowValues, referenceTableRule, referenceValueSchema, type ReferenceTableName } from '@atalaya/domain';

/** The reference-list row modes (platform spec §4 'Reference-list rows'): list, edit, create; cancel returns to list. */
export type RowEditing =
  | { mode: 'list' }
  | { mode: 'edit'; id: number; draft: Record<string, string> }
  | { mode: 'create'; draft: Record<string, string> };

export type RowEditingAction =
  | { type: 'add'; table: ReferenceTableName }
  | { type: 'edit'; table: ReferenceTableName; row: Record<string, unknown> & { Id: number } }
  | { type: 'change'; key: string; value: string }
  | { type: 'cancel' }
  | { type: 'saved' };

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * Add puts one blank row at the top (only one at a time: a second Add, or Add while editing, is
 * ignored); Edit opens a row with its values; Cancel drops the blank row or the edit; Save
 * (success or failure) returns to the list.
 */
export function rowEditing(state: RowEditing, action: RowEditingAction): RowEditing {
  switch (action.type) {
    case 'add':
      if (state.mode !== 'list') return state;
      return { mode: 'create', draft: Object.fromEntries(referenceTableRule(action.table).columns.map((column) => [column.key, ''])) };
    case 'edit':
      if (state.mode === 'create') return state;
      return {
        mode: 'edit',
        id: action.row.Id,
        draft: Object.fromEntries(referenceTableRule(action.table).columns.map((column) => [column.key, text(action.row[column.key])])),
      };
    case 'change':
      return state.mode === 'list' ? state : { ...state, draft: { ...state.draft, [action.key]: action.value } };
    case 'cancel':
    case 'saved':
      return { mode: 'list' };
  }
}

/** The first message of the draft's fields, by column (empty texts: 'El valor no puede estar vacío'). */
export function draftErrors(table: ReferenceTableName, draft: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const column of referenceTableRule(table).columns) {
    if (column.kind === 'e2bCode') {
      const code = (draft[column.key] ?? '').trim();
      const error = code === '' ? null : referenceE2bCodeError(table, code);
      if (error) errors[column.key] = error;
      continue;
    }
    if (column.kind === 'optionalText') continue;
    const parsed = referenceValueSchema.safeParse(draft[column.key] ?? '');
    if (!parsed.success) errors[column.key] = parsed.error.issues[0]?.message ?? '';
  }
  return errors;
}

/**
 * The Keys and Values a save sends (platform spec §3: never Id, Eliminado, ImportCodigo; never
 * Value on update; on update only the columns this row may change). GrupoId goes as a number.
 */
export function draftCall(table: ReferenceTableName, state: Exclude<RowEditing, { mode: 'list' }>): { Keys: string[]; Values: (string | number | null)[] } {
  const row: Record<string, unknown> = { Id: state.mode === 'edit' ? state.id : null, Eliminado: false };
  for (const column of referenceTableRule(table).columns) {
    if (state.mode === 'edit' && !canEditReferenceColumn(table, state.id, column.key)) continue;
    const value = (state.draft[column.key] ?? '').trim();
    row[column.key] = column.kind === 'groupId' ? Number(value) : isOptionalReferenceColumn(column) && value === '' ? null : value;
  }
  const { Keys, Values } = referenceRowValues(row, state.mode === 'edit' ? 'update' : 'create');
  return { Keys, Values: Values as (string | number | null)[] };
}
