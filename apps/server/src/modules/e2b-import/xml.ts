import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { MSG } from '@atalaya/domain';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

/**
 * The safe reader of an E2B(R3) batch (docs/e2b-import.md 'Reading the file'). A streaming
 * parser (saxes) that never reads a DTD: a `<!DOCTYPE` ends the read at once, so no entity is
 * ever declared, expanded or fetched (XXE, billion laughs); only the five predefined entities
 * and character references exist. The file's size, the nesting depth, the elements of a report
 * and the reports of a batch are bounded, and the file must be UTF-8 (E2B(R3) says so). Each
 * PORR_IN049016UV is handed over as soon as its end tag is read and then dropped, so memory
 * holds one report at a time, whatever the batch's size.
 */

export const HL7_NS = 'urn:hl7-org:v3';
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';

export const E2B_READ_LIMITS = {
  /** 40 MiB: a batch of some 1,000 reports of FDA's size; a larger one is split by the sender. */
  maxBytes: 40 * 1024 * 1024,
  /** An ICSR nests about 23 levels (FDA's scenario 6, every element); 64 leaves room. */
  maxDepth: 64,
  /** FDA's scenario 6 (every element) has about 1,050. */
  maxElementsPerReport: 50_000,
  maxReports: 10_000,
} as const;

export type E2bReadLimits = { -readonly [K in keyof typeof E2B_READ_LIMITS]: number };

/** An element as read: its local name, attributes by qualified name, children and text. */
export interface XmlElement {
  name: string;
  /** Its namespace URI ('' when none). */
  ns: string;
  /** Attributes by their qualified name as written ('value', 'xsi:type'); namespace declarations left out. */
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (entities resolved), '' when none; the whitespace between child elements is dropped. */
  text: string;
  /** The line of its start tag (1-based). */
  line: number;
}

/** The file was refused: a Spanish reason, and the line when it concerns one. */
export class E2bReadError extends Error {
  constructor(
    message: string,
    readonly line: number | null = null,
  ) {
    super(message);
    this.name = 'E2bReadError';
  }
}

export interface E2bBatchRead {
  /** The batch wrapper's own elements (N.1), without the reports. */
  header: XmlElement;
  /** How many reports were read. */
  reports: number;
}

const CHUNK_BYTES = 64 * 1024;

/** 'xsi:type' → ['xsi', 'type']; 'value' → ['', 'value']. */
function splitName(name: string): [string, string] {
  const colon = name.indexOf(':');
  return colon < 0 ? ['', name] : [name.slice(0, colon), name.slice(colon + 1)];
}

/**
 * Reads the batch at `path` and yields each report element (PORR_IN049016UV) in order; returns
 * the batch's header. Throws `E2bReadError` (Spanish) on anything refused.
 */
