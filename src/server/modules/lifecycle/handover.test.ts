import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '#server/db/schema/outbox.ts';
import { packages } from '#server/db/schema/packages.ts';
import { call } from '#server/modules/packages/test/helpers.ts';
import {
  codesOf,
  type Member,
  matchedPackage,
  snapshot,
  storedPackage,
  verifiedMember,
  wrongCode,
} from '#server/modules/requests/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { CODE_LOCK_MINUTES, MAX_CODE_ATTEMPTS } from '#shared/lifecycle.ts';
import type { Package } from '#shared/packages.ts';
import { DELIVERY_SMS_PER_HOUR } from './delivery-sms.ts';

// The handover codes: wrong codes are refused and counted, the fifth in a row
// locks the step for an hour, the lock ends on time, a right code resets the count; only the sender
// sees the codes, and can have the delivery code texted to the recipient a few times an hour.

let app: FastifyInstance;
let sender: Member;
let traveler: Member;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  sender = await verifiedMember(app, 'code-sender@example.test', 'Cora Sender');
  traveler = await verifiedMember(app, 'code-traveler@example.test', 'Carl Traveler');
});
afterAll(() => app.close());

const enter = (packageId: string, step: 'pickup' | 'deliver', code: string, cookie = traveler.cookie) =>
  call(app, 'POST', `/api/packages/${packageId}/${step}`, cookie, { code });

describe('wrong codes', () => {
  it('are refused and counted; the fifth locks the step for an hour; a right code after the lock resets', async () => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    const { pickupCode } = await codesOf(app, sender, pkg.id);
    const wrong = wrongCode(pickupCode as string);

    for (let attempt = 1; attempt < MAX_CODE_ATTEMPTS; attempt++) {
      const before = await snapshot(app, pkg.id);
      const res = await enter(pkg.id, 'pickup', wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'INVALID_PICKUP_CODE',
        params: { triesLeft: MAX_CODE_ATTEMPTS - attempt, lockMinutes: CODE_LOCK_MINUTES },
      });
      expect(res.json().error.fields.code[0]).toMatch(`${MAX_CODE_ATTEMPTS - attempt} tr`);
      const after = await snapshot(app, pkg.id);
      expect(after.row.status).toBe('matched');
      expect(after.row.pickupAttempts).toBe(attempt);
      // A wrong code moves nothing and tells nobody.
      expect(after.events).toBe(before.events);
      expect(after.notifications).toBe(before.notifications);
    }

    const locking = await enter(pkg.id, 'pickup', wrong);
    const lockedAt = Date.now();
    expect(locking.statusCode).toBe(429);
    expect(locking.json().error).toMatchObject({ code: 'HANDOVER_JUST_LOCKED', params: { minutes: 60 } });
    expect(Number(locking.headers['retry-after'])).toBeGreaterThan(CODE_LOCK_MINUTES * 60 - 30);
    expect(Number(locking.headers['retry-after'])).toBeLessThanOrEqual(CODE_LOCK_MINUTES * 60);
    const locked = await storedPackage(app, pkg.id);
    expect(locked.pickupAttempts).toBe(0);
    const reopens = locked.pickupLockedUntil?.getTime() ?? 0;
    expect(Math.abs(reopens - (lockedAt + CODE_LOCK_MINUTES * 60_000))).toBeLessThan(30_000);
    const view = (await call(app, 'GET', `/api/packages/${pkg.id}`, traveler.cookie)).json() as Package;
    expect(view.codeLockedUntil).toBe(locked.pickupLockedUntil?.toISOString());

    // While locked even the right code is refused, and nothing changes.
    const before = await snapshot(app, pkg.id);
    const duringLock = await enter(pkg.id, 'pickup', pickupCode as string);
    expect(duringLock.statusCode).toBe(429);
    expect(duringLock.json().error.code).toBe('HANDOVER_LOCKED');
    expect(Number(duringLock.headers['retry-after'])).toBeGreaterThan(0);
    expect(await snapshot(app, pkg.id)).toEqual(before);

    // The hour passes (moved back in the table rather than waited for).
    await app.database.db
      .update(packages)
      .set({ pickupLockedUntil: new Date(Date.now() - 1000), pickupAttempts: 3 })
      .where(eq(packages.id, pkg.id));
    const reopened = await enter(pkg.id, 'pickup', pickupCode as string);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'in_transit', codeLockedUntil: null });
    const after = await storedPackage(app, pkg.id);
    expect(after).toMatchObject({ pickupAttempts: 0, pickupLockedUntil: null });
  });

  it('are counted for the delivery code on their own, and a right code resets the count', async () => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    const { pickupCode, deliveryCode } = await codesOf(app, sender, pkg.id);
    // The delivery code is not the pickup code's stand-in, nor the other way round.
    if (pickupCode !== deliveryCode)
      expect((await enter(pkg.id, 'pickup', deliveryCode as string)).statusCode).toBe(400);
    expect((await enter(pkg.id, 'pickup', pickupCode as string)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await enter(pkg.id, 'deliver', wrongCode(deliveryCode as string));
      expect(res.json().error).toMatchObject({ code: 'INVALID_DELIVERY_CODE' });
    }
    expect(await storedPackage(app, pkg.id)).toMatchObject({ deliveryAttempts: 2, pickupAttempts: 0 });
    const done = await enter(pkg.id, 'deliver', deliveryCode as string);
    expect(done.statusCode).toBe(200);
    expect(await storedPackage(app, pkg.id)).toMatchObject({ status: 'delivered', deliveryAttempts: 0 });
  });

  it('the fifth wrong delivery code locks delivery, not pickup', async () => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    const { pickupCode, deliveryCode } = await codesOf(app, sender, pkg.id);
    await enter(pkg.id, 'pickup', pickupCode as string);
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i++) await enter(pkg.id, 'deliver', wrongCode(deliveryCode as string));
    expect((await enter(pkg.id, 'deliver', wrongCode(deliveryCode as string))).statusCode).toBe(429);
    const row = await storedPackage(app, pkg.id);
    expect(row.deliveryLockedUntil?.getTime()).toBeGreaterThan(Date.now());
    expect(row.pickupLockedUntil).toBeNull();
    expect((await enter(pkg.id, 'deliver', deliveryCode as string)).statusCode).toBe(429);
    expect((await storedPackage(app, pkg.id)).status).toBe('in_transit');
  });

  it('a malformed code is a 400 that counts nothing', async () => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    for (const code of ['12345', '1234567', 'abcdef']) {
      expect((await enter(pkg.id, 'pickup', code)).statusCode).toBe(400);
    }
    expect((await storedPackage(app, pkg.id)).pickupAttempts).toBe(0);
  });
});

