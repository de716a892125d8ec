import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@atalaya/domain';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { declaredRoles } from './route-access.js';
import type { RouteErrorCodes } from './route-error-codes.js';
import { CONTENT_SECURITY_POLICY } from './security-headers.js';

/** Swagger UI; the OpenAPI document is at `${DOCS_PREFIX}/json`. */
export const DOCS_PREFIX = '/api/docs';

const zodTransform = createJsonSchemaTransform({
  skipList: [`${DOCS_PREFIX}/`, `${DOCS_PREFIX}/json`, `${DOCS_PREFIX}/yaml`, `${DOCS_PREFIX}/*`, `${DOCS_PREFIX}/static/*`],
});

/** The shared error answer's component (error-handler.ts). */
const ERROR_MESSAGE = { $ref: '#/components/schemas/ErrorMessage' };

/**
 * Each error answer of a route lists the codes it may carry (docs/api.md 'Error codes'): its
 * schema becomes `allOf: [the answer's schema, { Code: enum of the codes }]`. A status with codes
 * but no schema of its own is `ErrorMessage` with them. The route's validation is unchanged.
 */
function withErrorCodes(response: Record<string, unknown> | undefined, codes: RouteErrorCodes | undefined): Record<string, unknown> | undefined {
  if (!codes) return response;
  const listed: Record<string, unknown> = { ...response };
  for (const [status, list] of Object.entries(codes)) {
    if (!list || list.length === 0) continue;
    const schema = listed[status] ?? ERROR_MESSAGE;
    listed[status] = { allOf: [schema, { type: 'object', properties: { Code: { type: 'string', enum: list } } }] };
  }
  return listed;
}

/** The zod schemas as JSON schema, the codes of each error answer, and the route's roles as its security requirement. */
const transform: SwaggerTransform = (document) => {
  const converted = zodTransform(document);
  const response = withErrorCodes(converted.schema?.response as Record<string, unknown> | undefined, document.route.config?.errorCodes);
  const result = response === undefined ? converted : { ...converted, schema: { ...converted.schema, response } };
  const roles = declaredRoles(document.route.config);
  if (roles === undefined || roles === 'public' || result.schema?.hide) return result;
  const who = roles === 'authenticated' ? 'cualquier usuario con sesión' : roles.join(', ');
  return {
    ...result,
    schema: { ...result.schema, security: [{ bearerAuth: [] }], description: `Roles: ${who}` },
  };
};

/**
 * The registered schemas as components (`ErrorCode`, `ErrorMessage`), without the request-side
 * copies (`…Input`) zod adds for each that no request uses.
 */
const transformObject: typeof jsonSchemaTransformObject = (document) => {
  const result = jsonSchemaTransformObject(document);
  if (!('components' in result) || !result.components?.schemas) return result;
  const schemas: Record<string, unknown> = result.components.schemas;
  const used = JSON.stringify({ ...result, components: undefined });
  for (const name of Object.keys(schemas)) {
    if (name.endsWith('Input') && !used.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return result;
};

function cspHeader(): string {
  return Object.entries(CONTENT_SECURITY_POLICY)
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
    .join('; ');
}

/** The OpenAPI document generated from the route schemas, and Swagger UI, at /api/docs. Register before routes. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Atalaya API',
        description: 'Farmacovigilancia: reportes de reacciones adversas, eventos reportables y administración.',
        version: APP_VERSION,
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform,
    transformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Swagger UI loads only its own files; no call to the public validator service.
    uiConfig: { validatorUrl: null, deepLinking: false },
    staticCSP: cspHeader(),
  });
}
