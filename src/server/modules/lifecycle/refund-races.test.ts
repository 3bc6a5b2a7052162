import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ledgerEntries } from '#server/db/schema/payments.ts';
import { createNotifier } from '#server/modules/notifications/notifier.ts';
import { call } from '#server/modules/packages/test/helpers.ts';
import { cancelPaidPackage } from '#server/modules/payments/refunds.ts';
import { balance, ledgerIsBalanced } from '#server/modules/payments/test/helpers.ts';
import {
  paymentOf as paymentOfPackage,
  raceCast,
  racingProvider,
  settle,
} from '#server/modules/payments/test/racing-provider.ts';
import {
  answer,
  codesOf,
  createTrip,
  type Member,
  matchedPackage,
  offered,
  openPackage,
  storedPackage,
} from '#server/modules/requests/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { expirePackage } from './expire.ts';
import { resolveDispute } from './resolve.ts';

// A refund racing the move that rules it out: a sender's cancel against the traveler's pickup, two
// admins resolving one dispute opposite ways, the expiry against an acceptance. The provider stub
// starts the rival move from inside refund() and gives it time to commit before answering. When the
// status was checked without the package's lock, the rival won and the provider had refunded for a
// cancellation (or resolution, or expiry) that was then refused: money back to the sender that the
// ledger never saw, and escrow later released to the traveler as well. Now the refund is asked for
// under the lock, so the rival waits, finds the package moved on and is refused; the provider refunds
// exactly what the ledger records.

let app: FastifyInstance;
let sender: Member;
let traveler: Member;
let admin: Member;
let otherAdmin: Member;
let notifier: ReturnType<typeof createNotifier>;
const racing = racingProvider();
const { provider } = racing;

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  ({ sender, traveler, admin, otherAdmin } = await raceCast(app, 'race'));
  notifier = createNotifier({ gateway: app.gateway, log: app.log });
});
afterAll(() => app.close());
beforeEach(() => racing.reset());

const paymentOf = (packageId: string) => paymentOfPackage(app, packageId);

/** Where the package ended, and whether the ledger knows of every refund the provider made. */
const outcome = async (packageId: string) => ({
  status: (await storedPackage(app, packageId)).status,
  refundedAtProvider: racing.totalRefunded(),
  refundedInLedger: (await paymentOf(packageId)).refundedAmount,
});

const entryKinds = async (packageId: string) =>
  (await app.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.packageId, packageId)))
    .map((e) => e.kind)
    .sort();

describe('a refund racing the move that rules it out', () => {
  it("a sender's cancel racing the pickup: the provider refunds only if the cancellation is kept", async () => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    const codes = await codesOf(app, sender, pkg.id);
    const fees = await balance(app, 'platform_fees');
    racing.race(() => call(app, 'POST', `/api/packages/${pkg.id}/pickup`, traveler.cookie, { code: codes.pickupCode }));

    const cancel = await settle(
      cancelPaidPackage(app.database.db, notifier, provider, { packageId: pkg.id, actorId: sender.id, asAdmin: false }),
    );
    const pickup = await racing.rivalResult<LightMyRequestResponse>();

    // The cancellation held the package while the provider refunded: it wins, the pickup is refused,
    // and the ledger records exactly what the provider paid back.
    expect(await outcome(pkg.id)).toEqual({ status: 'cancelled', refundedAtProvider: 2500, refundedInLedger: 2500 });
    expect(cancel).toEqual({ ok: true });
    expect(pickup?.statusCode).toBe(409);
    expect((await paymentOf(pkg.id)).status).toBe('partially_refunded');
    expect(await entryKinds(pkg.id)).toEqual(['payment_received', 'refund_minus_fee']);
    expect(await balance(app, 'platform_fees')).toBe(fees + 250);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });

  it('two admins resolving one dispute opposite ways: one outcome, and money leaves escrow once', async () => {
    const { pkg } = await matchedPackage(app, sender, traveler);
    const codes = await codesOf(app, sender, pkg.id);
    await call(app, 'POST', `/api/packages/${pkg.id}/pickup`, traveler.cookie, { code: codes.pickupCode });
    await call(app, 'POST', `/api/packages/${pkg.id}/deliver`, traveler.cookie, { code: codes.deliveryCode });
    const opened = await call(app, 'POST', `/api/packages/${pkg.id}/dispute`, sender.cookie, {
      reason: 'damaged',
      details: 'The box arrived crushed on one side.',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const earned = await balance(app, `traveler:${traveler.id}`);
    const note = 'Looked at the photos from both sides';
    racing.race(() =>
      call(app, 'POST', `/api/admin/packages/${pkg.id}/dispute/resolve`, otherAdmin.cookie, {
        resolution: 'release_traveler',
        note,
      }),
    );

    const refund = await settle(
      resolveDispute(app.database.db, notifier, provider, admin.id, pkg.id, { resolution: 'refund_sender', note }),
    );
    const release = await racing.rivalResult<LightMyRequestResponse>();

    // Refunded to the sender and nothing released to the traveler: not both.
    expect({
      ...(await outcome(pkg.id)),
      releasedToTraveler: (await balance(app, `traveler:${traveler.id}`)) - earned,
    }).toEqual({ status: 'refunded', refundedAtProvider: 2750, refundedInLedger: 2750, releasedToTraveler: 0 });
    expect(refund).toEqual({ ok: true });
    expect(release?.statusCode).toBe(409);
    expect(await entryKinds(pkg.id)).toEqual(['dispute_refund', 'payment_received']);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });

  it('the expiry racing an acceptance: the provider refunds only if the expiry is kept', async () => {
    const pkg = await openPackage(app, sender);
    const trip = await createTrip(app, traveler);
    const request = await offered(app, traveler, pkg.id, trip.id);
    racing.race(() => answer(app, sender.cookie, request.id, 'accept'));

    const expiry = await settle(expirePackage(app.database.db, notifier, provider, { packageId: pkg.id }));
    const acceptance = await racing.rivalResult<LightMyRequestResponse>();

    expect(await outcome(pkg.id)).toEqual({ status: 'expired', refundedAtProvider: 2750, refundedInLedger: 2750 });
    expect(expiry).toEqual({ ok: true });
    expect(acceptance?.statusCode).toBe(409);
    expect(await entryKinds(pkg.id)).toEqual(['payment_received', 'refund']);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });
});
