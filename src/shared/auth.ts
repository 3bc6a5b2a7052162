import { z } from 'zod';

/** GET /api/auth/is-admin for a signed-in user (a visitor gets 401). */
export const isAdminResponseSchema = z
  .object({
    isAdmin: z.boolean(),
    prismaUser: z.object({ id: z.string(), isAdmin: z.boolean(), verifiedProfile: z.boolean() }),
  })
  .meta({ id: 'IsAdminResponse' });
export type IsAdminResponse = z.infer<typeof isAdminResponseSchema>;

export const kycStatuses = ['not_started', 'pending', 'approved', 'declined'] as const;

export const meSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    image: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    emailVerified: z.boolean(),
    phoneNumberVerified: z.boolean(),
    kycStatus: z.enum(kycStatuses),
    verifiedProfile: z.boolean(),
    isAdmin: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof meSchema>;

export const sessionViewSchema = z.object({ user: meSchema.nullable() }).meta({ id: 'SessionView' });
export type SessionView = z.infer<typeof sessionViewSchema>;

/**
 * One row of Better Auth's GET /api/auth/list-accounts, the fields the web app reads: `providerId`
 * is `credential` for the password and `google` for a linked Google account; `id` is our id of the
 * link (what unlinking names), not the provider's.
 */
export const linkedAccountSchema = z.object({ id: z.string(), providerId: z.string(), createdAt: z.string() });
export type LinkedAccount = z.infer<typeof linkedAccountSchema>;
