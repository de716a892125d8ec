import { readFile } from 'node:fs/promises';
import { validateXml } from '../e2b/index.js';
import type { SchemaCheck } from './batch.js';

/**
 * The ICH schema check of an imported batch: the export's validator (libxml2-wasm, the schema
 * compiled once per process, no network, no external entities), its first problem with its
 * line. Only called on a file the safe reader already accepted (size, no DTD, depth).
 */
export function xsdSchemaCheck(xsdDir: string): SchemaCheck {
  return async (path) => {
    const [problem] = validateXml(await readFile(path), xsdDir);
    return problem ? { line: problem.line, message: problem.message } : null;
  };
}
