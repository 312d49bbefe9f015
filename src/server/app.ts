import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { authRoutes } from '../features/auth/auth.routes.server';
import { setupRoutes } from '../features/auth/setup.routes.server';
import { healthRoutes } from '../features/health/health.routes.server';
import { registerContentHealth } from '../features/health/content-health.server';
import { createMailer, type Mailer } from '../features/mail/mailer.server';
import { mediaRoutes } from '../features/media/media.routes.server';
import { mediaLibraryRoutes } from '../features/media/media-library.routes.server';
import { createMediaStore } from '../features/media/create-media-store.server';
import { registerMediumVariantsBackfill } from '../features/media/medium-variants-backfill.server';
import type { MediaStore } from '../features/media/storage.server';
import { navigationRoutes } from '../features/navigation/navigation.routes.server';
import { navigationAdminRoutes } from '../features/navigation/navigation-admin.routes.server';
import { pagesRoutes } from '../features/pages/pages.routes.server';
import type { Viewer } from '../features/pages/pages.service.server';
import { searchRoutes } from '../features/search/search.routes.server';
import { settingsRoutes } from '../features/settings/settings.routes.server';
import { settingsAdminRoutes } from '../features/settings/settings-admin.routes.server';
import { siteRoutes } from '../site/site.routes.server';
import { appShellRoutes } from '../app/app-shell.routes.server';
import { blocksRoutes } from '../features/blocks/blocks.routes.server';
import { backupRoutes } from '../features/backup/backup.routes.server';
import { registerRedirectMap } from '../features/redirects/redirect-map.server';
import { redirectsRoutes } from '../features/redirects/redirects.routes.server';
import { publishChecksRoutes } from '../features/publish-checks/publish-checks.routes.server';
import { usersRoutes } from '../features/users/users.routes.server';
import { twoFactorRoutes } from '../features/auth/two-factor.routes.server';
import { registerTwoFactorPolicy } from '../features/auth/two-factor-policy.server';
import { auditRoutes } from '../features/audit/audit.routes.server';
import { apiTokensRoutes } from '../features/api-tokens/api-tokens.routes.server';
import { webhooksRoutes } from '../features/webhooks/webhooks.routes.server';
import { pageEditingRoutes } from '../features/pages/page-editing.routes.server';
import { translationRoutes } from '../features/pages/translations.routes.server';
import { pagesBulkRoutes } from '../features/pages/pages-bulk.routes.server';
import { publishingRoutes } from '../features/publishing/publishing.routes.server';
import { previewRoutes } from '../features/publishing/preview.routes.server';
import { logCompleteness, prepareContentStore } from './startup.server';
import { openDatabase, type Database, type DatabaseKind } from '../platform/db/client.server';
import { clusterTemplateRoot } from '../platform/db/embedded-cluster.server';
import type { AppConfig } from '../platform/env.server';
import { registerAccessControl } from '../features/auth/access.server';
import { registerCsrfProtection } from '../features/auth/csrf.server';
import { registerContentEvents } from '../platform/content-events.server';
import { registerJobs } from '../platform/jobs/jobs.plugin.server';
import { registerPageCache } from '../features/page-cache/page-cache.plugin.server';
import { registerEditorReadCache } from '../features/pages/editor-read-cache.server';
import fastifyCompress from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';
import { answerClientError } from '../platform/multipart/client-errors.server';
import { registerErrorHandling } from '../platform/http/errors.server';
import { registerSecurityHeaders } from '../platform/http/security-headers.server';
import { registerOpenApi } from './openapi.server';
import { registerSessions } from '../features/auth/session.plugin.server';
import { registerSessionCache } from '../features/auth/session-cache.server';
import { registerApiTokenAuth } from '../features/api-tokens/api-token-auth.server';
import { registerWriteRateLimits } from '../features/auth/write-rate-limits.server';
import { loggingFor, usesReadableLogs } from '../platform/logger.server';
import { cacheHitLogFor } from '../features/page-cache/cache-hit-log.server';
import { serverWithCacheHitPath } from './http-server.server';
import { createCacheHitResponder } from '../features/page-cache/cache-hit-path.server';

