import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '#server/test/app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
});
afterAll(() => app.close());

it('publishes an OpenAPI 3.1 document that validates against the specification', async () => {
  const res = await app.inject('/api/docs/openapi.json');
  expect(res.statusCode).toBe(200);
  const document = res.json();
  expect(document.openapi).toBe('3.1.0');
  const result = await new Validator().validate(document);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
});

it('documents the routes from their zod schemas', async () => {
  const document = (await app.inject('/api/docs/openapi.json')).json();
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining(['/api/health', '/api/ready', '/api/meta', '/api/auth/me', '/api/auth/is-admin']),
  );
  expect(document.paths['/api/auth/me'].get.responses['200']).toBeDefined();
  expect(document.paths['/api/auth/me'].get.responses['401']).toBeDefined();
});

it('serves the documentation UI at /api/docs', async () => {
  const res = await app.inject('/api/docs/');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/html/);
});
