import { z } from 'zod';
import { boundary, dateOrDateTime } from './admin-money.ts';
import { type AdminReason, adminReasonSchema } from './admin-requests.ts';
import { kycStatuses } from './auth.ts';
import { balanceSchema } from './balances.ts';
import { listTotalSchema } from './lists.ts';
import { currencySchema } from './money.ts';
import { text } from './text.ts';

// The back office's members (docs/product.md §8.3): the list, one member's record, and what an
// administrator may do to an account (ban, unban, role, sessions, a notification).

export const ADMIN_USERS_LIMITS = {
  pageSize: 25,
  pageSizeMax: 100,
  search: 100,
  reasonMin: 3,
  reason: 500,
  title: 120,
  body: 1000,
  /** How many of each kind of record a member's page shows (the newest). */
  recent: 10,
} as const;

const iso = z.string().meta({ description: 'ISO 8601 date-time' });

/** The columns the list orders by; `-` in front for descending. */
export const adminUserSorts = ['joined', 'name', 'email'] as const;
export type AdminUserSort = (typeof adminUserSorts)[number];
const sortValues = adminUserSorts.flatMap((s) => [s, `-${s}`] as const);

const yesNo = z.enum(['true', 'false'], 'Use true or false');

export const adminUserListQuerySchema = z
  .object({
    /** A name (its start or any word's start), an e-mail's start, a phone number's start, or a member id. */
    q: text().trim().max(ADMIN_USERS_LIMITS.search, 'Search with fewer characters').optional(),
    /** Verified profile: e-mail, mobile number and identity check (docs/product.md §1). */
    verified: yesNo.optional(),
    kycStatus: z.enum(kycStatuses, `Choose one of: ${kycStatuses.join(', ')}`).optional(),
    banned: yesNo.optional(),
    admin: yesNo.optional(),
    /** Joined from this moment on (a date alone: from its start, UTC). */
    joinedFrom: dateOrDateTime.optional(),
    /** Joined before this moment (a date alone: up to its end, UTC). */
    joinedTo: dateOrDateTime.optional(),
    sort: z.enum(sortValues, `Choose one of: ${sortValues.join(', ')}`).default('-joined'),
    cursor: text().max(300).optional(),
    limit: z.coerce.number().int().min(1).max(ADMIN_USERS_LIMITS.pageSizeMax).default(ADMIN_USERS_LIMITS.pageSize),
  })
  .refine((q) => !q.joinedFrom || !q.joinedTo || boundary(q.joinedFrom, 'from') < boundary(q.joinedTo, 'to'), {
    path: ['joinedTo'],
    message: 'Choose an end after the start',
  });
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

export const adminUserSchema = z
  .object({
    id: z.string(),
    /** A deleted account's name and e-mail are what deletion left (docs/product.md §1). */
    name: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    isAdmin: z.boolean(),
    banned: z.boolean(),
    kycStatus: z.enum(kycStatuses),
    verified: z.boolean(),
    deleted: z.boolean(),
    joinedAt: iso,
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageSchema = z
  .object({ items: z.array(adminUserSchema), nextCursor: z.string().nullable(), total: listTotalSchema })
  .meta({ id: 'AdminUserPage' });
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

const recentPackageSchema = z.object({ id: z.string(), title: z.string(), status: z.string(), createdAt: iso });
const recentTripSchema = z.object({
  id: z.string(),
  origin: z.string(),
  destination: z.string(),
  departureAt: iso,
  status: z.string(),
});
const recentRequestSchema = z.object({
  id: z.string(),
  packageId: z.string(),
  packageTitle: z.string(),
  /** The member's side: they carry (traveler) or they send (sender). */
  side: z.enum(['traveler', 'sender']),
  status: z.string(),
  createdAt: iso,
});
const recentPaymentSchema = z.object({
  id: z.string(),
  packageId: z.string(),
  status: z.string(),
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  currency: currencySchema,
  createdAt: iso,
});
const recentPayoutSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: currencySchema,
  status: z.string(),
  createdAt: iso,
});
const reviewSchema = z.object({
  id: z.string(),
  packageId: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  /** The other member: the one reviewed for a review given, its author for one received. */
  other: z.object({ id: z.string(), name: z.string() }),
  createdAt: iso,
});
const sessionSchema = z.object({
  id: z.string(),
  createdAt: iso,
  /** When it was last refreshed (Better Auth moves it on use). */
  lastSeenAt: iso,
  expiresAt: iso,
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
});

const counted = <T extends z.ZodType>(item: T) => z.object({ count: z.number().int(), recent: z.array(item) });

export const adminUserDetailSchema = z
  .object({
    user: adminUserSchema,
    profile: z.object({
      image: z.string().nullable(),
      bio: z.string().nullable(),
      city: z.string().nullable(),
      languages: z.array(z.string()),
      emailVerified: z.boolean(),
      phoneNumberVerified: z.boolean(),
      banReason: z.string().nullable(),
      deletedAt: iso.nullable(),
    }),
    packages: counted(recentPackageSchema),
    travelPlans: counted(recentTripSchema),
    requests: counted(recentRequestSchema),
    payments: counted(recentPaymentSchema),
    payouts: counted(recentPayoutSchema),
    balance: balanceSchema,
    reviewsGiven: counted(reviewSchema),
    reviewsReceived: counted(reviewSchema),
    /** Signed-in sessions that have not expired; never their tokens. */
    sessions: z.array(sessionSchema),
  })
  .meta({ id: 'AdminUserDetail' });
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminUserParamsSchema = z.object({ id: z.uuid('This is not a member id') });

// One reason schema for every admin action (one `AdminReason` in the OpenAPI document).
const reason = adminReasonSchema.shape.reason;

export { type AdminReason, adminReasonSchema };

export const adminRoleChangeSchema = z
  .strictObject({ admin: z.boolean('Choose whether they are an administrator'), reason })
  .meta({ id: 'AdminRoleChange' });
export type AdminRoleChange = z.infer<typeof adminRoleChangeSchema>;

export const adminNotifySchema = z
  .strictObject({
    title: text('Write a title')
      .trim()
      .min(1, 'Write a title')
      .max(ADMIN_USERS_LIMITS.title, `Keep the title under ${ADMIN_USERS_LIMITS.title} characters`),
    body: text('Write a message')
      .trim()
      .min(1, 'Write a message')
      .max(ADMIN_USERS_LIMITS.body, `Keep the message under ${ADMIN_USERS_LIMITS.body} characters`),
  })
  .meta({ id: 'AdminNotify' });
export type AdminNotify = z.infer<typeof adminNotifySchema>;

/** What a ban did besides locking the account. */
export const adminBanResultSchema = z
  .object({
    user: adminUserSchema,
    revokedSessions: z.number().int(),
    /** Packages that were still looking for a traveler (draft or open), now cancelled; paid ones refunded. */
    cancelledPackages: z.array(z.object({ id: z.string(), title: z.string(), refunded: z.number().int() })),
    /** Pending requests that involved the member, now closed. */
    closedRequests: z.number().int(),
  })
  .meta({ id: 'AdminBanResult' });
export type AdminBanResult = z.infer<typeof adminBanResultSchema>;

export const adminSessionsRevokedSchema = z
  .object({ user: adminUserSchema, revokedSessions: z.number().int() })
  .meta({ id: 'AdminSessionsRevoked' });
export type AdminSessionsRevoked = z.infer<typeof adminSessionsRevokedSchema>;

export const adminNotifiedSchema = z.object({ sent: z.literal(true) }).meta({ id: 'AdminNotified' });
