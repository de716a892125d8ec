import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@atalaya/domain';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { declaredRoles } from './route-access.js';
import { CONTENT_SECURITY_POLICY } from './security-headers.js';

/** Swagger UI; the OpenAPI document is at `${DOCS_PREFIX}/json`. */
export const DOCS_PREFIX = '/api/docs';

const zodTransform = createJsonSchemaTransform({
  skipList: [`${DOCS_PREFIX}/`, `${DOCS_PREFIX}/json`, `${DOCS_PREFIX}/yaml`, `${DOCS_PREFIX}/*`, `${DOCS_PREFIX}/static/*`],
});

/** The zod schemas as JSON schema, plus the route's roles as its security requirement. */
const transform: SwaggerTransform = (document) => {
  const result = zodTransform(document);
  const roles = declaredRoles(document.route.config);
  if (roles === undefined || roles === 'public' || result.schema.hide) return result;
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
