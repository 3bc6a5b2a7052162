import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { routeAuth } from './auth-guard.ts';

/**
 * A stable name for generated clients, from the method and the path:
 * `GET /api/packages/:id/requests` → `getPackagesByIdRequests`.
 */
export function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment === '*' ? 'any' : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1));
  return method.toLowerCase() + words.join('');
}

/** OpenAPI 3.1 from the routes' zod schemas: the UI at /api/docs, the document at /api/docs/openapi.json. */
export const openapiPlugin = fp(async (app: FastifyInstance, options: { version: string; baseUrl: string }) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tagalong API',
        description: 'Peer-to-peer shipping: packages, travel plans, requests, payments, chat.',
        version: options.version,
      },
      servers: [{ url: options.baseUrl }],
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' } } },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const method = [input.route.method].flat()[0] ?? 'GET';
      const access = routeAuth(input.route);
      return {
        ...transformed,
        schema: {
          ...transformed.schema,
          operationId: transformed.schema.operationId ?? operationId(method, input.url),
          // Members', verified members' and administrators' routes need the session cookie; open ones
          // (and signed webhooks) need nothing. `x-access` says which of them may call it (ADR 0039).
          security: access === 'visitor' ? [] : [{ session: [] }],
          'x-access': input.route.config?.signedWebhook === true ? 'signed-webhook' : access,
        },
      };
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Its own policy allows style sheets from any https: site; its styles are all served from here.
    transformStaticCSP: (header) => header.replace(/(style-src [^;]*?)\s+https:/, '$1'),
  });
  app.get('/api/docs/openapi.json', { config: { auth: 'visitor' }, schema: { hide: true } }, async () => app.swagger());
});
