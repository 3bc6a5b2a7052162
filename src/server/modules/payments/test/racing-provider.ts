import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments } from '#server/db/schema/payments.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { verifiedMember } from '#server/modules/requests/test/helpers.ts';
import { createPaymentProvider } from '#server/providers/payments/create.ts';
import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import { testConfig } from '#server/test/app.ts';

/**
 * The sandbox provider with a hook in refund(): the next rival move set with `race()` starts from
 * inside the refund and gets time to commit before the provider answers. That is the window in which
 * a refund asked of the provider outside the package's lock used to lose its race after paying.
 */
export function racingProvider() {
  const config = testConfig();
  const sandbox = createPaymentProvider({ baseUrl: config.baseUrl, authSecret: config.authSecret });
  /** What the provider was asked to refund, in order. */
  const refunded: number[] = [];
  let rival: (() => Promise<unknown>) | null = null;
  let rivalDone: Promise<unknown> | null = null;
  const provider: PaymentProvider = {
    ...sandbox,
    async refund(payment, amount, options) {
      refunded.push(amount);
      const move = rival;
      rival = null;
      if (move) {
        rivalDone = move();
        // Long enough for the rival to commit if nothing holds it back; one that waits on our lock
        // is not waited for, or neither side could finish.
        await Promise.race([rivalDone, sleep(300)]);
      }
      return sandbox.refund(payment, amount, options);
    },
  };
  return {
    provider,
    /** The rival move for the next refund(); its result comes back from `rivalResult()`. */
    race<T>(move: () => Promise<T>) {
      rival = move;
    },
    rivalResult<T>(): Promise<T> {
      if (!rivalDone) throw new Error('no rival was started: the provider was never asked to refund');
      return rivalDone as Promise<T>;
    },
    totalRefunded: () => refunded.reduce((sum, amount) => sum + amount, 0),
    reset() {
      refunded.length = 0;
      rival = null;
      rivalDone = null;
    },
  };
}

/** A move's outcome as a value: ok, or the error's code. */
export const settle = <T>(p: Promise<T>) =>
  p.then(
    () => ({ ok: true as const }),
    (err: unknown) => ({ ok: false as const, code: (err as { code?: string }).code }),
  );

export async function paymentOf(app: FastifyInstance, packageId: string) {
  const [row] = await app.database.db.select().from(payments).where(eq(payments.packageId, packageId));
  if (!row) throw new Error(`no payment for ${packageId}`);
  return row;
}

/** Who races: a sender and a traveler with a package between them, and two admins, all verified. */
export async function raceCast(app: FastifyInstance, prefix: string) {
  const [sender, traveler, admin, otherAdmin] = await Promise.all([
    verifiedMember(app, `${prefix}-sender@example.test`, 'Rita Sender'),
    verifiedMember(app, `${prefix}-traveler@example.test`, 'Remy Traveler'),
    verifiedMember(app, `${prefix}-admin@example.test`, 'Ada Admin'),
    verifiedMember(app, `${prefix}-admin-2@example.test`, 'Bo Admin'),
  ]);
  await makeAdmin(app, admin.id);
  await makeAdmin(app, otherAdmin.id);
  return { sender, traveler, admin, otherAdmin };
}
