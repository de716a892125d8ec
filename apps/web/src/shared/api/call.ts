import {
  type BodyOf,
  type EndpointSpec,
  type PathParamNames,
  type PathValue,
  pathOf,
  type QueryOf,
  queryStringOf,
  type ResponseOf,
} from '@atalaya/domain';
import type { ApiClient, RequestOptions } from './client';

/**
 * Typed calls of the API contract (packages/domain/src/api, ADR 0015): the path is built from the
 * endpoint's declared path and typed params, the body and the answer are typed by the endpoint's
 * zod schemas. No screen writes a path or casts an answer.
 */

type ParamsArg<E extends EndpointSpec> = [PathParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: { [K in PathParamNames<E['path']>]: PathValue } };

type QueryArg<E extends EndpointSpec> = [QueryOf<E>] extends [never]
  ? { query?: undefined }
  : object extends QueryOf<E>
    ? { query?: QueryOf<E> }
    : { query: QueryOf<E> };

type BodyArg<E extends EndpointSpec> = E extends { bodyKind: 'multipart' }
  ? { formData: FormData }
  : E extends { bodyKind: 'raw' }
    ? { raw: { body: Blob | string; contentType: string } }
    : [BodyOf<E>] extends [never]
      ? { body?: undefined }
      : { body: BodyOf<E> };

/** What a call of `E` takes: its params, query and body, and the client's options. */
export type CallArgs<E extends EndpointSpec> = ParamsArg<E> &
  QueryArg<E> &
  BodyArg<E> &
  Pick<RequestOptions, 'headers' | 'notify' | 'auth' | 'onProgress' | 'signal'>;

/** A call's arguments may be left out when the endpoint needs none. */
type CallRest<E extends EndpointSpec> = object extends CallArgs<E> ? [args?: CallArgs<E>] : [args: CallArgs<E>];

export type Caller = <E extends EndpointSpec>(endpoint: E, ...rest: CallRest<E>) => Promise<ResponseOf<E, Blob>>;

/** The URL of a call (path and query), for links and downloads made outside `call`. */
export function urlOf<E extends EndpointSpec>(endpoint: E, args: Pick<CallArgs<E>, 'params' | 'query'>): string {
  const params = (args.params ?? {}) as Readonly<Record<string, PathValue>>;
  return pathOf(endpoint, params) + queryStringOf(args.query as Readonly<Record<string, unknown>> | undefined);
}

/** The typed caller of a client. */
export function createCaller(client: ApiClient): Caller {
  return <E extends EndpointSpec>(endpoint: E, ...rest: CallRest<E>): Promise<ResponseOf<E, Blob>> => {
    // The arguments as the client takes them: their types were checked at the call.
    const args = (rest[0] ?? {}) as Pick<RequestOptions, 'headers' | 'notify' | 'auth' | 'onProgress' | 'signal'> & {
      params?: Readonly<Record<string, PathValue>>;
      query?: Readonly<Record<string, unknown>>;
      body?: unknown;
      formData?: FormData;
      raw?: { body: Blob | string; contentType: string };
    };
    const options: RequestOptions = {
      method: endpoint.method,
      headers: args.headers,
      notify: args.notify,
      auth: args.auth,
      onProgress: args.onProgress,
      signal: args.signal,
      responseType: endpoint.returns === 'blob' ? 'blob' : endpoint.returns === 'text' ? 'text' : 'json',
    };
    if (endpoint.bodyKind === 'multipart') options.formData = args.formData;
    else if (endpoint.bodyKind === 'raw') options.raw = args.raw;
    else if (endpoint.bodyKind === 'form') options.form = args.body as Record<string, string> | undefined;
    else if (args.body !== undefined) options.json = args.body;
    return client.request<ResponseOf<E, Blob>>(pathOf(endpoint, args.params ?? {}) + queryStringOf(args.query), options);
  };
}
