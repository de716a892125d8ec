import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** The highest Unicode code point. */
const MAX_CODE_POINT = 0x10ffff;
const SURROGATES_START = 0xd800;
const SURROGATES_END = 0xdfff;

/**
 * The smallest text greater than every text that starts with `prefix`, in code-point order
 * (the order of the server's `C.UTF-8` collation and of PGlite's `C`): the prefix with its
 * last character replaced by the next code point (skipping the surrogates, which UTF-8 cannot
 * hold). A last character that is the highest code point is dropped and the one before it
 * raised. Null when there is no such text: an empty prefix, or one made only of the highest
 * code point (every text above the prefix starts with it).
 */
export function prefixUpperBound(prefix: string): string | null {
  const characters = [...prefix];
  while (characters.length > 0) {
    const last = (characters.pop() as string).codePointAt(0) as number;
    if (last < MAX_CODE_POINT) {
      const next = last + 1 === SURROGATES_START ? SURROGATES_END + 1 : last + 1;
      return characters.join('') + String.fromCodePoint(next);
    }
  }
  return null;
}

/**
 * `column` starts with `prefix`, literally (`%` and `_` are plain characters), as a range a
 * btree on `column` answers: `column >= prefix and column < prefixUpperBound(prefix)`, plus
 * `starts_with` as a recheck of the range's rows (exact whatever the collation). `LIKE
 * 'prefix%'` cannot use the btree under `C.UTF-8` (only under `C` or with `text_pattern_ops`).
 * An empty prefix matches everything. Used by the case lists (`idEr`), the inbox (`id`) and
 * the event search.
 */
export function startsWithPrefix(column: AnyColumn | SQL, prefix: string): SQL {
  if (prefix === '') return sql`true`;
  const upper = prefixUpperBound(prefix);
  const range = upper === null ? sql`${column} >= ${prefix}` : sql`${column} >= ${prefix} and ${column} < ${upper}`;
  return sql`(${range} and starts_with(${column}, ${prefix}))`;
}
