import { open, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2bXsdDir, referencePath } from '../../test-support/reference.js';
import { parseBatchFile } from './batch.js';
import { parseBatchHeader, parseReport, type ParsedReport } from './parse.js';
import { xsdSchemaCheck } from './schema.js';
import { E2B_READ_LIMITS, E2bReadError, readE2bBatch } from './xml.js';

const example = (...parts: string[]) => referencePath('e2b-r3-examples', ...parts);
const FDA = ['1', '2', '3', '4', '5-1', '5-2', '5-3', '6', '7', '8'].map((n) => example('fda-faers-2022', `FAERS2022Scenario${n}.xml`));
const ICH = ['ICH-1-1_literature_initial.xml', 'ICH-2-x_newNum_followup_HC.xml'].map((name) => example('ich-style', name));

async function parseFile(path: string) {
  const reports: ParsedReport[] = [];
  const batch = readE2bBatch(path);
  for (;;) {
    const next = await batch.next();
    if (next.done) return { header: parseBatchHeader(next.value.header), reports };
    reports.push(parseReport(next.value, reports.length + 1));
  }
}

async function refusal(path: string): Promise<E2bReadError> {
  try {
    await parseFile(path);
  } catch (error) {
    if (error instanceof E2bReadError) return error;
    throw error;
  }
  throw new Error(`${path} was read`);
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'e2b-parse-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const write = async (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
};

