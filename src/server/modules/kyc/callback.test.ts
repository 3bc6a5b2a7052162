import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { kycApplicant, kycCallbackReceipt, kycEvent } from '#server/db/schema/kyc.ts';
import { SIGNATURE_HEADER, signCallback } from '#server/providers/kyc/callback.ts';
import { sandboxSigningKey } from '#server/providers/kyc/sandbox.ts';
import { createTestApp, testConfig } from '#server/test/app.ts';
import { completed, kycState, memberReadyForKyc, pending, postCallback, startCheck } from './test/helpers.ts';

// The callback endpoint with the embedded provider, whose callbacks are KYCAID's, signed with a
// key derived from the auth secret: the same code path as production from here on.

let app: FastifyInstance;
const key = sandboxSigningKey(testConfig().authSecret);

beforeAll(async () => {
  app = await createTestApp({ kycSandboxDelayMs: 0 });
  await app.ready();
});
afterAll(() => app.close());

async function memberWithApplicant(email: string) {
  const member = await memberReadyForKyc(app, email);
  await startCheck(app, member.cookie);
  const [row] = await app.database.db.select().from(kycApplicant).where(eq(kycApplicant.userId, member.id));
  if (!row) throw new Error('no applicant stored');
  return { ...member, applicantId: row.applicantId };
}

