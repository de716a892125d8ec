import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared reference material (official E2B schemas and instances, ICH rule tables, CIOMS forms):
 * `../shared/reference/` from the repository root, as CI has it; never copied into the repository.
 * `ATALAYA_REFERENCE_DIR` points elsewhere (a git worktree whose parent has no `shared/`).
 */
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export const referenceDir = resolve(process.env.ATALAYA_REFERENCE_DIR ?? join(repoRoot, '..', 'shared', 'reference'));

/** A path inside the reference folder; throws (the test fails, never skips) when it is missing. */
export function referencePath(...parts: string[]): string {
  const path = join(referenceDir, ...parts);
  if (!existsSync(path)) throw new Error(`Reference file missing: ${path} (set ATALAYA_REFERENCE_DIR to the shared reference folder)`);
  return path;
}

/** The ICH ICSR schema folder the tests validate against. */
export const e2bXsdDir = (): string => referencePath('e2b-r3-xsd');
