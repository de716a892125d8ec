import { SIGNAL_REGISTER_MSG } from './contracts/signal-register.js';
import { SIGNAL_MSG } from './contracts/signals.js';
import { MSG } from './messages.js';

/**
 * Error codes (issue 34 §3): every `{ Message }` the server answers with a 4xx (or a 503) also
 * carries a stable machine `Code`. The code of a catalogue text is its key path in the
 * catalogue (`login.failed`, `lists.eventNotFound`, `signals.badMonth`); a text the catalogue
 * does not hold gets a generic code by its status. Clients switch on the code; the text is for
 * people and may change.
 */
const CATALOGUE = { ...MSG, signals: SIGNAL_MSG, signalRegister: SIGNAL_REGISTER_MSG } as const;

type Text = string | ((...args: never[]) => string);

/** The key paths of the catalogue's texts (strings and templates), e.g. `'login.failed'`. */
type KeyPaths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends Text ? `${P}${K}` : KeyPaths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Codes of texts outside the catalogue (a zod default, a plugin's refusal), by HTTP status. */
export const GENERIC_ERROR_CODES = [
  'validation',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'unavailable',
  'client_error',
  'internal',
] as const;
export type GenericErrorCode = (typeof GENERIC_ERROR_CODES)[number];

export type CatalogueCode = KeyPaths<typeof CATALOGUE>;
export type ErrorCode = CatalogueCode | GenericErrorCode;

interface Template {
  code: CatalogueCode;
  pattern: RegExp;
  /** Characters of fixed text: the more, the more specific (tried first). */
  fixed: number;
}

const MARK = '\uE000'; // a private-use character: in no message
/** Characters of fixed text a template needs to be matched as a pattern (see walk). */
const MIN_TEMPLATE_FIXED = 6;
const MARK_PATTERN = /\uE000\d+\uE000/;

/**
 * A stand-in argument for a template: renders as a unique mark whether the template
 * interpolates it, calls `toLocaleString` on it or `join`s it as a list.
 */
function stand(index: number): string {
  const text = `${MARK}${index}${MARK}`;
  // A String object with `join`, so a list parameter renders as the mark too.
  return Object.assign(new String(text), { join: () => text }) as unknown as string;
}
const STANDS = [0, 1, 2, 3, 4, 5].map(stand);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function render(template: (...args: unknown[]) => string, args: readonly unknown[]): string | null {
  try {
    const text = template(...args);
    return typeof text === 'string' ? text : null;
  } catch {
    return null;
  }
}

const codes: CatalogueCode[] = [];
const exact = new Map<string, CatalogueCode>();
const templates: Template[] = [];
const texts = new Map<CatalogueCode, Text>();
const literalsOfTemplates: [string, CatalogueCode][] = [];

function walk(node: object, prefix: string): void {
  for (const [key, value] of Object.entries(node) as [string, unknown][]) {
    const code = `${prefix}${key}` as CatalogueCode;
    if (typeof value === 'string') {
      codes.push(code);
      texts.set(code, value);
      if (!exact.has(value)) exact.set(value, code);
    } else if (typeof value === 'function') {
      codes.push(code);
      const template = value as (...args: unknown[]) => string;
      texts.set(code, template as Text);
      const shape = render(template, STANDS);
      if (shape !== null) {
        const parts = shape.split(MARK_PATTERN);
        const fixed = parts.join('').length;
        // A template of almost nothing but its parameters ('{0} {1}: {2}', an E2B problem line)
        // would claim any text with a space and a colon (zod's own 'Entrada inválida: …'): it
        // names no text of its own, so it is matched only exactly.
        if (fixed >= MIN_TEMPLATE_FIXED) templates.push({ code, pattern: new RegExp(`^${parts.map(escapeRegExp).join('([\\s\\S]+?)')}$`), fixed });
      }
      // Branches a stand-in does not take (`pages === 0`, `count === 1`): their plain texts.
      for (const sample of [0, 1]) {
        const text = render(template, STANDS.map(() => sample));
        if (text !== null) literalsOfTemplates.push([text, code]);
      }
    } else if (value !== null && typeof value === 'object') {
      walk(value, `${code}.`);
    }
  }
}
walk(CATALOGUE, '');
for (const [text, code] of literalsOfTemplates) if (!exact.has(text)) exact.set(text, code);
templates.sort((a, b) => b.fixed - a.fixed);

/** Every code the server may send: the catalogue's key paths, then the generic codes. */
export const ERROR_CODES: readonly ErrorCode[] = [...codes, ...GENERIC_ERROR_CODES];

/** The catalogue entry (a text or a template) of a catalogue code. */
export function catalogueText(code: ErrorCode): Text | undefined {
  return texts.get(code as CatalogueCode);
}

/** The platform spec's change-password prefix ('ERROR_1 - …'): not part of the text's identity. */
const FIELD_PREFIX = /^ERROR_\d+ - /;

/** The generic code of a text outside the catalogue, by the answer's HTTP status. */
export function genericErrorCode(status: number): GenericErrorCode {
  switch (status) {
    case 400:
    case 413:
    case 414:
    case 415:
    case 422:
      return 'validation';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 429:
      return 'rate_limited';
    case 503:
      return 'unavailable';
    default:
      return status >= 500 ? 'internal' : 'client_error';
  }
}

/**
 * The code of a message: its key path in the catalogue, a parametrised text matched by its
 * template (the most specific first); a text listed under several keys has the code of its
 * first key. Outside the catalogue, the generic code of `status`.
 */
export function messageCode(message: string, status = 400): ErrorCode {
  const text = message.replace(FIELD_PREFIX, '');
  const known = exact.get(text);
  if (known) return known;
  for (const template of templates) if (template.pattern.test(text)) return template.code;
  return genericErrorCode(status);
}
