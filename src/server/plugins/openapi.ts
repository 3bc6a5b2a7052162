import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI 3.1 from the routes' zod schemas: the UI at /api/docs, the document at /api/docs/openapi.json. */
export const openapiPlugin = fp(async (app: FastifyInstance, options: { version: string }) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tagalong API',
        description: 'Peer-to-peer shipping: packages, travel plans, requests, payments, chat.',
        version: options.version,
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Its own policy allows style sheets from any https: site; its styles are all served from here.
    transformStaticCSP: (header) => header.replace(/(style-src [^;]*?)\s+https:/, '$1'),
  });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
