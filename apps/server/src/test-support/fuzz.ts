import { ROLES, type Role } from '@atalaya/domain';
import fc from 'fast-check';

/**
 * Bad requests generated from the OpenAPI document, for the property-based fuzz test
 * (src/http/fuzz.test.ts, docs/testing-fuzz.md). Every route with a body, query or path
 * parameters gets an arbitrary of requests: a valid-shaped example of its schema with one
 * to three mutations (wrong types, missing fields, huge strings, NUL, bad dates, ids out of
 * range, malformed JSON, wrong content types, deep nesting, malformed multipart…).
 */

/** The part of JSON Schema (as the zod transform writes it) that the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  $ref?: string;
}

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  description?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Who may call a route, read back from the `Roles: …` description the OpenAPI transform writes. */
export type FuzzRoles = 'public' | 'authenticated' | Role[];

export interface FuzzParam {
  name: string;
  schema: JsonSchema;
}

export interface FuzzRoute {
  method: string;
  /** The OpenAPI path, `/api/getERByMeta/{meta}`. */
  path: string;
  roles: FuzzRoles;
  pathParams: FuzzParam[];
  queryParams: FuzzParam[];
  body: { contentType: string; schema: JsonSchema; required: boolean } | null;
}

/** One generated request, ready for `app.inject`. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The role of the signed-in user who sends it (one the route allows); null: no sign-in (public routes only). */
  as: Role | null;
  /**
   * True when the request is certainly invalid (its schema, the ISO-date rule or the NUL rule
   * refuses it): the answer must be 4xx. Otherwise (a free-text path parameter, say) it may
   * be answered 2xx, never 5xx.
   */
  mustRefuse: boolean;
  /** What was done to the example, for the failure report. */
  mutations: string[];
}

const ROLE_LIST: readonly string[] = ROLES;

function rolesOf(operation: OpenApiOperation): FuzzRoles {
  const match = /^Roles: (.*)$/.exec(operation.description ?? '');
  if (!match?.[1]) return 'public';
  if (match[1].startsWith('cualquier usuario')) return 'authenticated';
  const roles = match[1].split(',').map((role) => role.trim());
  for (const role of roles) if (!ROLE_LIST.includes(role)) throw new Error(`Unknown role ${role} in "${operation.description}"`);
  return roles as Role[];
}

/** Every route of the document that takes a body, query or path parameters. */
export function fuzzRoutes(document: OpenApiDocument): FuzzRoute[] {
  const resolve = (schema: JsonSchema | undefined): JsonSchema => resolveRefs(schema ?? {}, document.components?.schemas ?? {}, 0);
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const param = (where: string): FuzzParam[] =>
        parameters.filter((p) => p.in === where).map((p) => ({ name: p.name, schema: resolve(p.schema) }));
      const content = operation.requestBody ? Object.entries(operation.requestBody.content)[0] : undefined;
      const route: FuzzRoute = {
        method: method.toUpperCase(),
        path,
        roles: rolesOf(operation),
        pathParams: param('path'),
        queryParams: param('query'),
        body: content ? { contentType: content[0], schema: resolve(content[1].schema), required: operation.requestBody?.required ?? false } : null,
      };
      if (route.body || route.pathParams.length > 0 || route.queryParams.length > 0) routes.push(route);
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

function resolveRefs(schema: JsonSchema, components: Record<string, JsonSchema>, depth: number): JsonSchema {
  if (depth > 20) return schema;
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = components[name];
    if (!target) throw new Error(`Unresolved ${schema.$ref}`);
    return resolveRefs(target, components, depth + 1);
  }
  const out: JsonSchema = { ...schema };
  if (schema.properties) {
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, resolveRefs(v, components, depth + 1)]));
  }
  if (schema.items) out.items = resolveRefs(schema.items, components, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = schema[key];
    if (list) out[key] = list.map((s) => resolveRefs(s, components, depth + 1));
  }
  return out;
}

