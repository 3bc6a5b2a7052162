import { eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { exactTime } from '#server/db/cursors.ts';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { requests } from '#server/db/schema/requests.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import type { Transaction } from '#server/db/transaction.ts';
import type { Currency } from '#shared/money.ts';
import type { PackageStatus } from '#shared/package-status.ts';
import {
  type PackageRequest,
  REQUEST_LIMITS,
  type RequestAction,
  type RequestStarter,
  type RequestStatus,
} from '#shared/requests.ts';
import type { Transport } from '#shared/travel-plans.ts';
import { answererOf, proposerOf, rewardOnTable } from './proposal.ts';

// A request as each side sees it (docs/product.md §4): the package (cities only), the trip, the other
// member, and what I may do now. One query shape serves the list and the single request.

const sender = alias(user, 'request_sender');
const traveler = alias(user, 'request_traveler');

const city = (label: string | null, name: string | null, countryCode: string | null) =>
  label && name && countryCode ? { label, city: name, countryCode } : null;

/** The request with its package, trip and both members, filtered by `where`. */
export function requestRows(db: Database | Transaction, where: SQL | undefined) {
  return db
    .select({
      request: requests,
      exactCreatedAt: exactTime(requests.createdAt),
      pkg: {
        id: packages.id,
        senderId: packages.senderId,
        title: packages.title,
        status: packages.status,
        pickupLabel: packages.pickupLabel,
        pickupCity: packages.pickupCity,
        pickupCountry: packages.pickupCountry,
        dropoffLabel: packages.dropoffLabel,
        dropoffCity: packages.dropoffCity,
        dropoffCountry: packages.dropoffCountry,
        pickupFrom: packages.pickupFrom,
        deliverBy: packages.deliverBy,
        weightGrams: packages.weightGrams,
        reward: packages.reward,
        currency: packages.currency,
      },
      plan: {
        id: travelPlans.id,
        departureAt: travelPlans.departureAt,
        arrivalAt: travelPlans.arrivalAt,
        transport: travelPlans.transport,
      },
      sender: { id: sender.id, name: sender.name, image: sender.image },
      traveler: { id: traveler.id, name: traveler.name, image: traveler.image },
    })
    .from(requests)
    .innerJoin(packages, eq(packages.id, requests.packageId))
    .innerJoin(travelPlans, eq(travelPlans.id, requests.travelPlanId))
    .innerJoin(sender, eq(sender.id, packages.senderId))
    .innerJoin(traveler, eq(traveler.id, requests.travelerId))
    .where(where);
}

export type RequestViewRow = Awaited<ReturnType<typeof requestRows>>[number];

/** Who the viewer is on this request: its starter, the side that answers, or neither (an admin). */
export function sideOf(
  request: { startedBy: string; travelerId: string },
  senderId: string,
  viewerId: string,
): 'starter' | 'receiver' | null {
  const starterId = request.startedBy === 'traveler' ? request.travelerId : senderId;
  const receiverId = request.startedBy === 'traveler' ? senderId : request.travelerId;
  if (viewerId === starterId) return 'starter';
  if (viewerId === receiverId) return 'receiver';
  return null;
}

type Negotiation = Pick<typeof requests.$inferSelect, 'status' | 'startedBy' | 'proposedBy' | 'counters'>;

/** Either side may still end it: the receiver declines, the starter withdraws. */
const endOf = (side: 'starter' | 'receiver'): RequestAction => (side === 'receiver' ? 'decline' : 'withdraw');

/**
 * While pending: the side the proposal waits for accepts or counters it (docs/product.md §4.5); the
 * receiver may always decline and the starter withdraw.
 */
export function actionsOf(
  request: Negotiation,
  side: 'starter' | 'receiver' | null,
  role: RequestStarter,
): RequestAction[] {
  if (side === null) return [];
  // Agreed above the reward paid: the sender pays the difference, and either side may still end it.
  if (request.status === 'agreed') return role === 'sender' ? ['pay_difference', endOf(side)] : [endOf(side)];
  if (request.status !== 'pending') return [];
  const actions: RequestAction[] = [];
  if (answererOf(request) === role) {
    actions.push('accept');
    if (request.counters < REQUEST_LIMITS.counters) actions.push('counter');
  }
  actions.push(endOf(side));
  return actions;
}

/**
 * The request as `viewerId` sees it. An admin who is neither party sees it as its sender would,
 * without actions: the contract has no third role, and an admin only reads.
 */
export function toRequest(row: RequestViewRow, viewerId: string): PackageRequest {
  const { request, pkg, plan } = row;
  const side = sideOf(request, pkg.senderId, viewerId);
  const myRole = request.travelerId === viewerId ? 'traveler' : 'sender';
  const startedBy = request.startedBy as RequestStarter;
  return {
    id: request.id,
    status: request.status as RequestStatus,
    startedBy,
    myRole,
    direction: myRole === startedBy ? 'outgoing' : 'incoming',
    message: request.message,
    package: {
      id: pkg.id,
      title: pkg.title,
      status: pkg.status as PackageStatus,
      pickup: city(pkg.pickupLabel, pkg.pickupCity, pkg.pickupCountry),
      dropoff: city(pkg.dropoffLabel, pkg.dropoffCity, pkg.dropoffCountry),
      pickupFrom: pkg.pickupFrom?.toISOString() ?? null,
      deliverBy: pkg.deliverBy?.toISOString() ?? null,
      weightKg: pkg.weightGrams === null ? null : pkg.weightGrams / 1000,
      reward: pkg.reward,
      currency: pkg.currency as Currency,
    },
    travelPlan: {
      id: plan.id,
      departureAt: plan.departureAt.toISOString(),
      arrivalAt: plan.arrivalAt.toISOString(),
      transport: plan.transport as Transport,
    },
    proposal: {
      reward: rewardOnTable(request, pkg.reward),
      by: proposerOf(request),
      counters: request.counters,
      awaitsMe: side !== null && request.status === 'pending' && answererOf(request) === myRole,
    },
    difference: request.status === 'agreed' ? request.difference : null,
    counterpart: myRole === 'traveler' ? row.sender : row.traveler,
    actions: actionsOf(request, side, myRole),
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  };
}
