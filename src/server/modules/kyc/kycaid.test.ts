import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycApplicant, kycEvent } from '#server/db/schema/kyc.ts';
import { FAKE_KYCAID_KEYS, type FakeKycaid, startFakeKycaid } from '#server/providers/kyc/test/fake-kycaid.ts';
import { createTestApp } from '#server/test/app.ts';
import { completed, kycState, memberReadyForKyc, pending, postCallback, startCheck } from './test/helpers.ts';

// The whole identity check with the KYCAID adapter, against a local fake of its API.

let fake: FakeKycaid;
let app: FastifyInstance;
const { apiToken, formId } = FAKE_KYCAID_KEYS;

beforeAll(async () => {
  fake = await startFakeKycaid({ apiToken, formId });
  app = await createTestApp({ kycaid: { apiToken, formId, apiUrl: fake.url }, baseUrl: 'https://tagalong.example' });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const applicantsCreated = () => fake.requests.filter((r) => r.path === '/applicants');

describe('identity check through KYCAID', () => {
  it('creates the applicant once and sends the member to the hosted form', async () => {
    const m = await memberReadyForKyc(app, 'kycaid-start@example.test', 'Josh Coffey');
    const before = applicantsCreated().length;

    const first = await startCheck(app, m.cookie, '/user/packages/carry-a-package');
    expect(first.statusCode).toBe(200);
    expect(first.json().url).toMatch(/^https:\/\//);
    const second = await startCheck(app, m.cookie);
    expect(second.statusCode).toBe(200);

    const created = applicantsCreated().slice(before);
    expect(created).toHaveLength(1);
    expect(created[0]?.body).toMatchObject({ type: 'PERSON', external_applicant_id: m.id });
    expect(created[0]?.headers.authorization).toBe(`Token ${apiToken}`);
    const formRequests = fake.requests.filter((r) => r.path === `/forms/${formId}/urls`).slice(-2);
    for (const r of formRequests) {
      expect(r.body).toMatchObject({ redirect_url: 'https://tagalong.example/kyc/kycaid-callback' });
    }
    const stored = await app.database.db.select().from(kycApplicant).where(eq(kycApplicant.userId, m.id));
    expect(stored).toHaveLength(1);
    expect((await kycState(app, m.cookie)).returnTo).toBeNull();
  });

  it('answers 503 when KYCAID fails, and the retry reuses the applicant', async () => {
    const m = await memberReadyForKyc(app, 'kycaid-down@example.test');
    fake.failNext(500);
    const res = await startCheck(app, m.cookie);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('KYC_PROVIDER_UNAVAILABLE');
    expect(JSON.stringify(res.json())).not.toContain(apiToken);
    expect((await startCheck(app, m.cookie)).statusCode).toBe(200);
  });

  it('approves on a callback signed with the API token; a forged one is 401; a replay changes nothing', async () => {
    const m = await memberReadyForKyc(app, 'kycaid-callback@example.test');
    await startCheck(app, m.cookie);
    const [applicant] = await app.database.db.select().from(kycApplicant).where(eq(kycApplicant.userId, m.id));
    const applicantId = applicant?.applicantId as string;

    const forged = await postCallback(app, completed(applicantId, true), 'not-the-api-token');
    expect(forged.statusCode).toBe(401);
    expect((await kycState(app, m.cookie)).status).toBe('not_started');

    const review = pending(applicantId);
    expect((await postCallback(app, review, apiToken)).statusCode).toBe(200);
    expect((await kycState(app, m.cookie)).status).toBe('pending');

    const decline = completed(applicantId, false);
    expect((await postCallback(app, decline, apiToken)).statusCode).toBe(200);
    expect(await kycState(app, m.cookie)).toMatchObject({ status: 'declined', reasons: ['The document has expired'] });
    // Replaying the earlier "pending" delivery would move a declined member back into review.
    expect((await postCallback(app, review, apiToken)).statusCode).toBe(200);
    expect((await kycState(app, m.cookie)).status).toBe('declined');

    // The member retries and passes; then the old decline arrives again and must not undo it.
    await startCheck(app, m.cookie);
    expect((await postCallback(app, completed(applicantId, true), apiToken)).statusCode).toBe(200);
    expect((await postCallback(app, decline, apiToken)).statusCode).toBe(200);
    expect((await postCallback(app, review, apiToken)).statusCode).toBe(200);
    const me = (await app.inject({ url: '/api/auth/me', headers: { cookie: m.cookie } })).json();
    expect(me).toMatchObject({ kycStatus: 'approved', verifiedProfile: true });
    const events = await app.database.db.select().from(kycEvent).where(eq(kycEvent.userId, m.id));
    expect(events).toHaveLength(3);
  });
});
