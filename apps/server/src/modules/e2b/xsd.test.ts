import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { e2bXsdDir, referencePath } from '../../test-support/reference.js';
import { ACK_SCHEMA, DOCTYPE_REFUSED, validateXml } from './xsd.js';

const example = (...parts: string[]) => readFileSync(referencePath('e2b-r3-examples', ...parts));

describe('the official ICH ICSR schema (libxml2-wasm)', () => {
  it('accepts the official instances', () => {
    expect(validateXml(example('ich-style', 'ICH-1-1_literature_initial.xml'), e2bXsdDir())).toEqual([]);
    expect(validateXml(example('fda-faers-2022', 'FAERS2022Scenario1.xml'), e2bXsdDir())).toEqual([]);
  });

  it('refuses a schema-invalid instance with the line of the problem', () => {
    const problems = validateXml(example('negative', 'modified-1-1_xsd-invalid_effectiveTime.xml'), e2bXsdDir());
    expect(problems[0]).toMatchObject({ line: 440 });
    expect(problems[0]?.message).toContain('effectiveTime');
    const other = validateXml(example('negative', 'modified-1-1_xsd-invalid_outboundRelationship2.xml'), e2bXsdDir());
    expect(other[0]).toMatchObject({ line: 778 });
    expect(other[0]?.message).toContain('outboundRelationship2');
  });

  it('answers the parse error of a document that is not XML, with its line', () => {
    const problems = validateXml('<?xml version="1.0"?>\n<MCCI_IN200100UV01 xmlns="urn:hl7-org:v3">\n<id>\n</MCCI_IN200100UV01>', e2bXsdDir());
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]?.line).toBeGreaterThanOrEqual(3);
  });

  it('never reads an external entity', () => {
    const hostile = '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<MCCI_IN200100UV01 xmlns="urn:hl7-org:v3">&xxe;</MCCI_IN200100UV01>';
    expect(validateXml(hostile, e2bXsdDir())).toEqual([{ line: 2, column: 0, message: DOCTYPE_REFUSED }]);
    expect(validateXml(Buffer.from(hostile), e2bXsdDir())).toEqual([{ line: 2, column: 0, message: DOCTYPE_REFUSED }]);
  });

  it('validates an acknowledgement against its own schema', () => {
    expect(validateXml(example('fda-faers-2022', 'R3ack-positive.ack'), e2bXsdDir(), ACK_SCHEMA)).toEqual([]);
  });
});
