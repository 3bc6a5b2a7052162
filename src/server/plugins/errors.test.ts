import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { errorsPlugin } from './errors.ts';

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
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('VALIDATION_FAILED');
  });

  it('still answers other failures with 500', async () => {
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('INTERNAL');
  });
});