// ---------------------------------------------------------------- schema reading

function typesOf(schema: JsonSchema): string[] {
  if (schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** The non-null alternatives of a schema (anyOf / oneOf / a type list with null). */
function alternatives(schema: JsonSchema): JsonSchema[] {
  const list = schema.anyOf ?? schema.oneOf;
  if (list) return list.flatMap(alternatives);
  if (schema.allOf) return [Object.assign({}, ...schema.allOf) as JsonSchema];
  const types = typesOf(schema);
  if (types.length > 1) return types.filter((t) => t !== 'null').map((type) => ({ ...schema, type }));
  return typesOf(schema)[0] === 'null' ? [] : [schema];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** A field that holds a date, by its format or its name (`Fecha…`, `from`, `to`, `…Date`). */
function isDateField(name: string, schema: JsonSchema): boolean {
  if (schema.format === 'date' || schema.format === 'date-time') return true;
  return /^(fecha|from$|to$|date$)|(Fecha|Date)[A-Z]?\w*$|^(desde|hasta)$/i.test(name) && !/^(Date DESC|Date ASC)$/.test(name);
}

function matchesPattern(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return new RegExp(pattern).test(value);
  }
}

const STRING_CANDIDATES = ['abc', 'a', 'prueba@ejemplo.com', '2026-01-15', '2026-01-15T10:00:00.000Z', '1', 'UY', 'Date DESC', 'abc-123', 'A', 'ABC'];

/**
 * Values of real records, by field name in lower case (`meta`, `ider`…): an example that names
 * an existing case gets past the "unknown case" 404 into the route's own checks.
 */
export type FuzzHints = Readonly<Record<string, string | number>>;

/** A valid-shaped value of a schema (a hinted value, the first option of a choice, the smallest allowed number). */
export function exampleOf(schema: JsonSchema, name = '', hints: FuzzHints = {}): unknown {
  const hint = hints[name.toLowerCase()];
  if (hint !== undefined && conforms(schema, hint)) return hint;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const options = alternatives(schema);
  const chosen = options[0];
  if (!chosen) return null;
  if (chosen.const !== undefined) return chosen.const;
  if (chosen.enum && chosen.enum.length > 0) return chosen.enum[0];
  switch (typesOf(chosen)[0]) {
    case 'string': {
      if (chosen.format === 'date') return '2026-01-15';
      if (chosen.format === 'date-time') return '2026-01-15T10:00:00.000Z';
      if (chosen.format === 'email') return 'prueba@ejemplo.com';
      if (isDateField(name, chosen)) return '2026-01-15';
      const min = chosen.minLength ?? 0;
      const max = chosen.maxLength ?? Infinity;
      const fits = (value: string) =>
        value.length >= min && value.length <= max && (!chosen.pattern || matchesPattern(chosen.pattern, value));
      return STRING_CANDIDATES.find(fits) ?? 'a'.repeat(Math.max(1, min));
    }
    case 'integer':
    case 'number': {
      const low = chosen.minimum ?? (chosen.exclusiveMinimum !== undefined ? Math.floor(chosen.exclusiveMinimum) + 1 : 1);
      return Math.min(Math.max(low, 1), chosen.maximum ?? Infinity);
    }
    case 'boolean':
      return true;
    case 'array': {
      const item = chosen.items ? exampleOf(chosen.items, name, hints) : 'a';
      return Array.from({ length: Math.max(1, chosen.minItems ?? 1) }, () => item);
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(chosen.properties ?? {})) out[key] = exampleOf(prop, key, hints);
      return out;
    }
    default:
      return 'abc';
  }
}

/** True when `value` satisfies `schema` (the keywords above; formats only for dates). */
export function conforms(schema: JsonSchema, value: unknown, name = ''): boolean {
  if (schema.const !== undefined && value !== schema.const) return false;
  if (schema.enum && !schema.enum.some((option) => option === value)) return false;
  const list = schema.anyOf ?? schema.oneOf;
  if (list) return list.some((option) => conforms(option, value, name));
  if (schema.allOf && !schema.allOf.every((option) => conforms(option, value, name))) return false;
  const types = typesOf(schema);
  if (types.length > 0 && !types.some((type) => hasType(type, value))) return false;
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && [...value].length < schema.minLength) return false;
    if (schema.maxLength !== undefined && [...value].length > schema.maxLength) return false;
    if (schema.pattern && !matchesPattern(schema.pattern, value)) return false;
    if (schema.format === 'date' && !ISO_DATE.test(value)) return false;
    if (schema.format === 'date-time' && !ISO_DATE_TIME.test(value)) return false;
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return false;
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return false;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return false;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
    if (schema.items && !value.every((item) => conforms(schema.items as JsonSchema, item, name))) return false;
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in record)) return false;
    for (const [key, item] of Object.entries(record)) {
      const prop = schema.properties?.[key];
      if (prop) {
        if (!conforms(prop, item, key)) return false;
      } else if (schema.additionalProperties === false) {
        return false;
      }
    }
  }
  return true;
}

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    default:
      return true;
  }
}

