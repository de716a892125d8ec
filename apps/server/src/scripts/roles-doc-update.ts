/**
 * `npm run docs:roles`: writes the permission × role table of docs/roles.md ('Permissions')
 * from `PERMISSIONS` (packages/domain). The server test `http/permissions-doc.test.ts` fails
 * until it is run after a change of the map.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { withPermissionTable } from '@atalaya/domain';

const ROLES_MD = fileURLToPath(new URL('../../../../docs/roles.md', import.meta.url));

const before = await readFile(ROLES_MD, 'utf8');
const after = withPermissionTable(before);
if (after !== before) await writeFile(ROLES_MD, after);
console.log(`docs:roles: ${after === before ? 'already up to date' : 'wrote'} ${ROLES_MD}`);