const MINIMAL = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><MCCI_IN200100UV01 xmlns="urn:hl7-org:v3" ITSVersion="XML_1.0">${body}</MCCI_IN200100UV01>`;

describe('the reference instances', () => {
  it.each(FDA.map((path) => [path.split('/').pop(), path]))('FDA %s parses into one report with its reactions and drugs', async (_name, path) => {
    const { header, reports } = await parseFile(path as string);
    expect(header.batch.batchNumber).not.toBe('');
    expect(reports).toHaveLength(1);
    const [report] = reports as [ParsedReport];
    expect(report.icsr.report.safetyReportId).toMatch(/^US-/);
    expect(report.header.messageId).not.toBe('');
    expect(report.icsr.reactions.length).toBeGreaterThan(0);
    expect(report.icsr.drugs.length).toBeGreaterThan(0);
    expect(report.problems).toEqual([]);
    // FDA's regional elements are not mapped: they are kept, verbatim.
    expect(report.unmapped.length).toBeGreaterThan(0);
  });

  it('FDA scenario 1: the ICH values are read where the IG puts them, the FDA regional ones are kept verbatim', async () => {
    const { reports } = await parseFile(FDA[0] as string);
    const { icsr, unmapped } = reports[0] as ParsedReport;
    expect(icsr.report.worldwideUniqueId).toBe('US-APHARMA-8744554B');
    expect(icsr.reactions.map((r) => r.term?.code)).toEqual(expect.arrayContaining([expect.stringMatching(/^\d{8}$/)]));
    expect(icsr.drugs.every((d) => ['1', '2', '3', '4'].includes(d.role))).toBe(true);
    // An FDA regional code system (2.16.840.1.113883.3.989.5.1.2…) survives in a kept fragment.
    expect(unmapped.some((u) => u.xml.includes('2.16.840.1.113883.3.989.5.1.2'))).toBe(true);
    for (const fragment of unmapped) expect(fragment.xml.startsWith('<')).toBe(true);
  });

  it('ICH 1-1 (literature): every element the model holds is read, the attachment is kept', async () => {
    const { header, reports } = await parseFile(ICH[0] as string);
    expect(header.batch).toEqual({ batchNumber: 'DSJP-B0123456', senderId: 'DSJP', receiverId: 'ICHTEST', transmissionDate: '20120720100000' });
    const { icsr, unmapped, header: message } = reports[0] as ParsedReport;
    expect(message.messageId).toBe('DSJP-B0123456-Lit1');
    expect(icsr.report).toMatchObject({
      safetyReportId: 'JP-DSJP-DSJ-2009-98765-1',
      worldwideUniqueId: 'JP-DSJP-DSJ-2009-98765-1',
      firstReceivedDate: '20090622',
      mostRecentDate: '20100412',
    });
    expect(icsr.literature[0]?.reference).toMatch(/^K\. Kudo, et al\. \(2009\)/);
    expect(icsr.patient).toMatchObject({ name: 'T.O.', sex: '2', birthDate: '19260412' });
    const [reaction] = icsr.reactions;
    expect(reaction).toMatchObject({
      term: { code: '10022617', version: '15' },
      primarySourceText: '間質性肺炎',
      primarySourceLanguage: 'JA',
      translation: 'INTERSTITIAL PNEUMONIA',
      startDate: '20081009',
      endDate: '20081201',
      duration: { value: 54, unit: 'd' },
      outcome: '1',
      country: 'JP',
      highlighted: '3',
    });
    expect(reaction?.seriousness.hospitalisation).toBe(true);
    expect(reaction?.seriousness.death).toEqual({ nullFlavor: 'NI' });
    const [drug] = icsr.drugs;
    expect(drug).toMatchObject({ name: 'MEVALOTIN', role: '1', actionTaken: '1' });
    expect(drug?.substances[0]).toMatchObject({ name: 'PRAVASTATIN SODIUM', strength: { value: 20, unit: 'mg' } });
    expect(drug?.dosages[0]).toMatchObject({ dose: { value: 20, unit: 'mg' }, interval: { value: 1, unit: 'd' }, startDate: '200807', endDate: '20081006', route: 'PER ORAL', form: 'TABLET' });
    expect(drug?.indications[0]).toMatchObject({ text: 'HYPERLIPIDAEMIA', term: { code: '10062060', version: '15' } });
    expect(icsr.narrative.narrative).toMatch(/^An 81-year-old female patient/);
    // Only the literature's attached document (B64) is not mapped: kept as it was.
    expect(unmapped.map((u) => u.path)).toEqual(['/PORR_IN049016UV/controlActProcess/subject/investigationEvent/reference/document/text']);
    expect(unmapped[0]?.xml).toContain('representation="B64"');
  });

  it('ICH 2-x (Health Canada follow-up): a masked patient name stays a nullFlavor, and nothing is left unmapped', async () => {
    const { reports } = await parseFile(ICH[1] as string);
    const { icsr, unmapped } = reports[0] as ParsedReport;
    expect(icsr.report.safetyReportId).toBe('CA-HCPOSTMARKET-F000789012');
    expect(icsr.patient.name).toEqual({ nullFlavor: 'MSK' });
    expect(icsr.primarySources.some((s) => s.givenName === 'George' && s.familyName === 'Lanois')).toBe(true);
    expect(unmapped).toEqual([]);
  });

  it('a CR-only file (FDA scenario 5-1) reads as well as a CRLF one', async () => {
    const { reports } = await parseFile(FDA[4] as string);
    expect(reports[0]?.icsr.report.safetyReportId).toBe('US-APHARMA-234545656');
  });
});

describe('files that are refused, each with a Spanish reason', () => {
  it('an external entity (XXE) is never resolved: the DOCTYPE is refused and /etc/passwd is not read', async () => {
    const path = await write(
      'xxe.xml',
      `<?xml version="1.0"?>\n<!DOCTYPE MCCI_IN200100UV01 [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n${MINIMAL('<id extension="&xxe;"/>')}`,
    );
    const error = await refusal(path);
    expect(error.message).toMatch(/DTD/);
    expect(error.message).not.toContain('root:');
  });

  it('billion laughs is refused before any entity is expanded, quickly', async () => {
    const entities = Array.from({ length: 10 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    const path = await write('lol.xml', `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol0 "lol">${entities}]>\n${MINIMAL('<id extension="&lol10;"/>')}`);
    const started = Date.now();
    const error = await refusal(path);
    expect(error.message).toMatch(/DTD/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('an undeclared entity is a syntax error with its line', async () => {
    const path = await write('entity.xml', MINIMAL('\n\n<id extension="&foo;"/>'));
    const error = await refusal(path);
    expect(error.message).toMatch(/^El XML no está bien formado \(línea 3/);
  });

  it('a 50 MB file is refused by its size before it is read', async () => {
    const path = join(dir, 'big.xml');
    const handle = await open(path, 'w');
    await handle.truncate(50 * 1024 * 1024);
    await handle.close();
    const started = Date.now();
    const error = await refusal(path);
    expect(error.message).toMatch(/supera el tamaño máximo de un lote E2B\(R3\) \(40 MB\)/);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('deep nesting is refused at the depth limit, without building the tree', async () => {
    const depth = 100_000;
    const path = await write('deep.xml', MINIMAL(`${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`));
    const before = process.memoryUsage().heapUsed;
    const started = Date.now();
    const error = await refusal(path);
    expect(error.message).toMatch(new RegExp(`anidados a más de ${E2B_READ_LIMITS.maxDepth} niveles`));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('a file that is not UTF-8, or declares another encoding, is refused', async () => {
    const latin1 = await write('latin1.xml', Buffer.concat([Buffer.from(MINIMAL('<id extension="')), Buffer.from([0xe9]), Buffer.from('"/>')]));
    expect((await refusal(latin1)).message).toBe('El archivo no está codificado en UTF-8, como exige E2B(R3)');
    const declared = await write('declared.xml', MINIMAL('').replace('UTF-8', 'ISO-8859-1'));
    expect((await refusal(declared)).message).toMatch(/declara la codificación ISO-8859-1/);
  });

  it('an acknowledgement, another root, or a batch without reports is refused', async () => {
    expect((await refusal(example('fda-faers-2022', 'R3ack-positive.ack'))).message).toMatch(/acuse de recibo/);
    expect((await refusal(await write('other.xml', '<html><body/></html>'))).message).toMatch(/su elemento raíz es html/);
    expect((await refusal(await write('empty.xml', MINIMAL('<id root="x"/>')))).message).toBe('El lote no contiene ningún informe (PORR_IN049016UV)');
  });

  it('a syntax error in a CR-only file names its line', async () => {
    const path = await write('cr.xml', MINIMAL('\r<PORR_IN049016UV>\r<id>\r</PORR_IN049016UV>').replace('?>', '?>\r'));
    // Line 1 the declaration, 2 the batch, 3 the report, 4 <id>, 5 the report's end tag that does not close <id>.
    expect((await refusal(path)).message).toMatch(/^El XML no está bien formado \(línea 5, columna \d+\): unexpected close tag/);
  });
});

describe('batches', () => {
  it('a batch of many reports, on one very long line, yields each report in order', async () => {
    const report = (n: number) =>
      `<PORR_IN049016UV><id extension="MSG-${n}" root="2.16.840.1.113883.3.989.2.1.3.1"/><controlActProcess><subject><investigationEvent><id extension="R-${n}" root="2.16.840.1.113883.3.989.2.1.3.1"/><text>${'x'.repeat(2_000)}</text></investigationEvent></subject></controlActProcess></PORR_IN049016UV>`;
    const count = 1_000;
    const path = await write('many.xml', MINIMAL(Array.from({ length: count }, (_, i) => report(i + 1)).join('')));
    const { reports } = await parseFile(path);
    expect(reports).toHaveLength(count);
    expect(reports.map((r) => r.icsr.report.safetyReportId).slice(0, 3)).toEqual(['R-1', 'R-2', 'R-3']);
    expect(reports[count - 1]?.header.messageId).toBe(`MSG-${count}`);
    // A report without reactions or drugs is read, and says what it lacks.
    expect(reports[0]?.problems).toContain('E.i Reacción / acontecimiento: el informe no tiene ninguna');
  });

  it('more reports than the limit are refused', async () => {
    const path = await write('over.xml', MINIMAL('<PORR_IN049016UV/>'.repeat(3)));
    const batch = readE2bBatch(path, { ...E2B_READ_LIMITS, maxReports: 2 });
    await expect(
      (async () => {
        for await (const _ of batch) void _;
      })(),
    ).rejects.toThrow('El lote tiene más de 2 informes: divídalo en lotes más pequeños');
  });
});

describe('the official schema', () => {
  const schemaCheck = xsdSchemaCheck(e2bXsdDir());

  it.each([
    ['modified-1-1_xsd-invalid_effectiveTime.xml', 440],
    ['modified-1-1_xsd-invalid_outboundRelationship2.xml', 778],
  ])('%s is refused with the schema message and its line (%i)', async (name, line) => {
    const error = await parseBatchFile(example('negative', name), { schemaCheck }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(E2bReadError);
    expect((error as E2bReadError).line).toBe(line);
    expect((error as E2bReadError).message).toMatch(new RegExp(`^El archivo no cumple el esquema ICH E2B\\(R3\\) \\(línea ${line}\\): Element '\\{urn:hl7-org:v3\\}`));
  });

  it.each([...FDA, ...ICH].map((path) => [path.split('/').pop(), path]))('%s passes the schema and is read', async (_name, path) => {
    const read = await parseBatchFile(path as string, { schemaCheck });
    expect(read.schemaChecked).toBe(true);
    expect(read.reports).toHaveLength(1);
  });
});
