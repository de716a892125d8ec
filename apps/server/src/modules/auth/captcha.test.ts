import { createHash } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { captchaNumber } from '../../test-support/captcha-solver.js';
import { createCaptchaChallenge, verifyCaptcha } from './captcha.js';

// verifyCaptcha does altcha-lib's check with node:crypto: it must accept and refuse exactly what
// altcha-lib's verifySolution does for the challenges this server makes (which carry an expiry).

const KEY = 'clave-de-prueba-del-captcha';

type Payload = { algorithm: string; challenge: string; salt: string; signature: string; number: number };

async function solved(options: { key?: string; now?: Date } = {}): Promise<Payload> {
  const challenge = await createCaptchaChallenge(options.key ?? KEY, 200, options.now);
  return { ...challenge, number: captchaNumber(challenge) };
}

const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64');

/** Ours and altcha-lib's answers (a payload altcha-lib throws on was refused, as before). */
async function bothSay(payload: string): Promise<{ ours: boolean; altcha: boolean }> {
  const altcha = await verifySolution(payload, KEY, true).catch(() => false);
  return { ours: (await verifyCaptcha(payload, KEY)) !== null, altcha };
}

describe('verifyCaptcha', () => {
  it('accepts a solved challenge of this server, with its signature and expiry', async () => {
    const payload = await solved();
    const solution = await verifyCaptcha(encode(payload), KEY);
    expect(solution?.signature).toBe(payload.signature);
    const expires = Number(new URLSearchParams(payload.salt.split('?')[1]).get('expires'));
    expect(solution?.expiresAt.getTime()).toBe(expires * 1000);
    expect(await bothSay(encode(payload))).toEqual({ ours: true, altcha: true });
  });

  it('agrees with altcha-lib on what it accepts and refuses', async () => {
    const payload = await solved();
    const cases: [string, unknown, boolean][] = [
      ['the number as text', { ...payload, number: String(payload.number) }, true],
      ['the algorithm in lower case', { ...payload, algorithm: 'sha-256' }, true],
      ['the salt without its final &', { ...payload, salt: payload.salt.replace(/&$/, '') }, true],
      ['another number', { ...payload, number: payload.number + 1 }, false],
      ['no number', { ...payload, number: undefined }, false],
      ['another challenge', { ...payload, challenge: createHash('sha256').update('x').digest('hex') }, false],
      ['a forged signature', { ...payload, signature: payload.signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) }, false],
      ['a signature of another length', { ...payload, signature: `${payload.signature}00` }, false],
      ['another hash', { ...payload, algorithm: 'SHA-1' }, false],
      ['a later expiry', { ...payload, salt: payload.salt.replace(/expires=\d+/, 'expires=99999999999') }, false],
      ['no salt', { ...payload, salt: undefined }, false],
      ['not an object', 'captcha', false],
    ];
    for (const [what, candidate, accepted] of cases) {
      expect({ what, ...(await bothSay(encode(candidate))) }).toEqual({ what, ours: accepted, altcha: accepted });
    }
    for (const garbage of ['bm90IGEgY2FwdGNoYQ==', '%%%', '']) {
      expect(await verifyCaptcha(garbage, KEY)).toBeNull();
    }
    expect(await verifyCaptcha(undefined, KEY)).toBeNull();
  });

  it('refuses a challenge signed with another key', async () => {
    const payload = encode(await solved({ key: 'otra-clave' }));
    expect(await bothSay(payload)).toEqual({ ours: false, altcha: false });
  });

  it('refuses an expired challenge', async () => {
    const payload = encode(await solved({ now: new Date(Date.now() - 11 * 60 * 1000) }));
    expect(await bothSay(payload)).toEqual({ ours: false, altcha: false });
  });

  it('refuses a solved challenge without an expiry (not made by this server)', async () => {
    const challenge = await createChallenge({ algorithm: 'SHA-256', hmacKey: KEY, maxNumber: 10, number: 3 });
    const payload = encode({ ...challenge, number: 3 });
    expect(await verifySolution(payload, KEY, true)).toBe(true);
    expect(await verifyCaptcha(payload, KEY)).toBeNull();
  });
});
