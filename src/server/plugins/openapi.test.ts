import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '#server/test/app.ts';
import { operationId } from './openapi.ts';

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

it("passes Redocly's recommended rules with no error, so generated clients come out whole", async () => {
  const document = (await app.inject('/api/docs/openapi.json')).json();
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
  const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);
  expect(errors).toEqual([]);
});

it('names every operation once and says which need the session cookie', async () => {
  const document = (await app.inject('/api/docs/openapi.json')).json() as {
    servers: unknown[];
    paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
  };
  expect(document.servers).toEqual([{ url: expect.stringMatching(/^https?:\/\//) }]);
  const operations = Object.values(document.paths).flatMap((path) => Object.values(path));
  const ids = operations.map((operation) => operation.operationId);
  expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
  expect(document.paths['/api/auth/me']?.get?.security).toEqual([]);
  expect(document.paths['/api/profile']?.get?.security).toEqual([{ session: [] }]);
  expect(document.paths['/api/profile']?.get?.operationId).toBe('getProfile');
});

it('says who may call each operation (ADR 0039)', async () => {
  type Operation = { security?: unknown[]; 'x-access'?: string };
  const document = (await app.inject('/api/docs/openapi.json')).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  const operations = Object.values(document.paths).flatMap((path) => Object.values(path));
  expect(operations.every((operation) => typeof operation['x-access'] === 'string')).toBe(true);
  expect(document.paths['/api/admin/payments']?.get).toMatchObject({
    'x-access': 'admin',
    security: [{ session: [] }],
  });
  expect(document.paths['/api/profile']?.get?.['x-access']).toBe('member');
  expect(document.paths['/api/meta']?.get).toMatchObject({ 'x-access': 'visitor', security: [] });
  expect(document.paths['/api/payments/webhook/stripe']?.post).toMatchObject({
    'x-access': 'signed-webhook',
    security: [],
  });
});

it('derives operation names from the method and the path', () => {
  expect(operationId('GET', '/api/packages/:id/requests')).toBe('getPackagesByIdRequests');
  expect(operationId('POST', '/api/communication/chat/conversations/:id/read')).toBe(
    'postCommunicationChatConversationsByIdRead',
  );
  expect(operationId('PATCH', '/api/admin/system-settings')).toBe('patchAdminSystemSettings');
});
