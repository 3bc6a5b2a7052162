import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import { member } from '#server/plugins/auth-guard.ts';
import { balanceSchema, balanceTransactionPageSchema, balanceTransactionQuerySchema } from '#shared/balances.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { getBalance, listTransactions } from './service.ts';

export interface BalanceRoutesOptions {
  db: Database;
}

/** A traveler's balance and the history of their account. */
export const balanceRoutes: FastifyPluginAsyncZod<BalanceRoutesOptions> = async (app, { db }) => {
  app.get(
    '/api/balance',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['balances'],
        summary: 'My money as a traveler, per currency: available, pending in escrow, requested and paid out',
        response: { 200: balanceSchema, 401: apiErrorSchema },
      },
    },
    async (req) => getBalance(db, member(req).id),
  );

  app.get(
    '/api/balance/transactions',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['balances'],
        summary: 'The lines of my traveler account, newest first (keyset cursor)',
        querystring: balanceTransactionQuerySchema,
        response: { 200: balanceTransactionPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (req) => listTransactions(db, member(req).id, req.query),
  );
};
