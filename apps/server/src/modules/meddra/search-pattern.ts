/** Letters a Spanish term may carry with or without an accent, and the forms each one matches. */
const ACCENT_VARIANTS: Readonly<Record<string, string>> = {
  a: 'aáàâäã',
  e: 'eéèêë',
  i: 'iíìîï',
  o: 'oóòôöõ',
  u: 'uúùûü',
  n: 'nñ',
  c: 'cç',
};

/** Characters with a meaning in a PostgreSQL regular expression. */
const REGEX_SPECIAL = /[\\^$.|?*+()[\]{}]/;

/** Lower case without accents: 'CÉFAL' → 'cefal', 'Náusea' → 'nausea'. */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * A PostgreSQL regular expression that finds the term inside a lower-cased name whatever its
 * accents: 'CÉFAL' → 'c[eéèêë]f[aáàâäã]l'. The trigram index on lower(name) serves it.
 */
export function accentInsensitivePattern(term: string): string {
  const folded = foldAccents(term.trim().replace(/\s+/g, ' '));
  return [...folded]
    .map((char) => {
      const variants = ACCENT_VARIANTS[char];
      if (variants) return `[${variants}]`;
      return REGEX_SPECIAL.test(char) ? `\\${char}` : char;
    })
    .join('');
}
