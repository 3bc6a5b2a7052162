import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { payments } from '#server/db/schema/payments.ts';
import { paymentReceived, postEntry } from '#server/modules/ledger/public.ts';
import { releasePayment } from '#server/modules/payments/public.ts';
import { signUpVerified, testPhoneNumber, verifyPhone } from '#server/test/users.ts';
import type { Currency } from '#shared/money.ts';

// Money for a traveler, through the real ledger services: a sender's package carried by the traveler,
// paid (payment received into escrow, as the webhook posts it) and, when delivered, released.

/** A verified member: e-mail, mobile and an approved identity check (written as the admin override would). */
export async function verifiedMember(app: FastifyInstance, email: string, name = 'Tara Traveler') {
  const member = await signUpVerified(app, email, name);
  await verifyPhone(app, member.cookie, testPhoneNumber());
  await app.database.db.update(user).set({ kycStatus: 'approved' }).where(eq(user.id, member.id));
  await app.sessions.userChanged(member.id);
  return member;
}

/** A package the traveler carries, paid and held in escrow (not released): "pending" for them. */
export async function carriedPaidPackage(
  app: FastifyInstance,
  input: { senderId: string; travelerId: string; reward: number; fee?: number; currency?: Currency; title?: string },
) {
  const fee = input.fee ?? 250;
  const currency = input.currency ?? 'EUR';
  return app.database.db.transaction(async (tx) => {
    const [pkg] = await tx
      .insert(packages)
      .values({
        senderId: input.senderId,
        travelerId: input.travelerId,
        title: input.title ?? 'Carried parcel',
        status: 'matched',
        currency,
        reward: input.reward,
      })
      .returning();
    const [payment] = await tx
      .insert(payments)
      .values({
        packageId: pkg?.id as string,
        senderId: input.senderId,
        provider: 'sandbox',
        status: 'succeeded',
        amount: input.reward + fee,
        reward: input.reward,
        fee,
        currency,
        providerRef: `cs_sandbox_${randomUUID()}`,
      })
      .returning();
    await postEntry(
      tx,
      paymentReceived({
        paymentId: payment?.id as string,
        packageId: pkg?.id as string,
        senderId: input.senderId,
        amount: input.reward + fee,
        currency,
      }),
    );
    return { packageId: pkg?.id as string, paymentId: payment?.id as string };
  });
}

/** The delivery completed: the reward leaves escrow for the traveler's available balance. */
export async function release(app: FastifyInstance, packageId: string, travelerId: string) {
  await app.database.db.transaction((tx) => releasePayment(tx, { packageId, travelerId }));
}

/** A completed delivery worth `reward` to the traveler. */
export async function earn(
  app: FastifyInstance,
  input: { senderId: string; travelerId: string; reward: number; currency?: Currency; title?: string },
) {
  const carried = await carriedPaidPackage(app, input);
  await release(app, carried.packageId, input.travelerId);
  return carried;
}

/** Valid IBANs (mod-97) from the banks' own examples. */
export const IBANS = {
  de: 'DE89370400440532013000',
  gb: 'GB82WEST12345698765432',
  fr: 'FR1420041010050500013M02606',
} as const;
