import type { Permission } from '@atalaya/domain';
import { z } from 'zod';
import type { AuthUser } from '../../http/access-token.js';
import { requireUser } from '../../http/route-access.js';
import type { AppInstance } from '../../http/route-types.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { type DownloadableFile, sendFile } from './upload.js';

/** The 200 of a stored file's download, as documented unless told otherwise. */
export const FILE_BYTES = 'Los bytes del archivo, con su tipo MIME y su nombre original (Content-Disposition: attachment)';
/** The 200 of a PDF's download. */
export const PDF_BYTES = 'Los bytes del PDF (application/pdf, Content-Disposition: attachment)';

/** The responses of a download: the file's bytes (described by `bytes`), the usual errors and 404. */
export function fileResponse(bytes: string = FILE_BYTES) {
  return { 200: z.unknown().describe(bytes), ...errorResponses, 404: messageSchema };
}

export interface FileDownloadRoute<P extends z.ZodObject> {
  url: string;
  tags: string[];
  summary: string;
  params: P;
  /** Who may download (the loader further checks reach); `case.read` unless told. */
  permission?: Permission;
  /** The description of the 200 (FILE_BYTES unless told). */
  bytes?: string;
  /** The file for these params, as seen by this user (throws the module's 404). */
  load: (user: AuthUser, params: z.infer<P>) => Promise<DownloadableFile>;
}

/** Declares `GET url`: downloads a stored file by the path's id (sendFile: attachment, never cached). */
export function fileDownloadRoute<P extends z.ZodObject>(app: AppInstance, route: FileDownloadRoute<P>): void {
  app.route({
    method: 'GET',
    url: route.url,
    config: { permission: route.permission ?? 'case.read' },
    schema: { tags: route.tags, summary: route.summary, params: route.params, response: fileResponse(route.bytes) },
    handler: async (request, reply) => sendFile(reply, await route.load(requireUser(request), request.params as z.infer<P>)),
  });
}
