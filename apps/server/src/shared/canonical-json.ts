import { createHash } from 'node:crypto';

/** A JSON value as it is hashed: what `canonicalJson` accepts. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * The canonical JSON text of a value: object keys sorted (by code unit) at every level, no
 * whitespace. The same value always gives the same text, whatever the order its keys were
 * written in or how a jsonb column gave it back.
 */
export function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] as JsonValue)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 of a text (UTF-8), in lowercase hex. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
