import { type ImportKind, MSG } from '@atalaya/domain';
import { z } from 'zod';

/**
 * code_import (docs/adr/0014-import-jobs.md): the kind's prefix, the year the import was
 * started (UTC) and its number in that year, at least four digits: 'MED-2026-0001' (MedDRA),
 * 'DAT-2026-0001' (product catalogue), 'E2B-2026-0001' (an E2B(R3) batch). Numbered by
 * `reference_sequences` (prefix 'MED' / 'DAT' / 'E2B').
 */
export const IMPORT_CODE_PREFIX: Readonly<Record<ImportKind, string>> = { meddra: 'MED', data: 'DAT', e2b: 'E2B', duplicates: 'DUP' };

const CODE_PATTERN = /^(MED|DAT|E2B|DUP)-\d{4}-\d{4,9}$/;

export function formatImportCode(kind: ImportKind, year: number, number: number): string {
  return `${IMPORT_CODE_PREFIX[kind]}-${year}-${String(number).padStart(4, '0')}`;
}

/** `/{code}`: a well-formed code_import (anything else is 400 'El código de importación no es válido'). */
export const importCodeParams = z.object({
  code: z.string().regex(CODE_PATTERN, MSG.imports.invalidCode).describe("code_import, p. ej. 'MED-2026-0001', 'DAT-2026-0001' o 'E2B-2026-0001'"),
});
