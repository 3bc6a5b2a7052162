import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { requests } from '#server/db/schema/requests.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { assertMaySend, isVerifiedProfile, type SessionUser } from '#server/modules/auth/service.ts';
import type { Notifier, Notify } from '#server/modules/notifications/public.ts';
import type { PackageRow } from '#server/modules/packages/public.ts';
import { visiblePackage } from '#server/modules/packages/public.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import { AppError } from '#shared/errors.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import type { Invite, Offer, PackageRequest } from '#shared/requests.ts';
import { misfitsOf } from './fit.ts';
import { getRequest } from './list.ts';
import { assertProposable } from './proposal.ts';
import { type TravelPlanRow, visiblePlan } from './trip.ts';

// Starting a request (docs/product.md §4): a traveler offers one of their trips for an open package, or a
// sender invites someone's trip for their open package. Both need a verified profile (§1), an open
// package, an active trip that fits it, and no other pending request between the package and that
// traveler (a partial unique index, so two clicks cannot make two).

type Member = Pick<SessionUser, 'id' | 'role' | 'emailVerified' | 'phoneNumberVerified' | 'kycStatus'>;

const unverified = (what: string) =>
  new AppError('PROFILE_NOT_VERIFIED', { detail: `unverified member tried to ${what}` });

const notOpen = (pkg: PackageRow) => new AppError('PACKAGE_NOT_OPEN', { params: { status: pkg.status } });

const notActive = (plan: TravelPlanRow) => new AppError('TRAVEL_PLAN_NOT_ACTIVE', { params: { status: plan.status } });

async function assertFits(tx: Transaction, pkg: PackageRow, plan: TravelPlanRow, radiusKm: number) {
  const misfits = await misfitsOf(tx, pkg, plan, radiusKm);
  if (misfits.length > 0) {
    throw new AppError('VALIDATION_FAILED', { fields: { travelPlanId: misfits } });
  }
}

const amount = (reward: number | null, pkg: PackageRow) => formatMoney(reward ?? 0, pkg.currency as Currency, 'en');

async function insertRequest(
  tx: Transaction,
  notify: Notify,
  values: {
    pkg: PackageRow;
    plan: TravelPlanRow;
    startedBy: 'traveler' | 'sender';
    message: string | undefined;
    /** A reward proposed instead of the package's (docs/product.md §4.5), checked by the caller. */
    reward: number | undefined;
  },
): Promise<string> {
  const { pkg, plan, startedBy } = values;
  const reward = values.reward ?? pkg.reward;
  const proposes = reward !== pkg.reward;
  const [created] = await tx
    .insert(requests)
    .values({
      packageId: pkg.id,
      travelerId: plan.travelerId,
      travelPlanId: plan.id,
      startedBy,
      message: values.message ? values.message : null,
      reward,
      proposedBy: startedBy,
    })
    .onConflictDoNothing()
    .returning({ id: requests.id });
  if (!created) {
    throw new AppError('REQUEST_ALREADY_PENDING', { params: { by: startedBy } });
  }
  await notify(
    startedBy === 'traveler'
      ? {
          userId: pkg.senderId,
          type: 'request_received',
          title: 'A traveler offers to carry your package',
          body: `Someone travelling ${plan.originCity} → ${plan.destinationCity} offers to carry "${pkg.title}"${proposes ? ` for ${amount(reward, pkg)}` : ''}.`,
          link: '/user/packages/requests',
          data: { requestId: created.id, packageId: pkg.id },
        }
      : {
          userId: plan.travelerId,
          type: 'request_received',
          title: 'You are invited to carry a package',
          body: `A sender invites you to carry "${pkg.title}" on your trip ${plan.originCity} → ${plan.destinationCity}${proposes ? ` for ${amount(reward, pkg)}` : ''}.`,
          link: '/user/packages/requests',
          data: { requestId: created.id, packageId: pkg.id },
        },
  );
  return created.id;
}

/** POST /api/requests/offers: "Offer to carry" with one of my active trips. */
export async function offerToCarry(
  db: Database,
  notifier: Notifier,
  store: SettingsStore,
  viewer: Member,
  input: Offer,
): Promise<PackageRequest> {
  if (!isVerifiedProfile(viewer)) throw unverified('offer to carry a package');
  const settings = await store.current();
  const id = await notifier.transaction(db, async (tx, notify) => {
    // The package first, locked: an acceptance holds the same lock, so no offer slips in after a match.
    const { row: pkg } = await visiblePackage(tx, input.packageId, viewer, true);
    if (pkg.senderId === viewer.id) {
      throw new AppError('VALIDATION_FAILED', { fields: { packageId: ['This is your own package'] } });
    }
    if (pkg.status !== 'open') throw notOpen(pkg);
    const { row: plan, relation } = await visiblePlan(tx, input.travelPlanId, viewer, true);
    if (relation !== 'owner') throw new AppError('REQUEST_OWN_TRIP_ONLY');
    if (plan.status !== 'active') throw notActive(plan);
    await assertFits(tx, pkg, plan, settings.matchRadiusMaxKm);
    if (input.reward !== undefined) assertProposable(input.reward, pkg, settings);
    return insertRequest(tx, notify, {
      pkg,
      plan,
      startedBy: 'traveler',
      message: input.message,
      reward: input.reward,
    });
  });
  return getRequest(db, viewer, id);
}

/** POST /api/requests/invites: "Invite" a traveler's active trip for my open package. */
export async function inviteTraveler(
  db: Database,
  notifier: Notifier,
  store: SettingsStore,
  viewer: Member,
  input: Invite,
): Promise<PackageRequest> {
  const settings = await store.current();
  assertMaySend(viewer, settings, 'invite a traveler');
  const id = await notifier.transaction(db, async (tx, notify) => {
    const { row: pkg, relation } = await visiblePackage(tx, input.packageId, viewer, true);
    if (relation !== 'sender') throw new AppError('REQUEST_SENDER_ONLY');
    if (pkg.status !== 'open') throw notOpen(pkg);
    const { row: plan } = await visiblePlan(tx, input.travelPlanId, viewer, true);
    if (plan.travelerId === viewer.id) {
      throw new AppError('VALIDATION_FAILED', { fields: { travelPlanId: ['This is your own trip'] } });
    }
    if (plan.status !== 'active') throw notActive(plan);
    const [traveler] = await tx
      .select({ banned: user.banned, deletedAt: user.deletedAt })
      .from(user)
      .where(eq(user.id, plan.travelerId));
    if (!traveler || traveler.banned || traveler.deletedAt) {
      throw new AppError('TRAVELER_UNAVAILABLE');
    }
    await assertFits(tx, pkg, plan, settings.matchRadiusMaxKm);
    if (input.reward !== undefined) assertProposable(input.reward, pkg, settings);
    return insertRequest(tx, notify, { pkg, plan, startedBy: 'sender', message: input.message, reward: input.reward });
  });
  return getRequest(db, viewer, id);
}