export interface Readiness {
  ready: boolean;
  /** Resolves when migrations and the seed are done; rejects if they fail. */
  promise: Promise<void>;
  failure: string | undefined;
  /** The one-time link to create the first admin account, while none exists (the start-up banner shows it). */
  setupUrl: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    dbKind: DatabaseKind;
    media: MediaStore;
    readiness: Readiness;
    /** The time every expiry (sessions, tokens, rate limits) is measured against; tests move it. */
    clock: Clock;
    mailer: Mailer;
  }
  interface FastifyRequest {
    /** Who is asking; null for anonymous visitors. */
    viewer: Viewer | null;
    /** The API token that authenticated this request (`Authorization: Bearer`), if any. */
    apiToken?: { id: string; name: string };
  }
}

export interface Clock {
  now(): Date;
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Defaults to the system clock. */
  clock?: Clock;
}

/**
 * Builds the whole server without listening, so tests start real instances on port 0.
 * The content store (migrations, seed) is prepared in the background: requests that need
 * it get 503 until `app.readiness.promise` resolves.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const httpServer = serverWithCacheHitPath();
  const app = Fastify({
    serverFactory: httpServer.factory,
    // A caller's own logger (tests capture lines) replaces the one for this terminal or pipe.
    ...(options.logger === undefined ? await loggingFor(config) : { logger: options.logger }),
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    routerOptions: { maxParamLength: 300 },
    // Requests the HTTP parser refuses (a body cut off before its Content-Length) get the API's error shape.
    clientErrorHandler: answerClientError,
    // Addresses the router refuses before any route runs (a stray '%', a segment over
    // maxParamLength) get the API's error shape too, not Fastify's own.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      // This option's reply is generic over route schemas it never has: the plain reply type fits.
      void (reply as unknown as FastifyReply)
        .status(tooLong ? 414 : 400)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(
          tooLong
            ? { error: { code: 'url_too_long', message: 'This address is too long.' } }
            : { error: { code: 'bad_url', message: 'This address is not valid.' } },
        );
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerContentEvents(app);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    clusterTemplateDir: clusterTemplateRoot(config.distDir),
  });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('media', createMediaStore(config));
  app.decorate('clock', options.clock ?? { now: () => new Date() });
  app.decorate(
    'mailer',
    createMailer({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, dataDir: config.dataDir, log: app.log }),
  );
  app.decorateRequest('viewer', null);
  await registerPageCache(app, database);
  await registerEditorReadCache(app, database);
  await registerContentHealth(app, database);
  await registerSessionCache(app, database);
  await registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  // Live responses are compressed cheaply (cached pages carry their own, stronger compression).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 1 },
  });
  // Before any route: every /api route must declare who may call it (see features/auth/access.server.ts).
  registerAccessControl(app);

  const readiness: Readiness = { ready: false, failure: undefined, setupUrl: undefined, promise: Promise.resolve() };
  app.decorate('readiness', readiness);

  // server.close() drops the keep-alive sockets that are idle at that instant; one whose response is
  // still being written becomes idle a moment later and would hold the shutdown for the 72 s
  // keep-alive timeout. Sweep until the server has closed.
  app.addHook('preClose', async () => {
    const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
    idleSweep.unref();
    app.server.once('close', () => clearInterval(idleSweep));
  });
  /** The log-only checks that run once the server is ready; closing waits for them. */
  let readyChecks: Promise<void> = Promise.resolve();
  app.addHook('onClose', async () => {
    await readiness.promise.catch(() => {});
    await readyChecks;
    await app.mailer.close();
    await database.close();
  });
  // After the hook above, so its onClose runs first (they run last-registered first): the worker
  // finishes its running job before the database closes. Before the features, so they can register handlers.
  const jobWorker = registerJobs(app);
  // Also before the database closes: it stops between two images and finishes the one in hand.
  const mediumVariantsBackfill = registerMediumVariantsBackfill(app);
  // Also after the database's hook: the last hit counts are written before it closes.
  registerRedirectMap(app);

  app.addHook('onRequest', async (request, reply) => {
    if (readiness.ready || !request.url.startsWith('/api/v1/') || request.url.startsWith('/api/v1/openapi.json'))
      return;
    return reply
      .status(503)
      .header('retry-after', '2')
      .send({ error: { code: 'not_ready', message: 'The site is starting up. Please try again in a moment.' } });
  });

  // A Bearer token first: a request carrying one never falls back to the cookie session.
  registerApiTokenAuth(app);
  registerSessions(app);
  // Right after the session is known: an editor who must turn on two-factor goes no further.
  registerTwoFactorPolicy(app);
  registerWriteRateLimits(app);
  registerCsrfProtection(app);

  app.setNotFoundHandler((request, reply) => {
    // An address a visitor may have followed (an old site's /cenotes/x.html): a redirect or the 404 page.
    if (
      app.renderNotFoundPage &&
      readiness.ready &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|assets|media)(\/|$)/.test(request.url)
    ) {
      return app.renderNotFoundPage(request, reply);
    }
    request.log.info({ path: request.url }, 'not found');
    void reply.status(404);
    return { error: { code: 'not_found', message: `Nothing is at ${request.url.split('?')[0]}.` } };
  });

  await registerOpenApi(app);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(setupRoutes);
  await app.register(pagesRoutes);
  await app.register(navigationRoutes);
  await app.register(navigationAdminRoutes);
  await app.register(settingsRoutes);
  await app.register(settingsAdminRoutes);
  await app.register(mediaRoutes);
  await app.register(mediaLibraryRoutes);
  await app.register(searchRoutes);
  await app.register(pageEditingRoutes);
  await app.register(translationRoutes);
  await app.register(publishingRoutes);
  await app.register(pagesBulkRoutes);
  await app.register(previewRoutes);
  await app.register(blocksRoutes);
  await app.register(backupRoutes);
  await app.register(usersRoutes);
  await app.register(twoFactorRoutes);
  await app.register(auditRoutes);
  await app.register(apiTokensRoutes);
  await app.register(webhooksRoutes);
  await app.register(redirectsRoutes);
  await app.register(publishChecksRoutes);
  await appShellRoutes(app);
  await siteRoutes(app);
  // Cached pages for anonymous visitors skip the pipeline above (its hooks run once per page, on
  // the response whose headers the cache keeps): see features/page-cache/cache-hit-path.server.ts.
  const hitLog = cacheHitLogFor(app.log, {
    setting: config.logCacheHits,
    readable: options.logger === undefined && usesReadableLogs(config),
  });
  httpServer.attach(createCacheHitResponder(app, hitLog));
  app.addHook('onClose', async () => hitLog?.close());

  readiness.promise = prepareContentStore(app, database).then(
    ({ setupUrl }) => {
      readiness.setupUrl = setupUrl;
      readiness.ready = true;
      // Serving does not wait for a check that only logs (with 5,000 pages it took ~100 ms of a restart).
      readyChecks = logCompleteness(app).catch((error: unknown) => {
        app.log.error({ err: error }, 'the content completeness check failed');
      });
      // The jobs table exists: the worker's first poll runs now (once the app has booted), for
      // jobs that fell due while no instance was running.
      jobWorker.contentStoreReady();
      mediumVariantsBackfill.start();
    },
    (error: unknown) => {
      readiness.failure = 'The content store could not be prepared; see the server log.';
      app.log.error({ err: error }, 'preparing the content store failed');
      throw error;
    },
  );
  // Observed through readiness; an unhandled rejection here would crash the process first.
  readiness.promise.catch(() => {});

  return app;
}
