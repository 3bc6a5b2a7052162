import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import type { DataKey } from '#server/lib/crypto.ts';
import { member } from '#server/plugins/auth-guard.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import {
  type PayoutMethod,
  payoutListQuerySchema,
  payoutPageSchema,
  payoutRequestSchema,
  payoutSchema,
} from '#shared/payouts.ts';
import { listMyPayouts, requestPayout } from './service.ts';

export interface PayoutRoutesOptions {
  db: Database;
  /** Seals the bank details (bankDetailsKey(config.authSecret)). */
  bankKey: DataKey;
  /** Where payouts can go on this server (payoutMethodsOf(provider)); `stripe_connect` only with Stripe. */
  methods: readonly PayoutMethod[];
}

/** A traveler's payouts: ask for one, see mine. The back office's side is in admin-money. */
export const payoutRoutes: FastifyPluginAsyncZod<PayoutRoutesOptions> = async (app, { db, bankKey, methods }) => {
  app.post(
    '/api/payouts',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['payouts'],
        summary:
          'Ask for a payout of part or all of my available balance to a bank account (IBAN), or to a Stripe Connect account where Stripe is configured',
        body: payoutRequestSchema,
        response: {
          201: payoutSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (req, reply) => {
      const payout = await requestPayout(db, bankKey, member(req), req.body, methods);
      return reply.code(201).send(payout);
    },
  );

  app.get(
    '/api/payouts',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['payouts'],
        summary: 'My payouts, newest first (keyset cursor)',
        querystring: payoutListQuerySchema,
        response: { 200: payoutPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (req) => listMyPayouts(db, member(req).id, req.query),
  );
};
