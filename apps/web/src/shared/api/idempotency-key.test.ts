import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

describe('newIdempotencyKey (the create dialog’s Idempotency-Key)', () => {
  it('is a new random UUID each time', () => {
    const keys = Array.from({ length: 50 }, newIdempotencyKey);
    expect(keys.every((key) => UUID_V4.test(key))).toBe(true);
    expect(new Set(keys).size).toBe(50);
  });

  it('is still a random UUID where crypto.randomUUID is missing (plain HTTP, not localhost)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => real.getRandomValues(bytes), randomUUID: undefined });
    const keys = Array.from({ length: 50 }, newIdempotencyKey);
    expect(keys.every((key) => UUID_V4.test(key))).toBe(true);
    expect(new Set(keys).size).toBe(50);
  });
});
