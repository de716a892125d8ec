import { z } from 'zod';
import { errorResponses, messageSchema } from '../../http/schemas.js';

/** The 200 of a stored file's download, as documented unless told otherwise. */
export const FILE_BYTES = 'Los bytes del archivo, con su tipo MIME y su nombre original (Content-Disposition: attachment)';
/** The 200 of a PDF's download. */
export const PDF_BYTES = 'Los bytes del PDF (application/pdf, Content-Disposition: attachment)';

/** The responses of a download: the file's bytes (described by `bytes`), the usual errors and 404. */
export function fileResponse(bytes: string = FILE_BYTES) {
  return { 200: z.unknown().describe(bytes), ...errorResponses, 404: messageSchema };
}
