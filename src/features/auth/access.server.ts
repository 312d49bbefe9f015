import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Role } from './auth.dto';
import { AppError } from '../../platform/http/app-error.server';

/** Who may call a route; every /api route declares one in `config: { access }`. */
export const accessLevels = ['public', 'signed-in', 'editor', 'admin'] as const;
export type Access = (typeof accessLevels)[number];

export type AccessGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** A guard for preHandler (or any request hook): 401 without a session, 403 below `role`. */
    requireRole(role: 'editor' | 'admin'): AccessGuard;
    /** Every route seen by the access check, with its rule (the access matrix test walks it). */
    routeAccess: readonly RouteAccess[];
  }
}

const roleRank: Record<Role, number> = { viewer: 0, editor: 1, admin: 2 };

export const accessMessages = {
  unauthenticated: 'Please sign in to continue.',
  forbidden: "You don't have access to this.",
} as const;

export const requireSignedIn: AccessGuard = async (request) => {
  if (!request.viewer?.user) throw new AppError(401, 'unauthenticated', accessMessages.unauthenticated);
};

export function requireRole(role: 'editor' | 'admin'): AccessGuard {
  return async (request) => {
    const user = request.viewer?.user;
    if (!user) throw new AppError(401, 'unauthenticated', accessMessages.unauthenticated);
    if (roleRank[user.role] < roleRank[role]) throw new AppError(403, 'forbidden', accessMessages.forbidden);
  };
}

const guards: Record<Access, AccessGuard | undefined> = {
  public: undefined,
  'signed-in': requireSignedIn,
  editor: requireRole('editor'),
  admin: requireRole('admin'),
};

const apiPath = /^\/api(\/|$)/;
/** The API reference UI (@fastify/swagger-ui) takes no per-route config; it is public by decision. */
const documentationPath = /^\/api\/docs(\/|$)/;

/**
 * Enforces the access rules: an /api route without `config.access` fails the start (so a new
 * route cannot ship without a rule), and every declared rule gets its guard as the route's first
 * onRequest hook, before the body is parsed or validated.
 */
export function registerAccessControl(app: FastifyInstance): void {
  const table: RouteAccess[] = [];
  app.decorate('requireRole', requireRole);
  app.decorate('routeAccess', table);
  app.addHook('onRoute', (route: RouteOptions) => {
    const declared = route.config?.access ?? (documentationPath.test(route.url) ? 'public' : undefined);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (declared === undefined) {
      if (apiPath.test(route.url)) {
        throw new Error(
          `Route ${methods.join(',')} ${route.url} has no access rule: add config: { access: 'public' | 'signed-in' | 'editor' | 'admin' } to its options.`,
        );
      }
      return;
    }
    if (!(accessLevels as readonly string[]).includes(declared)) {
      throw new Error(`Route ${methods.join(',')} ${route.url} has an unknown access rule "${String(declared)}".`);
    }
    route.config = { ...route.config, access: declared };
    for (const method of methods) table.push({ method, url: route.url, access: declared });
    const guard = guards[declared];
    if (!guard) return;
    const existing =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [guard, ...existing];
  });
}
