import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import type { CodeKeys } from '#server/lib/codes.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import { member } from '#server/plugins/auth-guard.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import {
  acceptSchema,
  counterSchema,
  inviteSchema,
  offerSchema,
  requestListQuerySchema,
  requestPageSchema,
  requestParamsSchema,
  requestSchema,
} from '#shared/requests.ts';
import { acceptRequest, declineRequest, withdrawRequest } from './answer.ts';
import { counterRequest } from './counter.ts';
import { getRequest, listRequests } from './list.ts';
import type { RewardMoney } from './settlement.ts';
import { inviteTraveler, offerToCarry } from './start.ts';

export interface RequestRoutesOptions {
  db: Database;
  notifier: Notifier;
  /** Makes the pickup and delivery codes when a request is accepted (handoverCodeKeys(config.authSecret)). */
  codeKeys: CodeKeys;
  settings: SettingsStore;
  /** The money of a reward agreed by counter-offers (the payments module's). */
  money: RewardMoney;
}

const e = apiErrorSchema;
const answerErrors = { 400: e, 401: e, 403: e, 404: e, 409: e };

/** Requests (docs/product.md §4): offers and invitations, my incoming and outgoing lists, answers. */
export const requestRoutes: FastifyPluginAsyncZod<RequestRoutesOptions> = async (
  app,
  { db, notifier, codeKeys, settings, money },
) => {
  app.post(
    '/api/requests/offers',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['requests'],
        summary: 'Offer to carry an open package with one of my active trips (verified profile; the trip must fit)',
        body: offerSchema,
        response: { 201: requestSchema, ...answerErrors },
      },
    },
    async (req, reply) => reply.code(201).send(await offerToCarry(db, notifier, settings, member(req), req.body)),
  );

  app.post(
    '/api/requests/invites',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['requests'],
        summary: "Invite a traveler's active trip for my open package (verified profile; the trip must fit)",
        body: inviteSchema,
        response: { 201: requestSchema, ...answerErrors },
      },
    },
    async (req, reply) => reply.code(201).send(await inviteTraveler(db, notifier, settings, member(req), req.body)),
  );

  app.get(
    '/api/requests',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['requests'],
        summary:
          'My requests, newest first: incoming (I answer) or outgoing (I started them), by status (keyset cursor)',
        querystring: requestListQuerySchema,
        response: { 200: requestPageSchema, 400: e, 401: e },
      },
    },
    async (req) => listRequests(db, member(req), req.query),
  );

  app.get(
    '/api/requests/:id',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['requests'],
        summary: 'A request, for either of its two members or an admin',
        params: requestParamsSchema,
        response: { 200: requestSchema, 400: e, 401: e, 404: e },
      },
    },
    async (req) => getRequest(db, member(req), req.params.id),
  );

  app.post(
    '/api/requests/:id/accept',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['requests'],
        summary:
          'Accept the reward on the table of a request that waits for me: the package is matched (repriced to an agreed reward, the difference refunded), the other pending requests declined, the trip’s capacity reserved, the handover codes made',
        params: requestParamsSchema,
        // No body at all accepts whatever is on the table (a client from before counter-offers).
        body: acceptSchema.nullish(),
        response: { 200: requestSchema, ...answerErrors },
      },
    },
    async (req) =>
      acceptRequest(
        db,
        notifier,
        { keys: codeKeys, store: settings, money },
        member(req),
        req.params.id,
        req.body ?? {},
      ),
  );

  app.post(
    '/api/requests/:id/counter',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['requests'],
        summary: 'Counter the reward on the table of a request that waits for me with another amount',
        params: requestParamsSchema,
        body: counterSchema,
        response: { 200: requestSchema, ...answerErrors },
      },
    },
    async (req) => counterRequest(db, notifier, settings, member(req), req.params.id, req.body),
  );

  app.post(
    '/api/requests/:id/decline',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['requests'],
        summary: 'Decline a request I received',
        params: requestParamsSchema,
        response: { 200: requestSchema, ...answerErrors },
      },
    },
    async (req) => declineRequest(db, notifier, member(req), req.params.id),
  );

  app.post(
    '/api/requests/:id/withdraw',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['requests'],
        summary: 'Withdraw a pending request I made',
        params: requestParamsSchema,
        response: { 200: requestSchema, ...answerErrors },
      },
    },
    async (req) => withdrawRequest(db, notifier, member(req), req.params.id),
  );
};
