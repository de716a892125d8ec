import { describe, expect, it } from 'vitest';
import { decideVersion } from './version-check';

describe('version check', () => {
  it('reloads when the server publishes a newer version', () => {
    expect(decideVersion('0.1.86', '0.1.85', null)).toBe('reload');
  });

  it('proceeds when the server is on the same or an older version, or says nothing', () => {
    expect(decideVersion('0.1.85', '0.1.85', null)).toBe('proceed');
    expect(decideVersion('0.1.84', '0.1.85', null)).toBe('proceed');
    expect(decideVersion(null, '0.1.85', null)).toBe('proceed');
  });

  it('reloads only once for the same server version, so a stale cache cannot cause a loop', () => {
    expect(decideVersion('0.1.86', '0.1.85', '0.1.86')).toBe('proceed');
    expect(decideVersion('0.1.87', '0.1.85', '0.1.86')).toBe('reload');
  });
});
