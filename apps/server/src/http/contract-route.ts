import type { EndpointSpec, PathParamNames } from '@atalaya/domain';
import type { FastifyContextConfig } from 'fastify';
import type { z } from 'zod';
import { routeErrorCodes } from './route-error-codes.js';

/**
 * A route from its endpoint in the domain's contract (packages/domain/src/api, ADR 0015): the
 * method, path, access, query, body and answer come from the endpoint; the route adds what only
 * the server knows: how the path's params parse (a schema whose keys the compiler holds to the
 * path's `:name`s), the OpenAPI words, the error answers, limits. Used as
 * `app.route({ ...contractRoute(tasksApi.getWorkFlow, { … }), handler })`: the handler's request
 * and answer are typed by the same schemas the web's call is.
 */

/** A params schema for a path: its input has exactly the path's names. */
export type ParamsFor<E extends EndpointSpec> = [PathParamNames<E['path']>] extends [never]
  ? undefined
  : z.ZodType<unknown, { [K in PathParamNames<E['path']>]: unknown }>;

export type ExactParams<E extends EndpointSpec, P> = P extends z.ZodType<unknown, infer I>
  ? [Exclude<keyof I, PathParamNames<E['path']>>] extends [never]
    ? P
    : { error: 'params outside the path'; extra: Exclude<keyof I, PathParamNames<E['path']>> }
  : P;

type StatusOf<E extends EndpointSpec> = E extends { status: infer S extends number } ? S : 200;
export type QueryOf<E extends EndpointSpec> = E extends { query: infer Q extends z.ZodType } ? Q : undefined;
export type BodyOf<E extends EndpointSpec, D = undefined> = E extends { body: infer B extends z.ZodType } ? B : D;
type SuccessOf<E extends EndpointSpec> = E extends { response: infer R extends z.ZodType } ? { [K in StatusOf<E>]: R } : object;

export interface ContractRouteOptions<P, X, D = undefined> {
  /** How the path's params parse (required when the path has params). */
  params?: P;
  /** OpenAPI: the document's section and one line on the call. */
  tags: readonly string[];
  summary: string;
  description?: string;
  /**
   * The error answers' schemas, by status (errorResponses and more). Which codes each may carry is
   * the endpoint's `errors` and what every route of its kind answers (route-error-codes.ts).
   */
  errors: X;
  /** Request headers the route reads. */
  headers?: z.ZodType;
  /** Route settings besides access (rate limit, before-terms, …). */
  config?: Omit<FastifyContextConfig, 'roles' | 'permission' | 'errorCodes'>;
  bodyLimit?: number;
  /**
   * A body the handler reads itself (a multipart upload: storage's `multipartDoc`): its OpenAPI
   * description (documentation only, never the parsed body) and the schema the handler checks its
   * text fields with, whose codes join the route's 400s.
   */
  multipart?: MultipartBody<D>;
}

/** A multipart body as a route declares it (storage's `multipartDoc`). */
export interface MultipartBody<D = z.ZodType> {
  /** The OpenAPI description of the fields and the file. */
  doc: D;
  /** The schema the handler's `parseFields` checks the text fields with; null when none does. */
  fields: z.ZodType | null;
}

/** The OpenAPI content type of an endpoint's body when it is not JSON (its `bodyKind`). */
const CONSUMES: Partial<Record<NonNullable<EndpointSpec['bodyKind']>, string[]>> = {
  form: ['application/x-www-form-urlencoded'],
  multipart: ['multipart/form-data'],
};

export interface ContractRoute<E extends EndpointSpec, P, X, D = undefined> {
  method: E['method'];
  url: E['path'];
  bodyLimit?: number;
  config: FastifyContextConfig;
  schema: {
    tags: string[];
    summary: string;
    description?: string;
    headers?: z.ZodType;
    consumes?: string[];
    params: P;
    querystring: QueryOf<E>;
    body: BodyOf<E, D>;
    response: SuccessOf<E> & X;
  };
}

/** The route options of an endpoint; spread them into `app.route` beside the handler. */
export function contractRoute<
  const E extends EndpointSpec,
  const X extends Readonly<Record<number, z.ZodType>>,
  P extends ParamsFor<E> = ParamsFor<E>,
  D extends z.ZodType | undefined = undefined,
>(
  endpoint: E,
  options: ContractRouteOptions<ExactParams<E, P>, X, D> & (ParamsFor<E> extends undefined ? object : { params: P }),
): ContractRoute<E, P, X, D> {
  const access = endpoint.access === 'public' || endpoint.access === 'authenticated' ? { roles: endpoint.access } : { permission: endpoint.access };
  const response: Record<number, z.ZodType> = { ...options.errors };
  if (endpoint.response) response[endpoint.status ?? 200] = endpoint.response;
  const consumes = endpoint.bodyKind === undefined ? undefined : CONSUMES[endpoint.bodyKind];
  const body = endpoint.body ?? options.multipart?.doc;
  return {
    method: endpoint.method,
    url: endpoint.path,
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    config: {
      ...options.config,
      ...access,
      errorCodes: routeErrorCodes(endpoint, {
        params: options.params as z.ZodType | undefined,
        headers: options.headers,
        uploadFields: options.multipart?.fields ?? undefined,
        beforeTerms: options.config?.beforeTerms,
      }),
    },
    schema: {
      tags: [...options.tags],
      summary: options.summary,
      ...(options.description === undefined ? {} : { description: options.description }),
      ...(options.headers === undefined ? {} : { headers: options.headers }),
      ...(consumes === undefined ? {} : { consumes }),
      // Absent parts stay absent (the types say `undefined`): Fastify compiles what is there.
      ...((options.params === undefined ? {} : { params: options.params }) as { params: P }),
      ...((endpoint.query === undefined ? {} : { querystring: endpoint.query }) as { querystring: QueryOf<E> }),
      ...((body === undefined ? {} : { body }) as { body: BodyOf<E, D> }),
      response: response as SuccessOf<E> & X,
    },
  };
}
