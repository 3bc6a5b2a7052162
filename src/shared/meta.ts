import { z } from 'zod';
import { payoutMethods } from './payouts.ts';

/** What any client may know about the running server before signing in. */
export const appMetaSchema = z
  .object({
    buildId: z.string(),
    demoMode: z.boolean(),
    googleSignIn: z.boolean(),
    /** Where a traveler can ask to be paid: always `bank`; `stripe_connect` too when Stripe is configured. */
    payoutMethods: z.array(z.enum(payoutMethods)),
  })
  .meta({ id: 'AppMeta' });
export type AppMeta = z.infer<typeof appMetaSchema>;

export const buildInfoSchema = z.object({ id: z.string(), timestamp: z.number() });
export type BuildInfo = z.infer<typeof buildInfoSchema>;

export const healthSchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
export const readySchema = z.object({ status: z.enum(['ready', 'unavailable']), database: z.boolean() });
