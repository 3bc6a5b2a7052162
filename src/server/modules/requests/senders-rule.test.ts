import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemSettings } from '#server/db/schema/settings.ts';
import { memberReadyForKyc } from '#server/modules/kyc/test/helpers.ts';
import { createDraft } from '#server/modules/packages/test/helpers.ts';
import { startPayment } from '#server/modules/payments/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { PackageRequest } from '#shared/requests.ts';
import { answer, createTrip, invite, offer, openPackage, verifiedMember } from './test/helpers.ts';

// "Senders need a verified profile" (docs/product.md §1.2, ADR 0051): on by default; switched off,
// a member with a confirmed e-mail and mobile number pays for packages, invites travelers and accepts
// their offers, while carrying (offering, accepting an invitation) still needs the identity check.

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
});
afterAll(() => app.close());
beforeEach(() => app.database.db.delete(systemSettings).where(eq(systemSettings.key, 'sendersNeedVerifiedProfile')));

const relax = () => app.database.db.insert(systemSettings).values({ key: 'sendersNeedVerifiedProfile', value: false });
const codeOf = (res: { json: () => unknown }) => (res.json() as { error?: { code?: string } }).error?.code;

describe('senders need a verified profile', () => {
  it('refuses a sender without the identity check by default', async () => {
    const sender = await memberReadyForKyc(app, 'rule-strict@example.test');
    const draft = await createDraft(app, sender.cookie);
    const res = await startPayment(app, sender.cookie, draft.id);
    expect(res.statusCode).toBe(403);
    expect(codeOf(res)).toBe('PROFILE_NOT_VERIFIED');
  });

  it('switched off, lets a sender with e-mail and mobile confirmed publish, invite and accept an offer', async () => {
    await relax();
    const sender = await memberReadyForKyc(app, 'rule-relaxed@example.test', 'Rita Relaxed');
    const pkg = await openPackage(app, sender);
    expect(pkg.status).toBe('open');

    const traveler = await verifiedMember(app, 'rule-traveler@example.test', 'Tom Traveler');
    const trip = await createTrip(app, traveler);
    const invited = await invite(app, sender.cookie, pkg.id, trip.id);
    expect(invited.statusCode).toBe(201);
    const withdrawn = await answer(app, sender.cookie, (invited.json() as PackageRequest).id, 'withdraw');
    expect(withdrawn.statusCode).toBe(200);

    const offered = await offer(app, traveler.cookie, pkg.id, trip.id);
    expect(offered.statusCode).toBe(201);
    const accepted = await answer(app, sender.cookie, (offered.json() as PackageRequest).id, 'accept');
    expect(accepted.statusCode).toBe(200);
  });

  it('switched off, still needs the e-mail and mobile number, and says so', async () => {
    await relax();
    const sender = await signUpVerified(app, 'rule-no-phone@example.test', 'Nora Nophone');
    const draft = await createDraft(app, sender.cookie);
    const res = await startPayment(app, sender.cookie, draft.id);
    expect(res.statusCode).toBe(403);
    expect(codeOf(res)).toBe('CONTACT_NOT_CONFIRMED');
  });

  it('switched off, still keeps carrying for verified profiles: no offer, no accepted invitation', async () => {
    const sender = await verifiedMember(app, 'rule-inviter@example.test', 'Ivy Inviter');
    const pkg = await openPackage(app, sender);
    await relax();
    const unverified = await memberReadyForKyc(app, 'rule-carrier@example.test', 'Cal Carrier');
    const trip = await createTrip(app, unverified);
    const offered = await offer(app, unverified.cookie, pkg.id, trip.id);
    expect(offered.statusCode).toBe(403);
    expect(codeOf(offered)).toBe('PROFILE_NOT_VERIFIED');

    const invited = await invite(app, sender.cookie, pkg.id, trip.id);
    expect(invited.statusCode).toBe(201);
    const accepted = await answer(app, unverified.cookie, (invited.json() as PackageRequest).id, 'accept');
    expect(accepted.statusCode).toBe(403);
    expect(codeOf(accepted)).toBe('PROFILE_NOT_VERIFIED');
  });
});
