import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import { getSessionUser } from '#server/modules/auth/service.ts';
import type { Sessions } from '#server/modules/auth/sessions.ts';
import { balanceSchema, balanceTransactionPageSchema, balanceTransactionQuerySchema } from '#shared/balances.ts';
import { AppError, apiErrorSchema } from '#shared/errors.ts';
import { getBalance, listTransactions } from './service.ts';

export interface BalanceRoutesOptions {
  sessions: Sessions;
  db: Database;
}

/** A traveler's balance and the history of their account. */
export const balanceRoutes: FastifyPluginAsyncZod<BalanceRoutesOptions> = async (app, { sessions, db }) => {
  const signedIn = async (headers: Parameters<typeof getSessionUser>[1]) => {
    const user = await getSessionUser(sessions, headers);
    if (!user) throw new AppError('UNAUTHENTICATED', 'You are not signed in.');
    return user;
  };

  app.get(
    '/api/balance',
    {
      schema: {
        tags: ['balances'],
        summary: 'My money as a traveler, per currency: available, pending in escrow, requested and paid out',
        response: { 200: balanceSchema, 401: apiErrorSchema },
      },
    },
    async (req) => getBalance(db, (await signedIn(req.headers)).id),
  );

  app.get(
    '/api/balance/transactions',
    {
      schema: {
        tags: ['balances'],
        summary: 'The lines of my traveler account, newest first (keyset cursor)',
        querystring: balanceTransactionQuerySchema,
        response: { 200: balanceTransactionPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (req) => listTransactions(db, (await signedIn(req.headers)).id, req.query),
  );
};
