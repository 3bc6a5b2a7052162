import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { member } from '#server/plugins/auth-guard.ts';
import {
  adminBanResultSchema,
  adminNotifiedSchema,
  adminNotifySchema,
  adminReasonSchema,
  adminRoleChangeSchema,
  adminSessionsRevokedSchema,
  adminUserDetailSchema,
  adminUserListQuerySchema,
  adminUserPageSchema,
  adminUserParamsSchema,
  adminUserSchema,
} from '#shared/admin-users.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { banMember, changeRole, type MemberActionDeps, notifyMember, revokeSessions, unbanMember } from './actions.ts';
import { getAdminUserDetail } from './detail.ts';
import { listAdminUsers } from './list.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const oneMember = { ...errors, 404: apiErrorSchema };
const action = { ...oneMember, 409: apiErrorSchema };

/** The back office's members (docs/product.md §8.3), under /api/admin (ADR 0044). */
export const memberAdminRoutes: FastifyPluginAsyncZod<MemberActionDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Members by name, e-mail, phone or id, verification, identity check, ban, role and joining date',
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserPageSchema, ...errors },
      },
    },
    async (req) => {
      member(req);
      return listAdminUsers(db, req.query);
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "A member's record: profile, verification, their packages, trips, requests, money, reviews, sessions",
        params: adminUserParamsSchema,
        response: { 200: adminUserDetailSchema, ...oneMember },
      },
    },
    async (req) => {
      member(req);
      return getAdminUserDetail(db, req.params.id);
    },
  );

  app.post(
    '/users/:id/ban',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Ban a member: signed out everywhere, drafts and open packages cancelled (paid ones refunded), pending requests closed',
        params: adminUserParamsSchema,
        body: adminReasonSchema,
        response: { 200: adminBanResultSchema, ...action, 503: apiErrorSchema },
      },
    },
    async (req) => banMember(deps, member(req).id, req.params.id, req.body),
  );

  app.post(
    '/users/:id/unban',
    {
      schema: {
        tags: ['admin'],
        summary: 'Lift a ban: the member may sign in again',
        params: adminUserParamsSchema,
        body: adminReasonSchema,
        response: { 200: adminUserSchema, ...action },
      },
    },
    async (req) => unbanMember(deps, member(req).id, req.params.id, req.body),
  );

  app.post(
    '/users/:id/role',
    {
      schema: {
        tags: ['admin'],
        summary: 'Make a member an administrator or take the role back (not your own)',
        params: adminUserParamsSchema,
        body: adminRoleChangeSchema,
        response: { 200: adminUserSchema, ...action },
      },
    },
    async (req) => changeRole(deps, member(req).id, req.params.id, req.body),
  );

  app.post(
    '/users/:id/sessions/revoke',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sign a member out of every device',
        params: adminUserParamsSchema,
        body: adminReasonSchema,
        response: { 200: adminSessionsRevokedSchema, ...oneMember },
      },
    },
    async (req) => revokeSessions(deps, member(req).id, req.params.id, req.body),
  );

  app.post(
    '/users/:id/notify',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send a member an in-app notification',
        params: adminUserParamsSchema,
        body: adminNotifySchema,
        response: { 200: adminNotifiedSchema, ...oneMember },
      },
    },
    async (req) => notifyMember(deps, member(req).id, req.params.id, req.body),
  );
};
