import type { FastifyRequest } from 'fastify';
import { authDepsOf } from '../auth/auth.service.server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, errorResponses } from '../../platform/http/error-responses';
import { actorOf } from '../audit/audit.server';
import { roles, sessionUserSchema } from '../auth/auth.dto';
import { startBrowserSession } from '../auth/session-start.server';
import { createSession } from '../auth/sessions.server';
import { toSessionUser } from '../auth/users.service.server';
import {
  acceptInvitation,
  createInvitation,
  describeInvitation,
  listInvitations,
  resendInvitation,
  revokeInvitation,
  type InvitationDeps,
} from './invitations.service.server';
import { invitationListSchema, invitationSchema, userListItemSchema, userListSchema } from './users.dto';
import {
  listUsers,
  signOutEverywhere,
  toUserListItem,
  updateUserAccount,
  type ChangeOrigin,
} from './users-admin.service.server';

const admin = { access: 'admin' } as const;
const publicAccess = { access: 'public' } as const;
const writeErrors = { ...errorResponses, 409: errorBodySchema } as const;
const publicErrors = { ...errorResponses, 409: errorBodySchema, 429: errorBodySchema } as const;

const listQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(400).optional(),
};

const originOf = (request: FastifyRequest): ChangeOrigin => ({ actor: actorOf(request), ip: request.ip });

/**
 * Users and invitations (decision 38, admins only), and the two public routes an invitee's link
 * uses: what the invitation is for, and accepting it (which signs the new account in).
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('admin');
  const deps = (): InvitationDeps => authDepsOf(app);

  // Lists of people and invitation answers are personal: never stored by any cache.
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/v1/users',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['users'],
        summary: 'Accounts ordered by name; q searches name and e-mail, role filters',
        querystring: z.object({
          q: z.string().max(200).optional(),
          role: z.enum(roles).optional(),
          ...listQuery,
        }),
        response: { 200: userListSchema, ...errorResponses },
      },
    },
    async (request) => listUsers(app.db, request.query),
  );

  app.patch(
    '/api/v1/users/:id',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['users'],
        summary: 'Change a role and/or disable or enable an account',
        description:
          'Disabling ends all of the account’s sessions at once and refuses its sign-ins. 409 last_admin: the last active admin cannot be demoted or disabled; 409 own_account: nobody disables their own account.',
        params: z.object({ id: z.uuid() }),
        body: z.object({ role: z.enum(roles).optional(), disabled: z.boolean().optional() }),
        response: { 200: z.object({ user: userListItemSchema }), ...writeErrors },
      },
    },
    async (request) => {
      const user = await updateUserAccount(
        app.db,
        app.clock.now(),
        { userId: request.params.id, ...request.body, selfId: request.viewer?.user?.id },
        originOf(request),
      );
      return { user: toUserListItem(user) };
    },
  );

  app.post(
    '/api/v1/users/:id/sign-out-everywhere',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['users'],
        summary: 'End every session of an account (its browsers must sign in again)',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.void(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await signOutEverywhere(app.db, request.params.id, originOf(request));
      void reply.status(204);
    },
  );

  app.get(
    '/api/v1/invitations',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['users'],
        summary: 'Invitations not accepted yet, newest first (expired ones too, as expired)',
        querystring: z.object(listQuery),
        response: { 200: invitationListSchema, ...errorResponses },
      },
    },
    async (request) => listInvitations(app.db, app.clock.now(), request.query),
  );

  app.post(
    '/api/v1/invitations',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['users'],
        summary: 'Invite an e-mail address with a role: a one-use link valid 7 days is e-mailed',
        description:
          'Inviting an address again replaces its open invitation (the earlier link stops working). 409 email_taken: the address has an account already.',
        body: z.object({ email: z.string().max(320).optional(), role: z.enum(roles) }),
        response: { 201: invitationSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const invitation = await createInvitation(
        deps(),
        { email: request.body.email, role: request.body.role, invitedBy: request.viewer?.user?.id ?? null },
        originOf(request),
      );
      void reply.status(201);
      return invitation;
    },
  );

  app.post(
    '/api/v1/invitations/:id/resend',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['users'],
        summary: 'E-mail the invitation again with a new link valid 7 days (the old link stops working)',
        params: z.object({ id: z.uuid() }),
        response: { 200: invitationSchema, ...errorResponses },
      },
    },
    async (request) => resendInvitation(deps(), request.params.id, originOf(request)),
  );

  app.delete(
    '/api/v1/invitations/:id',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['users'],
        summary: 'Revoke an invitation: its link stops working',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.void(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await revokeInvitation(app.db, request.params.id, originOf(request));
      void reply.status(204);
    },
  );

  app.get(
    '/api/v1/auth/invitation',
    {
      config: publicAccess,
      schema: {
        tags: ['auth'],
        summary: 'The e-mail address and role an invitation link is for (400 when the link no longer works)',
        querystring: z.object({ token: z.string().max(200).optional() }),
        response: {
          200: z.object({ email: z.string(), role: z.enum(roles) }),
          ...publicErrors,
        },
      },
    },
    async (request) => describeInvitation(deps(), request.ip, request.query.token),
  );

  app.post(
    '/api/v1/auth/accept-invitation',
    {
      config: publicAccess,
      schema: {
        tags: ['auth'],
        summary: 'Create the invited account with its name and password; signs it in',
        description:
          'The account gets the invitation’s role and a confirmed e-mail address; the link is used up. Sets the session cookie and replaces the CSRF token (x-csrf-token response header), like sign-in.',
        body: z.object({
          token: z.string().max(200).optional(),
          fullName: z.string().max(200).optional(),
          password: z.string().max(4096).optional(),
        }),
        response: { 201: z.object({ user: sessionUserSchema }), ...publicErrors },
      },
    },
    async (request, reply) => {
      const user = await acceptInvitation(deps(), request.ip, request.body);
      await startBrowserSession(app, request, reply, user, await createSession(app.db, user.id, app.clock.now()));
      void reply.status(201);
      return { user: toSessionUser(user) };
    },
  );
};
