import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { e2bMappingMarkdown } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';

/** docs/e2b.md prints the one mapping table (E2B_MAPPING). UPDATE_E2B_DOCS=1 rewrites the printed table. */
const DOC = fileURLToPath(new URL('../../../../../docs/e2b.md', import.meta.url));
const START = '<!-- e2b-mapping:start (generated from E2B_MAPPING: UPDATE_E2B_DOCS=1 npx vitest run apps/server/src/modules/e2b/mapping-doc.test.ts) -->';
const END = '<!-- e2b-mapping:end -->';

describe('docs/e2b.md', () => {
  it('prints the mapping table of packages/domain as it is', () => {
    const text = readFileSync(DOC, 'utf8');
    const start = text.indexOf(START);
    const end = text.indexOf(END);
    expect(start, 'the start marker').toBeGreaterThanOrEqual(0);
    expect(end, 'the end marker').toBeGreaterThan(start);
    const printed = text.slice(start + START.length, end).trim();
    const table = e2bMappingMarkdown();
    if (process.env.UPDATE_E2B_DOCS === '1' && printed !== table) {
      writeFileSync(DOC, `${text.slice(0, start + START.length)}\n\n${table}\n\n${text.slice(end)}`);
      return;
    }
    expect(printed, 'run UPDATE_E2B_DOCS=1 npx vitest run apps/server/src/modules/e2b/mapping-doc.test.ts').toBe(table);
  });
});
