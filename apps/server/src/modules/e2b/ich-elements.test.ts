import { readFileSync } from 'node:fs';
import { ICH_ELEMENTS, NULL_FLAVORS } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../test-support/csv.js';
import { referencePath } from '../../test-support/reference.js';

/**
 * The rule table of the export (ICH_ELEMENTS, packages/domain) is ICH's data element table:
 * read again from `ich-core-data-elements-v1.csv`, every element's length, type, allowed codes,
 * conformance and nullFlavors must be the same.
 */

const CONFORMANCE: Record<string, string> = { Mandatory: 'M', 'Conditional-Mandatory': 'C', Required: 'R', Optional: 'O' };

function allowedOf(type: string, text: string): string[] | null {
  if (type === 'N') {
    const codes = [...text.matchAll(/(?<![\w.])(\d+)\s*=/g)].map((match) => match[1] ?? '');
    return codes.length ? codes : null;
  }
  if (type === 'Boolean') return ['false', 'true'].filter((word) => new RegExp(`\\b${word}\\b`, 'i').test(text));
  return null;
}

describe('the ICH data element table', () => {
  it('is the rule table of the export, element by element', () => {
    const rows = parseCsv(readFileSync(referencePath('e2b-r3-rules', 'ich-core-data-elements-v1.csv'), 'utf8')).slice(2);
    const seen = new Set<string>();
    const fromCsv = [];
    for (const row of rows) {
      const element = (row[2] ?? '').trim();
      if (!/^[A-HN]\.[\w.]+$/.test(element) || seen.has(element)) continue;
      seen.add(element);
      const rawType = (row[5] ?? '').trim();
      const type = rawType.startsWith('N*') ? 'AN' : rawType;
      const maxLength = (row[4] ?? '').trim();
      fromCsv.push({
        element,
        name: (row[3] ?? '').split(/\s+/).join(' ').trim(),
        maxLength: /^\d+$/.test(maxLength) ? Number(maxLength) : null,
        type,
        allowed: allowedOf(type, row[6] ?? ''),
        conformance: CONFORMANCE[(row[7] ?? '').trim()] ?? '-',
        nullFlavors: NULL_FLAVORS.filter((_, index) => (row[11 + index] ?? '').trim().toLowerCase() === 'yes'),
      });
    }
    expect(fromCsv.length).toBeGreaterThan(200);
    expect(ICH_ELEMENTS).toEqual(fromCsv);
  });
});
