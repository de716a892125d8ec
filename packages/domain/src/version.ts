/** The bundled application version (platform spec §9). */
export const APP_VERSION = '0.1.85';

interface ParsedVersion {
  core: number[];
  prerelease: string | null;
}

function parseVersion(value: string): ParsedVersion | null {
  const match = /^v?(\d+(?:\.\d+)*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(value.trim());
  if (!match?.[1]) return null;
  return { core: match[1].split('.').map(Number), prerelease: match[2] ?? null };
}

function compareCore(a: number[], b: number[]): number {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

function comparePrerelease(a: string | null, b: string | null): number {
  if (a === b) return 0;
  // A release is newer than any of its pre-releases.
  if (a === null) return 1;
  if (b === null) return -1;
  return Math.sign(a.localeCompare(b, 'en', { numeric: true }));
}

/**
 * Whether the version the server publishes (`/meta.json`) is newer than the running one
 * (platform spec §4 'Version check'). Numeric dot-separated parts are compared one by one
 * (missing parts count as 0, a leading 'v' is ignored); a release beats its pre-releases.
 * An unreadable version is never newer, so a broken file never triggers a reload loop.
 */
export function isNewerVersion(server: string, current: string): boolean {
  const a = parseVersion(server);
  const b = parseVersion(current);
  if (!a || !b) return false;
  const core = compareCore(a.core, b.core);
  return core !== 0 ? core > 0 : comparePrerelease(a.prerelease, b.prerelease) > 0;
}
