import { caseMetaSchema, MSG, type Role } from '@atalaya/domain';
import { z } from 'zod';

/** The route kit of the case screens: who reads a case, and the `{meta}` of its paths. */

/** Everyone who works on cases reads them (within reach, `modules/reach`). */
export const CASE_READERS: readonly Role[] = ['QPPV', 'RLF', 'CL', 'Fabricante'];

/** Who edits a case's records with the wizard (the services further check status, creator and reach). */
export const CASE_WRITERS: readonly Role[] = ['QPPV', 'RLF'];

/**
 * The Meta of a case in a path: 1–64 characters of the URL-safe alphabet the server gives out
 * (`newCaseMeta`, base64url). Anything else (empty, blank, too long, other characters) is
 * refused with 400 and the Spanish message of an unknown case, before any query.
 */
export const caseMetaParam = caseMetaSchema.regex(/^[A-Za-z0-9_-]+$/, MSG.lists.eventNotFound);

/** `/…ByMeta/:meta` */
export const metaParams = z.object({ meta: caseMetaParam });
