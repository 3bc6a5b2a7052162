import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import { requests } from '#server/db/schema/requests.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import { AppError } from '#shared/errors.ts';
import { type CounterOffer, type PackageRequest, REQUEST_LIMITS } from '#shared/requests.ts';
import { assertMyTurn, type Member, money, myRequest, notPending } from './answer.ts';
import { getRequest, requestNotFound } from './list.ts';
import { assertProposable, rewardOnTable } from './proposal.ts';

/**
 * "Counter" (docs/product.md §4.5): the side a proposal waits for puts another reward on the table, and
 * the other side now answers. Locks the package then the request, like every answer: a counter-offer
 * racing an acceptance or another counter-offer of the same request finds, once it has the lock, that
 * the turn has passed, and changes nothing.
 */
export async function counterRequest(
  db: Database,
  notifier: Notifier,
  store: SettingsStore,
  viewer: Member,
  requestId: string,
  input: CounterOffer,
): Promise<PackageRequest> {
  const settings = await store.current();
  await notifier.transaction(db, async (tx, notify) => {
    const found = await myRequest(tx, requestId, viewer);
    const [pkg] = await tx.select().from(packages).where(eq(packages.id, found.request.packageId)).for('update');
    const [request] = await tx.select().from(requests).where(eq(requests.id, requestId)).for('update');
    if (!pkg || !request) throw requestNotFound();
    if (request.status !== 'pending') throw notPending(request.status, 'countered');
    if (pkg.status !== 'open') throw new AppError('PACKAGE_NOT_OPEN', { params: { status: pkg.status } });
    assertMyTurn(request, found.role, 'counter');
    if (request.counters >= REQUEST_LIMITS.counters) {
      throw new AppError('REQUEST_COUNTER_LIMIT', { params: { max: REQUEST_LIMITS.counters } });
    }
    if (input.reward === rewardOnTable(request, pkg.reward)) {
      throw new AppError('VALIDATION_FAILED', {
        fields: { reward: ['This is the amount on the table already: accept it, or propose another'] },
      });
    }
    assertProposable(input.reward, pkg, settings);
    await tx
      .update(requests)
      .set({
        reward: input.reward,
        proposedBy: found.role,
        counters: sql`${requests.counters} + 1`,
        message: input.message ? input.message : request.message,
        updatedAt: new Date(),
      })
      .where(eq(requests.id, request.id));
    const amount = money(input.reward, pkg.currency);
    await notify({
      userId: found.role === 'traveler' ? pkg.senderId : request.travelerId,
      type: 'request_countered',
      title: 'A new reward is proposed',
      body:
        found.role === 'traveler'
          ? `The traveler proposes ${amount} to carry "${pkg.title}". Accept it, or counter.`
          : `The sender proposes ${amount} for carrying "${pkg.title}". Accept it, or counter.`,
      link: '/user/packages/requests',
      data: { requestId: request.id, packageId: pkg.id, reward: input.reward },
    });
  });
  return getRequest(db, viewer, requestId);
}