/** A request that breaks a rule no schema states: a NUL anywhere, or a date field that is not ISO 8601. */
function breaksUnwrittenRule(value: unknown, name = '', schema?: JsonSchema): boolean {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return true;
    return schema !== undefined && isDateField(name, schema) && value !== '' && !ISO_DATE.test(value) && !ISO_DATE_TIME.test(value);
  }
  if (Array.isArray(value)) return value.some((item) => breaksUnwrittenRule(item, name, schema?.items));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || breaksUnwrittenRule(item, key, schema && propertyOf(schema, key)));
  }
  return false;
}

function propertyOf(schema: JsonSchema, key: string): JsonSchema | undefined {
  for (const option of [schema, ...alternatives(schema)]) {
    const prop = option.properties?.[key];
    if (prop) return prop;
  }
  return undefined;
}

// ---------------------------------------------------------------- bad values

/** Strings a careless client or an attacker sends for a date. */
const BAD_DATES = ['03/04/2026', 'ayer 5', '2026-02-30', '2026-13-01', '2026-00-10', '0000-00-00', '15-01-2026', '2026/01/15', 'Jan 15 2026', '2026-1-5', '99999-01-01', '2026-01-15T25:61:00Z', 'NaN', '1e10', 'now', '2026-01-15x'];
const BAD_INTEGER_TEXTS = ['abc', '1.5', '2147483648', '-2147483649', '9007199254740993', '99999999999999999999999', '-1', '0', '1e3', '0x10', ' 1', '1 ', '+1', 'NaN', 'Infinity', '١٢', '１'];
const BAD_NUMBERS = [2147483648, -2147483649, 2 ** 53 + 2, 1e300, -1, 0, 1.5, -0.5];
const WRONG_TYPES: unknown[] = [123, -1, 1.5, true, false, null, {}, [], 'texto', ['a', 1], { a: 1 }, '', '0'];

function hugeString(): fc.Arbitrary<string> {
  return fc.constantFrom(2_001, 10_000, 70_000, 300_000).map((length) => 'x'.repeat(length));
}

/**
 * Nested arrays or objects, `depth` deep. Kept as a placeholder string while the example is
 * mutated (cloning thousands of levels would overflow the stack) and expanded in the JSON text.
 */
function deeplyNested(depth: number, asObject: boolean): string {
  return `${DEEP_MARK}${asObject ? 'o' : 'a'}${depth}`;
}

const DEEP_MARK = '__fuzz_deep_';

/** The JSON text with every deep-nesting placeholder expanded. */
function expandDeep(json: string): string {
  return json.replace(new RegExp(`"${DEEP_MARK}([oa])(\\d+)"`, 'g'), (_, kind: string, depth: string) => {
    const n = Number(depth);
    return kind === 'o' ? `${'{"a":'.repeat(n)}"fondo"${'}'.repeat(n)}` : `${'['.repeat(n)}"fondo"${']'.repeat(n)}`;
  });
}

