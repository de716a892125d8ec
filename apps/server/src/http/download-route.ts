import { Readable } from 'node:stream';
import type { EndpointSpec } from '@atalaya/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { attachmentDisposition } from './content-disposition.js';
import { type BodyOf, contractRoute, type ContractRouteOptions, type ExactParams, type ParamsFor, type QueryOf } from './contract-route.js';

/**
 * The one way a route gives a file (issue 34 §4): `app.route(downloadRoute(casePdfApi.getERPDF,
 * { params, tags, summary, errors, load }))`. The method, path and access come from the
 * endpoint (its `returns: 'blob'` or `'text'`) as for any contract route; `load` finds the file
 * (refusing with the route's errors), and the answer is always built the same way: 200, the
 * file's type, `Content-Disposition: attachment` with its name (RFC 6266), its size when known,
 * never cached.
 */

/** The 200 of a stored file's download, as documented unless told otherwise. */
export const FILE_BYTES = 'Los bytes del archivo, con su tipo MIME y su nombre original (Content-Disposition: attachment)';
/** The 200 of a PDF's download. */
export const PDF_BYTES = 'Los bytes del PDF (application/pdf, Content-Disposition: attachment)';

/** A file to send as a download. */
export interface FileDownload {
  /** The name offered to save it under. */
  fileName: string;
  /** Its Content-Type ('application/pdf', 'text/csv; charset=utf-8'…). */
  contentType: string;
  /** Its bytes: whole, streamed (a chunked stored file, a workbook written as it is sent), or a text. */
  body: Uint8Array | Readable | string;
  /** Its Content-Length, when known before sending (a stored file). */
  size?: number;
  /**
   * `private, no-store` unless told otherwise; the exports of tables and logs say `no-store`
   * (what every signed-in answer gets when it chooses nothing: http/route-access.ts).
   */
  cacheControl?: 'private, no-store' | 'no-store';
  /** Headers besides (the audit CSV's `X-Content-SHA256`). */
  headers?: Readonly<Record<string, string>>;
}

/** Sends a file as an attachment (see `FileDownload`). */
export function sendDownload(reply: FastifyReply, file: FileDownload): FastifyReply {
  const body = typeof file.body === 'string' || file.body instanceof Readable ? file.body : Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength);
  reply.code(200).header('content-type', file.contentType);
  if (file.size !== undefined) reply.header('content-length', file.size);
  reply.header('content-disposition', attachmentDisposition(file.fileName));
  for (const [name, value] of Object.entries(file.headers ?? {})) reply.header(name, value);
  return reply.header('cache-control', file.cacheControl ?? 'private, no-store').send(body);
}

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

/** The request a download's `load` gets: params, query and body as the route's schemas parsed them. */
export type DownloadRequest<E extends EndpointSpec, P> = FastifyRequest<{ Params: Parsed<P>; Querystring: Parsed<QueryOf<E>>; Body: Parsed<BodyOf<E>> }>;

export interface DownloadRouteOptions<E extends EndpointSpec, P, X> extends Omit<ContractRouteOptions<ExactParams<E, P>, X>, 'body'> {
  /** The 200 in the OpenAPI document: a description of the bytes (default `FILE_BYTES`), or a schema. */
  answer?: string | z.ZodType;
  /** The file to send (or a refusal, thrown). */
  load: (request: DownloadRequest<E, P>) => Promise<FileDownload>;
}

/** A file download's route, from its endpoint in the contract: pass it to `app.route`. */
export function downloadRoute<
  const E extends EndpointSpec & { returns: 'blob' | 'text' },
  const X extends Readonly<Record<number, z.ZodType>>,
  P extends ParamsFor<E> = ParamsFor<E>,
>(endpoint: E, options: DownloadRouteOptions<E, P, X> & (ParamsFor<E> extends undefined ? object : { params: P })) {
  const { answer = FILE_BYTES, load, errors, ...rest } = options;
  const ok = typeof answer === 'string' ? z.unknown().describe(answer) : answer;
  // The params' names were held to the path's by `options`' type, as contractRoute's own are.
  const route = contractRoute<E, X & { 200: z.ZodType }, P>(endpoint, { ...rest, errors: { ...errors, 200: ok } } as Parameters<typeof contractRoute<E, X & { 200: z.ZodType }, P>>[1]);
  return {
    ...route,
    // The schemas above parsed the request before the handler runs: it is the DownloadRequest of the endpoint.
    handler: async (request: FastifyRequest, reply: FastifyReply) => sendDownload(reply, await load(request as DownloadRequest<E, P>)),
  };
}
