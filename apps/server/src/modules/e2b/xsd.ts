import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ParseOption, XmlDocument, XmlError, XmlLibError, XsdValidator, type ErrorDetail } from 'libxml2-wasm';
import { xmlRegisterFsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';

/**
 * The official ICH ICSR schema (libxml2 as WebAssembly). Each schema is compiled once per process
 * (about a second for the 167 files of the set) and kept: every later validation reuses it.
 */

/** The batch's entry point inside the ICH schema folder. */
export const BATCH_SCHEMA = 'multicacheschemas/MCCI_IN200100UV01.xsd';
/** The acknowledgement's entry point. */
export const ACK_SCHEMA = 'multicacheschemas/MCCI_IN200101UV01.xsd';

/** One problem the schema found: where (line, column; 0 when libxml2 does not know) and libxml2's message. */
export interface XsdProblem {
  line: number;
  column: number;
  message: string;
}

/** No network, no external entities, no entity expansion: a document is only what it says. */
const SAFE_PARSE = ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE;

let providersRegistered = false;
const validators = new Map<string, XsdValidator>();

/** The compiled schema `entry` of the folder `dir`, compiled on first use. Throws when the folder does not hold it. */
function validatorFor(dir: string, entry: string): XsdValidator {
  const path = join(dir, entry);
  const cached = validators.get(path);
  if (cached) return cached;
  if (!providersRegistered) {
    // The schema's xs:include / xs:import are read from the disk, relative to the entry's path.
    xmlRegisterFsInputProviders();
    providersRegistered = true;
  }
  const schemaDoc = XmlDocument.fromBuffer(readFileSync(path), { url: path, option: SAFE_PARSE });
  try {
    const validator = XsdValidator.fromDoc(schemaDoc);
    validators.set(path, validator);
    return validator;
  } finally {
    schemaDoc.dispose();
  }
}

/** Compiles the schema now (at start, so that the first export does not wait). */
export function preloadSchema(dir: string, entry: string = BATCH_SCHEMA): void {
  validatorFor(dir, entry);
}

/** An ICSR never carries a DTD: one (entities, external references) is refused before parsing. */
export const DOCTYPE_REFUSED = 'DOCTYPE not allowed in an ICSR document';

/** The line of a `<!DOCTYPE` declaration, or null. */
function doctypeLine(xml: string | Uint8Array): number | null {
  const text = typeof xml === 'string' ? xml : Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength).toString('latin1');
  const at = text.search(/<!DOCTYPE/i);
  if (at < 0) return null;
  return text.slice(0, at).split(/\r\n|\r|\n/).length;
}

function problemsOf(details: readonly ErrorDetail[]): XsdProblem[] {
  return details.map((detail) => ({ line: detail.line, column: detail.col, message: detail.message.trim() }));
}

/**
 * Validates an XML document against the schema `entry` of the ICH folder `dir`: the problems, with
 * their line numbers; an empty list when the document is valid. A document that is not even
 * well-formed XML answers its parse errors.
 */
export function validateXml(xml: string | Uint8Array, dir: string, entry: string = BATCH_SCHEMA): XsdProblem[] {
  const validator = validatorFor(dir, entry);
  const doctype = doctypeLine(xml);
  if (doctype !== null) return [{ line: doctype, column: 0, message: DOCTYPE_REFUSED }];
  let doc: XmlDocument;
  try {
    doc = typeof xml === 'string' ? XmlDocument.fromString(xml, { option: SAFE_PARSE }) : XmlDocument.fromBuffer(xml, { option: SAFE_PARSE });
  } catch (error) {
    if (error instanceof XmlLibError) return problemsOf(error.details);
    throw error;
  }
  try {
    validator.validate(doc);
    return [];
  } catch (error) {
    if (error instanceof XmlLibError) return problemsOf(error.details);
    if (error instanceof XmlError) return [{ line: 0, column: 0, message: error.message }];
    throw error;
  } finally {
    doc.dispose();
  }
}
