import { and, count, desc, eq, gt, or, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { session, user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { payments, payouts } from '#server/db/schema/payments.ts';
import { requests, reviews } from '#server/db/schema/requests.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { getBalance } from '#server/modules/balances/service.ts';
import type { AdminUserDetail } from '#shared/admin-users.ts';
import { ADMIN_USERS_LIMITS } from '#shared/admin-users.ts';
import { AppError } from '#shared/errors.ts';
import type { Currency } from '#shared/money.ts';
import { adminUserColumns, toAdminUser } from './list.ts';

// One member's record for the back office (docs/product.md §8.3): the profile, how far verification
// went, how many of each record they have with the newest few, their balance, reviews and sessions.

const RECENT = ADMIN_USERS_LIMITS.recent;
const other = alias(user, 'other');

async function countOf(db: Database, query: PgSelect): Promise<number> {
  const [row] = await db.select({ n: count() }).from(query.as('counted'));
  return row?.n ?? 0;
}

export async function getAdminUserDetail(db: Database, id: string): Promise<AdminUserDetail> {
  const [row] = await db
    .select({
      ...adminUserColumns,
      image: user.image,
      bio: user.bio,
      city: user.city,
      languages: user.languages,
      emailVerified: user.emailVerified,
      phoneNumberVerified: user.phoneNumberVerified,
      banReason: user.banReason,
    })
    .from(user)
    .where(eq(user.id, id));
  if (!row) throw new AppError('MEMBER_NOT_FOUND');

  const sent = eq(packages.senderId, id);
  // Their requests either way: offers and invitations as the traveler, and those on their packages.
  const theirRequests: SQL = or(eq(requests.travelerId, id), eq(packages.senderId, id)) as SQL;
  const packagesQuery = () => db.select({ id: packages.id }).from(packages).where(sent).$dynamic();
  const requestsQuery = () =>
    db
      .select({ id: requests.id })
      .from(requests)
      .innerJoin(packages, eq(packages.id, requests.packageId))
      .where(theirRequests)
      .$dynamic();

  const [
    packageCount,
    recentPackages,
    tripCount,
    recentTrips,
    requestCount,
    recentRequests,
    paymentCount,
    recentPayments,
    payoutCount,
    recentPayouts,
    givenCount,
    given,
    receivedCount,
    received,
    sessions,
    balance,
  ] = await Promise.all([
    countOf(db, packagesQuery()),
    db
      .select({ id: packages.id, title: packages.title, status: packages.status, createdAt: packages.createdAt })
      .from(packages)
      .where(sent)
      .orderBy(desc(packages.createdAt), desc(packages.id))
      .limit(RECENT),
    countOf(db, db.select({ id: travelPlans.id }).from(travelPlans).where(eq(travelPlans.travelerId, id)).$dynamic()),
    db
      .select()
      .from(travelPlans)
      .where(eq(travelPlans.travelerId, id))
      .orderBy(desc(travelPlans.departureAt), desc(travelPlans.id))
      .limit(RECENT),
    countOf(db, requestsQuery()),
    db
      .select({ request: requests, title: packages.title, senderId: packages.senderId })
      .from(requests)
      .innerJoin(packages, eq(packages.id, requests.packageId))
      .where(theirRequests)
      .orderBy(desc(requests.createdAt), desc(requests.id))
      .limit(RECENT),
    countOf(db, db.select({ id: payments.id }).from(payments).where(eq(payments.senderId, id)).$dynamic()),
    db
      .select()
      .from(payments)
      .where(eq(payments.senderId, id))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(RECENT),
    countOf(db, db.select({ id: payouts.id }).from(payouts).where(eq(payouts.travelerId, id)).$dynamic()),
    db
      .select()
      .from(payouts)
      .where(eq(payouts.travelerId, id))
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(RECENT),
    countOf(db, db.select({ id: reviews.id }).from(reviews).where(eq(reviews.authorId, id)).$dynamic()),
    db
      .select({ review: reviews, other: { id: other.id, name: other.name } })
      .from(reviews)
      .innerJoin(other, eq(other.id, reviews.subjectId))
      .where(eq(reviews.authorId, id))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(RECENT),
    countOf(db, db.select({ id: reviews.id }).from(reviews).where(eq(reviews.subjectId, id)).$dynamic()),
    db
      .select({ review: reviews, other: { id: other.id, name: other.name } })
      .from(reviews)
      .innerJoin(other, eq(other.id, reviews.authorId))
      .where(eq(reviews.subjectId, id))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(RECENT),
    db
      .select({
        id: session.id,
        createdAt: session.createdAt,
        updatedAt: session.updatedAt,
        expiresAt: session.expiresAt,
        userAgent: session.userAgent,
        ipAddress: session.ipAddress,
      })
      .from(session)
      .where(and(eq(session.userId, id), gt(session.expiresAt, new Date())))
      .orderBy(desc(session.updatedAt)),
    getBalance(db, id),
  ]);

  const toReview = (r: (typeof given)[number]) => ({
    id: r.review.id,
    packageId: r.review.packageId,
    rating: r.review.rating,
    comment: r.review.comment,
    other: r.other,
    createdAt: r.review.createdAt.toISOString(),
  });

  return {
    user: toAdminUser(row),
    profile: {
      image: row.image,
      bio: row.bio,
      city: row.city,
      languages: row.languages,
      emailVerified: row.emailVerified,
      phoneNumberVerified: row.phoneNumberVerified,
      banReason: row.banReason,
      deletedAt: row.deletedAt?.toISOString() ?? null,
    },
    packages: {
      count: packageCount,
      recent: recentPackages.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
    },
    travelPlans: {
      count: tripCount,
      recent: recentTrips.map((t) => ({
        id: t.id,
        origin: t.originLabel,
        destination: t.destinationLabel,
        departureAt: t.departureAt.toISOString(),
        status: t.status,
      })),
    },
    requests: {
      count: requestCount,
      recent: recentRequests.map((r) => ({
        id: r.request.id,
        packageId: r.request.packageId,
        packageTitle: r.title,
        side: r.request.travelerId === id ? ('traveler' as const) : ('sender' as const),
        status: r.request.status,
        createdAt: r.request.createdAt.toISOString(),
      })),
    },
    payments: {
      count: paymentCount,
      recent: recentPayments.map((p) => ({
        id: p.id,
        packageId: p.packageId,
        status: p.status,
        amount: p.amount,
        refundedAmount: p.refundedAmount,
        currency: p.currency as Currency,
        createdAt: p.createdAt.toISOString(),
      })),
    },
    payouts: {
      count: payoutCount,
      recent: recentPayouts.map((p) => ({
        id: p.id,
        amount: p.amount,
        currency: p.currency as Currency,
        status: p.status,
        createdAt: p.createdAt.toISOString(),
      })),
    },
    balance,
    reviewsGiven: { count: givenCount, recent: given.map(toReview) },
    reviewsReceived: { count: receivedCount, recent: received.map(toReview) },
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.updatedAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      userAgent: s.userAgent,
      ipAddress: s.ipAddress,
    })),
  };
}