describe('the codes and the text message', () => {
  it('are the sender’s alone', async () => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    const outsider = await verifiedMember(app, 'code-outsider@example.test', 'Oz Outsider');
    const url = `/api/packages/${pkg.id}/codes`;
    expect((await call(app, 'GET', url, traveler.cookie)).json().error.code).toBe('CODES_SENDER_ONLY');
    expect((await call(app, 'GET', url, outsider.cookie)).statusCode).toBe(403);
    expect((await call(app, 'GET', url)).statusCode).toBe(401);
    const sms = `/api/packages/${pkg.id}/delivery-code/sms`;
    expect((await call(app, 'POST', sms, traveler.cookie)).json().error.code).toBe('DELIVERY_SMS_SENDER_ONLY');
    expect((await call(app, 'POST', sms, outsider.cookie)).statusCode).toBe(403);
    expect((await call(app, 'POST', sms)).statusCode).toBe(401);
  });

  it("texts the delivery code to the recipient's phone through the outbox, a few times an hour", async () => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    const { deliveryCode } = await codesOf(app, sender, pkg.id);
    const url = `/api/packages/${pkg.id}/delivery-code/sms`;
    for (let i = 0; i < DELIVERY_SMS_PER_HOUR; i++) {
      expect((await call(app, 'POST', url, sender.cookie)).statusCode).toBe(204);
    }
    const texts = await app.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.to, pkg.recipientPhone as string))
      .orderBy(desc(smsOutbox.createdAt));
    expect(texts).toHaveLength(DELIVERY_SMS_PER_HOUR);
    expect(texts[0]?.text).toContain(deliveryCode as string);
    expect(texts[0]?.text).toContain('Cora Sender');

    const limited = await call(app, 'POST', url, sender.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({
      code: 'DELIVERY_SMS_LIMIT',
      params: { times: DELIVERY_SMS_PER_HOUR },
    });
    const after = await app.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.to, pkg.recipientPhone as string));
    expect(after).toHaveLength(DELIVERY_SMS_PER_HOUR);

    // Once delivered there is no code left to send.
    const { pickupCode } = await codesOf(app, sender, pkg.id);
    await enter(pkg.id, 'pickup', pickupCode as string);
    await enter(pkg.id, 'deliver', deliveryCode as string);
    expect((await call(app, 'POST', url, sender.cookie)).statusCode).toBe(409);
  });
});
