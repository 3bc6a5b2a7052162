import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { errorsPlugin, frameworkErrorHandler } from './errors.ts';

// The safety net behind the shared contract: text the database refuses is the client's error, not ours.
describe('errors plugin', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = Fastify();
    await app.register(errorsPlugin);
    // A route with no schema, standing for one whose schema let such text through.
    app.post<{ Body: { value: string } }>('/echo', async (req) => {
      await database.db.execute(sql`select ${req.body.value}::text as value`);
      return { ok: true };
    });
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers a NUL character the database refused with 400, not 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { value: 'a\u0000b' } });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('UNSTORABLE_TEXT');
  });

  it('still answers other failures with 500', async () => {
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('INTERNAL');
  });
});

// The router answers malformed URLs before any route runs; they keep the one error shape too.
describe('frameworkErrorHandler', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ frameworkErrors: frameworkErrorHandler });
    await app.register(errorsPlugin);
    app.get('/things/:id', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a path parameter longer than the router takes with 414 in the error shape', async () => {
    const res = await app.inject(`/things/${'x'.repeat(5000)}`);
    expect(res.statusCode).toBe(414);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('INVALID_ADDRESS');
    expect(res.body).not.toContain('xxxxxxxxxx');
  });

  it('answers bad percent-encoding with 400 in the error shape', async () => {
    const res = await app.inject('/things/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('INVALID_ADDRESS');
  });
});