/** What the request loggers warned while `run` ran, as [details, message] pairs. */
async function warningsDuring(run: () => Promise<void>): Promise<unknown[][]> {
  const warnings: unknown[][] = [];
  const child = app.log.child.bind(app.log);
  const spy = vi.spyOn(app.log, 'child').mockImplementation((bindings, options) => {
    const logger = child(bindings, options);
    logger.warn = (...args: unknown[]) => {
      warnings.push(args);
    };
    return logger;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return warnings;
}

const receipts = async () => (await app.database.db.select({ n: count() }).from(kycCallbackReceipt))[0]?.n ?? 0;

describe('POST /api/kyc/kycaid/callback', () => {
  it('approves with a valid signature', async () => {
    const m = await memberWithApplicant('cb-approve@example.test');
    const res = await postCallback(app, completed(m.applicantId, true), key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await kycState(app, m.cookie)).status).toBe('approved');
  });

  it('rejects a missing or wrong signature with 401 and changes nothing', async () => {
    const m = await memberWithApplicant('cb-forged@example.test');
    const before = await receipts();
    const body = JSON.stringify(completed(m.applicantId, true));
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/kyc/kycaid/callback',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
    const forged = await app.inject({
      method: 'POST',
      url: '/api/kyc/kycaid/callback',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(body, 'someone-elses-key') },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    // Signed for one body, sent with another.
    const swapped = await app.inject({
      method: 'POST',
      url: '/api/kyc/kycaid/callback',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(`${body} `, key) },
      payload: body,
    });
    expect(swapped.statusCode).toBe(401);
    expect((await kycState(app, m.cookie)).status).toBe('not_started');
    expect(await receipts()).toBe(before);
  });

  it('changes nothing when a delivery is replayed', async () => {
    const m = await memberWithApplicant('cb-replay@example.test');
    const decline = completed(m.applicantId, false);
    expect((await postCallback(app, decline, key)).statusCode).toBe(200);
    expect((await postCallback(app, pending(m.applicantId), key)).statusCode).toBe(200);
    expect((await kycState(app, m.cookie)).status).toBe('pending');
    const replay = await postCallback(app, decline, key);
    expect(replay.statusCode).toBe(200);
    expect((await kycState(app, m.cookie)).status).toBe('pending');
    const events = await app.database.db.select().from(kycEvent).where(eq(kycEvent.userId, m.id));
    expect(events).toHaveLength(2);
  });

  it('reads decline reasons from every failed verification step', async () => {
    const m = await memberWithApplicant('cb-reasons@example.test');
    await postCallback(
      app,
      completed(m.applicantId, false, {
        verifications: {
          profile: { verified: true, comment: '', decline_reasons: [] },
          document: { verified: false, comment: 'Expired document', decline_reasons: ['DOCUMENT_EXPIRED'] },
          facial: { verified: false, comment: 'Face does not match', decline_reasons: [] },
        },
      }),
      key,
    );
    expect(await kycState(app, m.cookie)).toMatchObject({
      status: 'declined',
      reasons: ['DOCUMENT_EXPIRED', 'Expired document', 'Face does not match'],
    });
  });

  it('never moves an approved member back (only an admin can)', async () => {
    const m = await memberWithApplicant('cb-approved@example.test');
    await postCallback(app, completed(m.applicantId, true), key);
    await postCallback(app, pending(m.applicantId), key);
    await postCallback(app, completed(m.applicantId, false), key);
    expect((await kycState(app, m.cookie)).status).toBe('approved');
  });

  it('acknowledges an unknown applicant with 200 so the provider stops retrying', async () => {
    const res = await postCallback(app, completed('no-such-applicant', true), key);
    expect(res.statusCode).toBe(200);
  });

  it('records nothing for an applicant not stored yet, so the same delivery is applied once it is', async () => {
    // The callback can arrive before the start has stored the applicant: the row is set aside to
    // stand for that moment, and put back as the start's write would.
    const m = await memberWithApplicant('cb-early@example.test');
    const stored = await app.database.db.delete(kycApplicant).where(eq(kycApplicant.userId, m.id)).returning();
    const before = await receipts();
    const early = completed(m.applicantId, true);

    const warnings = await warningsDuring(async () => {
      expect((await postCallback(app, early, key)).statusCode).toBe(200);
    });
    expect(warnings).toContainEqual([
      { applicantId: m.applicantId, requestId: early.request_id },
      'kyc callback for an unknown applicant',
    ]);
    expect(await receipts()).toBe(before);
    expect(await kycState(app, m.cookie)).toMatchObject({ status: 'not_started', attempt: { status: 'started' } });
    expect(await app.database.db.select().from(kycEvent).where(eq(kycEvent.userId, m.id))).toEqual([]);

    await app.database.db.insert(kycApplicant).values(stored);
    expect((await postCallback(app, early, key)).statusCode).toBe(200);
    expect(await kycState(app, m.cookie)).toMatchObject({ status: 'approved', attempt: { status: 'approved' } });
    expect(await receipts()).toBe(before + 1);
  });

  it('answers 400 to a signed body that is not a callback', async () => {
    expect((await postCallback(app, 'not json', key)).statusCode).toBe(400);
    expect((await postCallback(app, { hello: 'world' }, key)).statusCode).toBe(400);
  });

  it('never answers 5xx to fuzzed bodies and headers', async () => {
    // A seeded generator, so a failure can be replayed.
    let seed = 20261121;
    const next = () => {
      // mulberry32
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % 1_000_000;
    };
    const shapes = [
      () => randomBytes(next() % 300),
      () => Buffer.from(JSON.stringify({ request_id: next(), type: ['VERIFICATION_COMPLETED', 7, null][next() % 3] })),
      () =>
        Buffer.from(
          JSON.stringify(completed(String(next()), next() % 2 === 0, next() % 2 ? {} : { verifications: next() })),
        ),
      () => Buffer.from('{"request_id":'.repeat(next() % 50)),
      () => Buffer.from(JSON.stringify([completed('x', true)])),
    ];
    const contentTypes = ['application/json', 'text/plain', 'application/octet-stream', 'multipart/form-data', ''];
    const statuses = new Set<number>();
    for (let i = 0; i < 150; i++) {
      const body = (shapes[next() % shapes.length] as () => Buffer)();
      const signed = next() % 2 === 0;
      const headers: Record<string, string> = {};
      const type = contentTypes[next() % contentTypes.length];
      if (type) headers['content-type'] = type;
      headers[SIGNATURE_HEADER] = signed ? signCallback(body, key) : randomBytes(next() % 80).toString('hex');
      const res = await app.inject({ method: 'POST', url: '/api/kyc/kycaid/callback', headers, payload: body });
      statuses.add(res.statusCode);
      expect(res.statusCode, `case ${i}`).toBeLessThan(500);
      if (!signed) expect(res.statusCode, `case ${i}`).toBe(401);
    }
    expect([...statuses].sort()).toEqual([200, 400, 401]);
  });
});