/** Values that are wrong for a field of this schema (most of them; conformance is checked after). */
function badValue(schema: JsonSchema, name: string): fc.Arbitrary<[unknown, string]> {
  const options = alternatives(schema);
  const types = new Set(options.flatMap(typesOf));
  const out: fc.Arbitrary<[unknown, string]>[] = [
    fc.constantFrom(...WRONG_TYPES).map((v): [unknown, string] => [v, `wrong type ${JSON.stringify(v)}`]),
    fc.tuple(fc.constantFrom(20, 2_000), fc.boolean()).map(([depth, asObject]): [unknown, string] => [deeplyNested(depth, asObject), `${asObject ? 'objects' : 'arrays'} ${depth} deep`]),
  ];
  if (types.has('string') || types.size === 0) {
    const maxLength = Math.max(...options.map((o) => o.maxLength ?? 0));
    out.push(
      hugeString().map((s): [unknown, string] => [s, `string of ${s.length}`]),
      fc.constantFrom('a\u0000b', '\u0000', 'abc\u0000').map((s): [unknown, string] => [s, 'NUL in string']),
      fc.constantFrom('', ' ', '🙂'.repeat(3), "'; drop table users; --", '<script>alert(1)</script>', '%00', '\\', '\ud800').map((s): [unknown, string] => [s, `odd string ${JSON.stringify(s)}`]),
      fc.constantFrom('no-es-un-valor', 'DATE desc', 'Date DESC; --').map((s): [unknown, string] => [s, `not in enum ${s}`]),
    );
    if (maxLength > 0) out.push(fc.constant<[unknown, string]>(['y'.repeat(maxLength + 1), `maxLength ${maxLength} + 1`]));
    if (isDateField(name, schema) || options.some((o) => o.format === 'date' || o.format === 'date-time')) {
      out.push(fc.constantFrom(...BAD_DATES).map((s): [unknown, string] => [s, `bad date ${s}`]));
      out.push(fc.constantFrom(...BAD_DATES).map((s): [unknown, string] => [s, `bad date ${s}`]));
    }
    if (/id$|^id|meta|^er|event/i.test(name)) out.push(fc.constantFrom(...BAD_INTEGER_TEXTS).map((s): [unknown, string] => [s, `bad id text ${s}`]));
  }
  if (types.has('integer') || types.has('number')) {
    out.push(fc.constantFrom(...BAD_NUMBERS).map((n): [unknown, string] => [n, `number ${n}`]));
    out.push(fc.constantFrom(...BAD_INTEGER_TEXTS).map((s): [unknown, string] => [s, `numeric text ${s}`]));
    out.push(fc.constantFrom(...BAD_INTEGER_TEXTS).map((s): [unknown, string] => [s, `numeric text ${s}`]));
  }
  if (types.has('array')) out.push(fc.constant<[unknown, string]>([Array.from({ length: 5_000 }, () => 1), 'array of 5000']));
  return fc.oneof(...out);
}

// ---------------------------------------------------------------- body mutations

type Path = (string | number)[];

interface Slot {
  path: Path;
  schema: JsonSchema;
  name: string;
  /** Required in its parent object. */
  required: boolean;
}

/** Every field of a valid-shaped example, with its schema. */
function slotsOf(schema: JsonSchema, value: unknown, path: Path = [], name = '', required = true): Slot[] {
  const slots: Slot[] = path.length > 0 ? [{ path, schema, name, required }] : [];
  const chosen = alternatives(schema)[0] ?? schema;
  if (Array.isArray(value) && chosen.items) {
    value.forEach((item, index) => slots.push(...slotsOf(chosen.items as JsonSchema, item, [...path, index], name, true)));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const prop = chosen.properties?.[key];
      if (prop) slots.push(...slotsOf(prop, item, [...path, key], key, (chosen.required ?? []).includes(key)));
    }
  }
  return slots;
}