export async function* readE2bBatch(path: string, limits: E2bReadLimits = { ...E2B_READ_LIMITS }): AsyncGenerator<XmlElement, E2bBatchRead> {
  const { size } = await stat(path);
  if (size > limits.maxBytes) throw new E2bReadError(MSG.e2bImport.tooLarge(String(Math.round(limits.maxBytes / (1024 * 1024)))));

  // Namespaces are resolved here, not by saxes: its own resolution walks the whole open-tag
  // stack at each tag (quadratic in the depth), which a deeply nested file would exploit.
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: XmlElement[] = [];
  const scopes: Record<string, string>[] = [];
  const ready: XmlElement[] = [];
  let header: XmlElement | null = null;
  let reportElements = 0;
  let reports = 0;
  let failure: E2bReadError | null = null;
  const fail = (error: E2bReadError) => {
    failure ??= error;
  };

  parser.on('error', (error) => fail(new E2bReadError(MSG.e2bImport.malformed(parser.line, parser.column + 1, error.message.replace(/^(\S*:)?\d+:\d+: /, '')), parser.line)));
  parser.on('doctype', () => fail(new E2bReadError(MSG.e2bImport.doctype, parser.line)));
  parser.on('xmldecl', (decl) => {
    const encoding = decl.encoding?.trim();
    if (encoding && !/^utf-?8$/i.test(encoding)) fail(new E2bReadError(MSG.e2bImport.encoding(encoding), parser.line));
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (failure) return;
    const depth = stack.length + 1;
    if (depth > limits.maxDepth) return fail(new E2bReadError(MSG.e2bImport.tooDeep(limits.maxDepth, parser.line), parser.line));
    let scope = scopes[scopes.length - 1] ?? {};
    const declared = Object.entries(tag.attributes).filter(([name]) => name === 'xmlns' || name.startsWith('xmlns:'));
    if (declared.length > 0) {
      scope = { ...scope };
      for (const [name, value] of declared) scope[name === 'xmlns' ? '' : name.slice('xmlns:'.length)] = value;
    }
    const [prefix, local] = splitName(tag.name);
    const element: XmlElement = { name: local, ns: scope[prefix] ?? '', attrs: {}, children: [], text: '', line: parser.line };
    for (const [name, value] of Object.entries(tag.attributes)) {
      if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
      const [attributePrefix, attributeLocal] = splitName(name);
      // xsi:type is read by its namespace, whatever prefix the file gives it.
      element.attrs[attributePrefix && scope[attributePrefix] === XSI_NS ? `xsi:${attributeLocal}` : name] = value;
    }
    if (depth === 1) {
      if (element.name === 'MCCI_IN200101UV01' && element.ns === HL7_NS) return fail(new E2bReadError(MSG.e2bImport.isAck, parser.line));
      if (element.name !== 'MCCI_IN200100UV01' || element.ns !== HL7_NS) return fail(new E2bReadError(MSG.e2bImport.notBatch(element.ns ? `{${element.ns}}${element.name}` : element.name), parser.line));
      header = element;
    } else {
      const parent = stack[stack.length - 1];
      const isReport = depth === 2 && element.name === 'PORR_IN049016UV';
      if (isReport) {
        reportElements = 0;
        reports += 1;
        if (reports > limits.maxReports) return fail(new E2bReadError(MSG.e2bImport.tooManyReports(limits.maxReports.toLocaleString('es-UY'))));
      } else if (parent) {
        parent.children.push(element);
      }
      if (++reportElements > limits.maxElementsPerReport) return fail(new E2bReadError(MSG.e2bImport.tooManyElements(limits.maxElementsPerReport.toLocaleString('es-UY')), parser.line));
    }
    stack.push(element);
    scopes.push(scope);
  });
  const onText = (text: string) => {
    const current = stack[stack.length - 1];
    if (current && !failure) current.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    if (failure) return;
    const element = stack.pop();
    scopes.pop();
    if (!element) return;
    if (element.children.length > 0 && element.text.trim() === '') element.text = '';
    if (stack.length === 1 && element.name === 'PORR_IN049016UV') ready.push(element);
  });

  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const decode = (chunk?: Buffer): string => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw new E2bReadError(MSG.e2bImport.notUtf8);
    }
  };
  const stream = createReadStream(path, { highWaterMark: CHUNK_BYTES });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      parser.write(decode(chunk));
      if (failure) throw failure;
      while (ready.length > 0) yield ready.shift() as XmlElement;
    }
    const rest = decode();
    if (rest) parser.write(rest);
    parser.close();
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift() as XmlElement;
  } finally {
    stream.destroy();
  }
  if (!header) throw new E2bReadError(MSG.e2bImport.notBatch('(ninguno)'));
  if (reports === 0) throw new E2bReadError(MSG.e2bImport.noReports);
  return { header, reports };
}

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');

/**
 * The element as XML (its namespace declared on it, so the fragment stands alone): what the
 * import keeps verbatim of an element it could not map, and of the whole report.
 */
export function serializeElement(element: XmlElement, declareNamespaces = true): string {
  let out = `<${element.name}`;
  if (declareNamespaces) out += ` xmlns="${element.ns || HL7_NS}" xmlns:xsi="${XSI_NS}"`;
  for (const [name, value] of Object.entries(element.attrs)) out += ` ${name}="${escapeAttribute(value)}"`;
  if (element.children.length === 0 && element.text === '') return `${out}/>`;
  out += '>';
  out += escapeText(element.text);
  for (const child of element.children) out += serializeElement(child, false);
  return `${out}</${element.name}>`;
}
