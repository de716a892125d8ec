import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PERMISSION_TABLE_MARKERS, PERMISSIONS, permissionTable, withPermissionTable } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';

const ROLES_MD = fileURLToPath(new URL('../../../../docs/roles.md', import.meta.url));

describe('docs/roles.md, Permissions', () => {
  it('holds the permission × role table of PERMISSIONS (run `npm run docs:roles` after changing the map)', async () => {
    const page = await readFile(ROLES_MD, 'utf8');
    expect(withPermissionTable(page)).toBe(page);
  });

  it('would be told apart from a map in which one role changed', () => {
    const page = `intro\n${PERMISSION_TABLE_MARKERS.start}\n${permissionTable()}\n${PERMISSION_TABLE_MARKERS.end}\n`;
    const row = permissionTable().split('\n').find((line) => line.startsWith('| `duplicates.list` |'));
    expect(row).toMatch(/\| ✓ \| {2}\| {2}\| {2}\|$/);
    expect(PERMISSIONS['duplicates.list']).toEqual(['QPPV']);
    const drifted = page.replace(row ?? '', (row ?? '').replace(/ \|$/, '✓ |'));
    expect(withPermissionTable(drifted)).not.toBe(drifted);
    expect(withPermissionTable(page)).toBe(page);
  });
});