/** The parent of the value at `path` in a copy of `root`, or null when the path is gone (an earlier mutation replaced it). */
function parentIn(copy: unknown, path: Path): Record<string | number, unknown> | null {
  let node: unknown = copy;
  for (const key of path.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return null;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>) : null;
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy: unknown = structuredClone(root);
  const parent = parentIn(copy, path);
  if (parent) parent[path[path.length - 1] as string | number] = value;
  return copy;
}

function deleteAt(root: unknown, path: Path): unknown {
  const copy: unknown = structuredClone(root);
  const parent = parentIn(copy, path);
  const last = path[path.length - 1] as string | number;
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else if (parent) delete parent[last];
  return copy;
}

type BodyMutation = (value: unknown) => [unknown, string];

function bodyMutations(schema: JsonSchema, example: unknown): fc.Arbitrary<BodyMutation> {
  const slots = slotsOf(schema, example);
  const out: fc.Arbitrary<BodyMutation>[] = [
    fc.tuple(fc.string({ maxLength: 12 }), hugeString()).map(
      ([key, text]): BodyMutation =>
        (value) => [value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value, [`extra${key}`]: text } : value, `extra field of ${text.length}`],
    ),
    fc.constantFrom<BodyMutation>(
      (value) => [[value], 'array at the root'],
      () => [[], 'empty array at the root'],
      () => [{}, 'empty object'],
      () => [null, 'null body'],
      () => [42, 'number at the root'],
      () => ['texto', 'string at the root'],
      () => [deeplyNested(3_000, true), 'objects 3000 deep'],
      () => [deeplyNested(3_000, false), 'arrays 3000 deep'],
    ),
  ];
  if (slots.length > 0) {
    const slot = fc.constantFrom(...slots);
    out.push(
      slot.chain((s) => badValue(s.schema, s.name).map((bad): BodyMutation => (value) => [setAt(value, s.path, bad[0]), `${s.path.join('.')}: ${bad[1]}`])),
      slot.chain((s) => badValue(s.schema, s.name).map((bad): BodyMutation => (value) => [setAt(value, s.path, bad[0]), `${s.path.join('.')}: ${bad[1]}`])),
      slot.map((s): BodyMutation => (value) => [deleteAt(value, s.path), `${s.path.join('.')} removed`]),
    );
    const required = slots.filter((s) => s.required && typeof s.path[s.path.length - 1] === 'string');
    if (required.length > 0) {
      out.push(fc.constantFrom(...required).map((s): BodyMutation => (value) => [deleteAt(value, s.path), `required ${s.path.join('.')} removed`]));
    }
  }
  return fc.oneof(...out);
}

/** Raw bodies that are not the JSON they claim to be: these are always refused. */
function rawJsonBody(exampleText: string): fc.Arbitrary<{ payload: string; contentType: string | null; what: string }> {
  return fc.oneof(
    fc
      .integer({ min: 1, max: Math.max(1, exampleText.length - 1) })
      .map((cut) => ({ payload: exampleText.slice(0, cut), contentType: 'application/json', what: `JSON cut at ${cut}` })),
    fc.constantFrom('{', '{"a":', "{'a': 1}", '{a:1}', 'NaN', 'undefined', '[1,]', '{"a":1}}', '\u0000', '{"a":"\\u0000"', '\ufeff{}', '{"__proto__":{"x":1}}x').map((payload) => ({
      payload,
      contentType: 'application/json',
      what: `malformed JSON ${JSON.stringify(payload)}`,
    })),
    fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data', 'application/octet-stream', 'application/x-www-form-urlencoded', 'image/png').map((contentType) => ({
      payload: exampleText,
      contentType,
      what: `content type ${contentType}`,
    })),
    fc.constant({ payload: '', contentType: null, what: 'no body, no content type' }),
    fc.constant({ payload: `{"a":"${'x'.repeat(1_100_000)}"}`, contentType: 'application/json', what: 'body over 1 MB' }),
  );
}

