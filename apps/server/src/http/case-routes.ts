import { caseMetaSchema, MSG } from '@atalaya/domain';
import { z } from 'zod';

/**
 * The route kit of the case screens: the `{meta}` of their paths. Who reads and writes a case
 * are the permissions `case.read` and `case.write` (packages/domain `PERMISSIONS`).
 */

/**
 * The Meta of a case in a path: 1–64 characters of the URL-safe alphabet the server gives out
 * (`newCaseMeta`, base64url). Anything else (empty, blank, too long, other characters) is
 * refused with 400 and the Spanish message of an unknown case, before any query.
 */
export const caseMetaParam = caseMetaSchema.regex(/^[A-Za-z0-9_-]+$/, MSG.lists.eventNotFound);

/** `/…ByMeta/:meta` */
export const metaParams = z.object({ meta: caseMetaParam });
