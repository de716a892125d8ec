import { describe, expect, it } from 'vitest';
import { APP_VERSION, isNewerVersion } from './version.js';

describe('version check', () => {
  it('bundles version 0.1.85', () => {
    expect(APP_VERSION).toBe('0.1.85');
  });

  it.each([
    ['0.1.86', '0.1.85', true],
    ['0.2.0', '0.1.85', true],
    ['1.0', '0.1.85', true],
    ['0.1.85', '0.1.85', false],
    ['0.1.9', '0.1.85', false],
    ['v0.1.86', '0.1.85', true],
    ['0.1.85', '0.1.85-rc.1', true],
    ['0.1.85-rc.2', '0.1.85-rc.10', false],
    ['garbage', '0.1.85', false],
    ['', '0.1.85', false],
  ])('server %s vs running %s → newer: %s', (server, current, expected) => {
    expect(isNewerVersion(server, current)).toBe(expected);
  });
});