// ---------------------------------------------------------------- parameters

function badParamText(param: FuzzParam): fc.Arbitrary<[string, string]> {
  const types = new Set(alternatives(param.schema).flatMap(typesOf));
  const texts = [...BAD_INTEGER_TEXTS, ...BAD_DATES, 'a\u0000b', '\u0000', '..', '%', '%zz', 'ñandú', "'", '"', ';', ' ', '-', '_'];
  const out: fc.Arbitrary<[string, string]>[] = [
    fc.constantFrom(...texts).map((s): [string, string] => [s, `${param.name}=${JSON.stringify(s)}`]),
    fc.constantFrom(65, 101, 2_000, 20_000).map((length): [string, string] => ['z'.repeat(length), `${param.name} of ${length}`]),
    fc.string({ maxLength: 20 }).map((s): [string, string] => [s, `${param.name}=${JSON.stringify(s)}`]),
  ];
  if (types.has('integer') || types.has('number')) out.push(fc.integer().map((n): [string, string] => [String(n), `${param.name}=${n}`]));
  if (isDateField(param.name, param.schema)) out.push(fc.constantFrom(...BAD_DATES).map((s): [string, string] => [s, `${param.name}=${s}`]));
  return fc.oneof(...out);
}

/** A path or query value as the route reads it: a number when the schema is numeric. */
function paramConforms(param: FuzzParam, text: string): boolean {
  if (text.includes('\u0000')) return false;
  if (isDateField(param.name, param.schema) && text !== '' && !ISO_DATE.test(text) && !ISO_DATE_TIME.test(text)) return false;
  return alternatives(param.schema).some((option) => {
    const type = typesOf(option)[0];
    if (type === 'integer' || type === 'number') {
      // As the route's coercion reads it: '+1', ' 1' or '0x10' are numbers too (lenient, not wrong).
      if (text.trim() === '') return false;
      return conforms(option, Number(text));
    }
    if (type === 'boolean') return text === 'true' || text === 'false';
    return conforms(option, text);
  });
}

function encodePathValue(text: string): string {
  // A raw '%' or '%zz' stays as typed: a malformed escape is one of the bad inputs.
  return /^%/.test(text) && text !== '%00' ? text : encodeURIComponent(text);
}

function buildUrl(route: FuzzRoute, pathValues: Record<string, string>, query: Record<string, string>): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodePathValue(pathValues[name] ?? ''));
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

// ---------------------------------------------------------------- multipart

