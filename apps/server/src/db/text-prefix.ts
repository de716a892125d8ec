import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * The values that start with `prefix`, as a range condition a btree index answers:
 * `column >= 'UY-2026-00012' and column < 'UY-2026-00013'` (the prefix with its last character
 * incremented). `LIKE 'UY-2026-00012%'` cannot use a plain btree under the server's `C.UTF-8`
 * collation (nor any but `C`) and scans the table; the range reads only the matching index
 * entries. The bounds follow code-point order, which is the order of `C` and `C.UTF-8`
 * (the collation of the server and of PGlite). The prefix is compared as given: callers that
 * match case-insensitively store and pass upper case. An empty prefix matches everything.
 */
export function prefixRange(column: AnyColumn | SQL, prefix: string): SQL {
  if (prefix === '') return sql`true`;
  const upper = prefixUpperBound(prefix);
  return upper === null ? sql`${column} >= ${prefix}` : sql`(${column} >= ${prefix} and ${column} < ${upper})`;
}

/**
 * The smallest text above every text that starts with `prefix` (code-point order): the
 * prefix with its last character incremented, dropping trailing characters that cannot be
 * incremented; null when there is none (every character is U+10FFFF).
 */
export function prefixUpperBound(prefix: string): string | null {
  const chars = Array.from(prefix);
  while (chars.length > 0) {
    const last = chars.pop() as string;
    let next = (last.codePointAt(0) ?? 0) + 1;
    // Surrogate code points are not characters: jump over them.
    if (next >= 0xd800 && next <= 0xdfff) next = 0xe000;
    if (next <= 0x10ffff) return chars.join('') + String.fromCodePoint(next);
  }
  return null;
}
