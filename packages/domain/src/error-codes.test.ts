import { describe, expect, it } from 'vitest';
import { changePasswordServerMessage } from './auth.js';
import { SIGNAL_REGISTER_MSG } from './contracts/signal-register.js';
import { SIGNAL_MSG } from './contracts/signals.js';
import { catalogueText, ERROR_CODES, GENERIC_ERROR_CODES, messageCode } from './error-codes.js';
import { MSG } from './messages.js';

const SAMPLE_ARGS = ['Xa', 'Yb', 'Zc', 'Wd', 'Ve', 'Uf'];

/** Every text of the catalogue: a string, or a template rendered with sample arguments. */
function* catalogueTexts(): Generator<[string, string]> {
  function* walk(node: object, prefix: string): Generator<[string, string]> {
    for (const [key, value] of Object.entries(node) as [string, unknown][]) {
      if (typeof value === 'string') yield [`${prefix}${key}`, value];
      else if (typeof value === 'function') yield [`${prefix}${key}`, (value as (...args: unknown[]) => string)(...SAMPLE_ARGS.map((arg) => Object.assign(new String(arg), { join: () => arg })))];
      else if (value !== null && typeof value === 'object') yield* walk(value, `${prefix}${key}.`);
    }
  }
  yield* walk({ ...MSG, signals: SIGNAL_MSG, signalRegister: SIGNAL_REGISTER_MSG }, '');
}

describe('error codes', () => {
  it('gives every catalogue message one distinct code: its key path', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const [path, text] of catalogueTexts()) {
      expect(ERROR_CODES).toContain(path);
      // A line of an E2B refusal's Problems, never a Message: '{0} {1}: {2}' would claim any text
      // with a space and a colon, so it is no pattern (error-codes.ts MIN_TEMPLATE_FIXED).
      if (path === 'e2bExport.problem') continue;
      const code = messageCode(text);
      // A text listed under several keys has the code of its first key: that key holds the same text.
      const entry = catalogueText(code);
      const rendered = typeof entry === 'function' ? (entry as (...args: unknown[]) => string)(...SAMPLE_ARGS.map((arg) => Object.assign(new String(arg), { join: () => arg }))) : entry;
      expect(rendered, `${path} → ${code}`).toBe(text);
    }
  });

  it('codes the texts the server sends', () => {
    expect(messageCode(MSG.login.failed)).toBe('login.failed');
    expect(messageCode(MSG.lists.eventNotFound, 404)).toBe('lists.eventNotFound');
    expect(messageCode(MSG.generic.maxLength(200))).toBe('generic.maxLength');
    expect(messageCode(MSG.search.pagePastEnd(0))).toBe('search.pagePastEnd');
    expect(messageCode(MSG.search.pagePastEnd(1))).toBe('search.pagePastEnd');
    expect(messageCode(MSG.settings.notChoice('Idioma', ['es', 'en']))).toBe('settings.notChoice');
    expect(messageCode(MSG.audit.tooManyRows((50_000).toLocaleString('es-UY')))).toBe('audit.tooManyRows');
    expect(messageCode(SIGNAL_MSG.badMonth)).toBe('signals.badMonth');
    expect(messageCode(SIGNAL_REGISTER_MSG.transitionNotAllowed('Validada', 'Refutada'))).toBe('signalRegister.transitionNotAllowed');
  });

  it("ignores the change-password field prefix ('ERROR_1 - ')", () => {
    expect(messageCode(changePasswordServerMessage('vieja', MSG.changePassword.oldIncorrect))).toBe('changePassword.oldIncorrect');
    expect(messageCode(changePasswordServerMessage('nueva', MSG.changePassword.sameAsOld))).toBe('changePassword.sameAsOld');
  });

  it('gives a text outside the catalogue the generic code of its status', () => {
    expect(messageCode('Expected string, received number', 400)).toBe('validation');
    // zod's own Spanish texts: no template of almost only parameters ('{0} {1}: {2}') claims them.
    expect(messageCode('Entrada inválida: se esperaba number, recibido string', 400)).toBe('validation');
    expect(messageCode(MSG.imputability.questionIssue(3, MSG.imputability.answerRequired))).toBe('imputability.questionIssue');
    expect(messageCode('?', 401)).toBe('unauthenticated');
    expect(messageCode('?', 403)).toBe('forbidden');
    expect(messageCode('?', 404)).toBe('not_found');
    expect(messageCode('?', 409)).toBe('conflict');
    expect(messageCode('?', 429)).toBe('rate_limited');
    expect(messageCode('?', 503)).toBe('unavailable');
    expect(messageCode('?', 418)).toBe('client_error');
    for (const code of GENERIC_ERROR_CODES) expect(ERROR_CODES).toContain(code);
  });
});