function multipartBody(fields: [string, string][], file: Buffer | null, boundary: string, close: boolean): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="prueba.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), file, Buffer.from('\r\n'));
  }
  if (close) parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function multipartRequests(route: FuzzRoute, hints: FuzzHints): fc.Arbitrary<Pick<FuzzRequest, 'headers' | 'payload' | 'mutations'>> {
  const schema = route.body?.schema ?? {};
  const names = Object.keys(schema.properties ?? {}).filter((name) => name !== 'file');
  const example = Object.fromEntries(names.map((name) => [name, String(exampleOf(schema.properties?.[name] ?? {}, name, hints))]));
  const boundary = 'atalayafuzz';
  const fieldValue = fc.oneof(
    fc.constantFrom('a\u0000b', '', '-1', '2147483648', '1.5', 'abc', 'ñ', '03/04/2026', '2026-02-30').map((v) => [v, JSON.stringify(v)] as const),
    hugeString().map((v) => [v, `string of ${v.length}`] as const),
  );
  const wellFormed = fc
    .tuple(
      fc.subarray(names),
      names.length > 0 ? fc.constantFrom(...names) : fc.constant('idEr'),
      fieldValue,
      fc.constantFrom('with file', 'no file', 'empty file', 'two files'),
    )
    .map(([kept, target, [value, what], fileCase]) => {
      const fields: [string, string][] = kept.map((name) => [name, name === target ? value : (example[name] ?? 'abc')]);
      if (!kept.includes(target)) fields.push([target, value]);
      const file = fileCase === 'no file' ? null : fileCase === 'empty file' ? Buffer.alloc(0) : PDF_BYTES;
      let payload = multipartBody(fields, file, boundary, true);
      if (fileCase === 'two files') payload = Buffer.concat([multipartBody([], PDF_BYTES, boundary, false), payload]);
      return {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
        mutations: [`multipart fields [${kept.join(',')}], ${target}: ${what}, ${fileCase}`],
      };
    });
  const full = multipartBody(Object.entries(example), PDF_BYTES, boundary, true);
  const malformed = fc.oneof(
    fc.constantFrom(
      { contentType: 'multipart/form-data', payload: full, what: 'no boundary' },
      { contentType: `multipart/form-data; boundary=otro`, payload: full, what: 'wrong boundary' },
      { contentType: `multipart/form-data; boundary=${boundary}`, payload: multipartBody(Object.entries(example), PDF_BYTES, boundary, false), what: 'no closing boundary' },
      { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.from(`--${boundary}\r\nbasura sin cabeceras\r\n`), what: 'part without headers' },
      { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.from(''), what: 'empty multipart' },
      { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="idEr"\r\n\r\nabc`), what: 'cut inside a field' },
      { contentType: 'application/json', payload: Buffer.from(JSON.stringify(example)), what: 'JSON instead of multipart' },
      { contentType: 'text/plain', payload: Buffer.from('hola'), what: 'text instead of multipart' },
    ),
    fc.integer({ min: 1, max: full.length - 1 }).map((cut) => ({
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: full.subarray(0, cut),
      what: `multipart cut at ${cut}`,
    })),
    // Long boundaries, the body otherwise well-formed: RFC 2046 allows 70 characters, the parser's
    // search took up to 252 and threw past it (a 500 until issue 30); the lengths around each limit.
    fc.constantFrom(70, 71, 252, 253, 256, 300, 1_000, 5_000).map((length) => {
      const long = `${boundary}${'b'.repeat(length - boundary.length)}`;
      return { contentType: `multipart/form-data; boundary=${long}`, payload: multipartBody(Object.entries(example), PDF_BYTES, long, true), what: `boundary of ${length} characters` };
    }),
  );
  return fc.oneof(
    wellFormed,
    malformed.map(({ contentType, payload, what }) => ({ headers: { 'content-type': contentType }, payload, mutations: [what] })),
  );
}

// ---------------------------------------------------------------- the request arbitrary

/** Bad requests for one route: 1 to 3 mutations of a valid-shaped example (naming the hinted records). */
export function badRequests(route: FuzzRoute, hints: FuzzHints = {}): fc.Arbitrary<FuzzRequest> {
  const pathExample = Object.fromEntries(route.pathParams.map((p) => [p.name, String(exampleOf(p.schema, p.name, hints))]));
  const queryExample = Object.fromEntries(route.queryParams.map((p) => [p.name, String(exampleOf(p.schema, p.name, hints))]));
  // Any role the route allows (any role on a public or 'authenticated' route), or no sign-in on a public one.
  const allowed: readonly Role[] = route.roles === 'public' || route.roles === 'authenticated' ? ROLES : route.roles;
  const signedIn: fc.Arbitrary<Role | null> = route.roles === 'public' ? fc.option(fc.constantFrom(...allowed), { nil: null }) : fc.constantFrom(...allowed);
  const params = [...route.pathParams.map((p) => ({ ...p, in: 'path' as const })), ...route.queryParams.map((p) => ({ ...p, in: 'query' as const }))];

  // Parameters: none, or one to three of them replaced by bad text.
  const paramMutations = params.length === 0
    ? fc.constant([] as { name: string; in: 'path' | 'query'; text: string; what: string }[])
    : fc.array(
        fc.constantFrom(...params).chain((p) => badParamText(p).map(([text, what]) => ({ name: p.name, in: p.in, text, what }))),
        { minLength: route.body ? 0 : 1, maxLength: 3 },
      );

  const finish = (
    mutated: { name: string; in: 'path' | 'query'; text: string; what: string }[],
    body: Pick<FuzzRequest, 'headers' | 'payload' | 'mutations'> & { mustRefuse: boolean },
    as: Role | null,
  ): FuzzRequest => {
    const pathValues = { ...pathExample };
    const query = { ...queryExample };
    for (const m of mutated) (m.in === 'path' ? pathValues : query)[m.name] = m.text;
    const badParam = mutated.some((m) => {
      const param = params.find((p) => p.name === m.name && p.in === m.in);
      return param !== undefined && !paramConforms(param, m.in === 'path' ? (pathValues[m.name] ?? '') : (query[m.name] ?? ''));
    });
    return {
      method: route.method,
      url: buildUrl(route, pathValues, query),
      headers: body.headers,
      payload: body.payload,
      as,
      mustRefuse: body.mustRefuse || badParam,
      mutations: [...mutated.map((m) => m.what), ...body.mutations],
    };
  };

  if (!route.body) {
    return fc.tuple(paramMutations, signedIn).map(([mutated, as]) =>
      finish(mutated, { headers: {}, payload: undefined, mutations: [], mustRefuse: false }, as),
    );
  }

  const { contentType, schema } = route.body;
  if (contentType.startsWith('multipart/')) {
    return fc.tuple(paramMutations, multipartRequests(route, hints), signedIn).map(([mutated, body, as]) =>
      // Every multipart body here names no existing case, or is malformed: always refused.
      finish(mutated, { ...body, mustRefuse: true }, as),
    );
  }

  const example = exampleOf(schema, '', hints);
  const encode = (value: unknown): string =>
    contentType === 'application/x-www-form-urlencoded'
      ? new URLSearchParams(Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString()
      : expandDeep(JSON.stringify(value));
  const structured = fc.array(bodyMutations(schema, example), { minLength: 1, maxLength: 3 }).map((mutations) => {
    let value = example;
    const what: string[] = [];
    for (const mutate of mutations) {
      const [next, description] = mutate(value);
      value = next;
      what.push(description);
    }
    if (conforms(schema, value) && !breaksUnwrittenRule(value, '', schema)) {
      // Only harmless mutations (an extra field the schema strips): make it bad for sure, so
      // that no generated body can be a valid write.
      value = [value];
      what.push('array at the root');
    }
    return { headers: { 'content-type': contentType }, payload: encode(value), mutations: what, mustRefuse: true };
  });
  const raw = rawJsonBody(encode(example)).map(({ payload, contentType: type, what }) => ({
    headers: type ? { 'content-type': type } : ({} as Record<string, string>),
    payload: payload === '' ? undefined : payload,
    mutations: [what],
    mustRefuse: true,
  }));
  return fc.tuple(paramMutations, fc.oneof({ arbitrary: structured, weight: 3 }, { arbitrary: raw, weight: 1 }), signedIn).map(([mutated, body, as]) =>
    finish(mutated, body, as),
  );
}

/** A short, printable account of a request for a failure report (payloads cut to 300 characters). */
export function describeRequest(request: FuzzRequest): string {
  const payload = request.payload === undefined ? '' : String(request.payload).split('\u0000').join('\\u0000');
  const shown = payload.length > 300 ? `${payload.slice(0, 300)}… (${payload.length} characters)` : payload;
  const url = request.url.length > 300 ? `${request.url.slice(0, 300)}… (${request.url.length} characters)` : request.url;
  return `${request.method} ${url} ${JSON.stringify(request.headers)} ${request.as ? `as ${request.as}` : 'no sign-in'}; ${request.mutations.join('; ')}; body: ${shown}`;
}
