import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2bXsdDir, referencePath } from '../../test-support/reference.js';
import { parseBatchFile } from '../e2b-import/index.js';
import { buildBatchXml } from './build.js';
import { validateXml } from './xsd.js';

/**
 * Round trip of the reference instances (issue 29 point 5, at the model level): each valid
 * instance is parsed into the ICSR model, built again by the export's builder, validated against
 * the official schema and parsed again; every ICH element read the first time comes out the same.
 */

const example = (...parts: string[]) => referencePath('e2b-r3-examples', ...parts);
const INSTANCES = [
  ...['1', '2', '3', '4', '5-1', '5-2', '5-3', '6', '7', '8'].map((n) => example('fda-faers-2022', `FAERS2022Scenario${n}.xml`)),
  ...['ICH-1-1_literature_initial.xml', 'ICH-2-x_newNum_followup_HC.xml'].map((name) => example('ich-style', name)),
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'e2b-roundtrip-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The differences between two values, as paths ('reactions.0.outcome: 1 → 0'). */
export function differences(a: unknown, b: unknown, path = ''): string[] {
  if (Object.is(a, b)) return [];
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return [`${path || '(root)'}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((key) => differences((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], path ? `${path}.${key}` : key));
}

describe('round trip of the reference instances: parse → build → schema → parse', () => {
  it.each(INSTANCES.map((path) => [path.split('/').pop() ?? path, path]))('%s comes back with every ICH element the same', async (name, path) => {
    const first = await parseBatchFile(path);
    const xml = buildBatchXml({ batch: first.batch, messages: first.reports.map((report) => ({ header: report.header, icsr: report.icsr })) });
    expect(validateXml(xml, e2bXsdDir())).toEqual([]);
    const built = join(dir, name);
    await writeFile(built, xml);
    const second = await parseBatchFile(built);
    expect(second.batch).toEqual(first.batch);
    expect(second.reports).toHaveLength(first.reports.length);
    first.reports.forEach((report, index) => {
      const again = second.reports[index];
      expect(again?.header).toEqual(report.header);
      expect(differences(report.icsr, again?.icsr)).toEqual([]);
    });
  });
});
