import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthRoutes } from '../features/health/health.routes.server';
import { mediaRoutes } from '../features/media/media.routes.server';
import { createMediaStore, type MediaStore } from '../features/media/storage.server';
import { navigationRoutes } from '../features/navigation/navigation.routes.server';
import { pagesRoutes } from '../features/pages/pages.routes.server';
import type { Viewer } from '../features/pages/pages.service.server';
import { searchRoutes } from '../features/search/search.routes.server';
import { settingsRoutes } from '../features/settings/settings.routes.server';
import { siteRoutes } from '../site/site.routes.server';
import { prepareContentStore } from './startup.server';
import { openDatabase, type Database, type DatabaseKind } from './db/client.server';
import type { AppConfig } from './env.server';
import { registerErrorHandling } from './plugins/errors.server';
import { registerOpenApi } from './plugins/openapi.server';

export interface Readiness {
  ready: boolean;
  /** Resolves when migrations and the seed are done; rejects if they fail. */
  promise: Promise<void>;
  failure: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    dbKind: DatabaseKind;
    media: MediaStore;
    readiness: Readiness;
  }
  interface FastifyRequest {
    /** Who is asking; null for anonymous visitors. */
    viewer: Viewer | null;
  }
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
}

function loggerFor(config: AppConfig): FastifyServerOptions['logger'] {
  if (config.env === 'development' && process.stdout.isTTY) {
    return {
      level: config.logLevel,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
    };
  }
  return { level: config.logLevel };
}

/**
 * Builds the whole server without listening, so tests start real instances on port 0.
 * The content store (migrations, seed) is prepared in the background: requests that need
 * it get 503 until `app.readiness.promise` resolves.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerFor(config),
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    routerOptions: { maxParamLength: 300 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('media', createMediaStore(config));
  app.decorateRequest('viewer', null);

  const readiness: Readiness = { ready: false, failure: undefined, promise: Promise.resolve() };
  app.decorate('readiness', readiness);

  app.addHook('onClose', async () => {
    await readiness.promise.catch(() => {});
    await database.close();
  });

  app.addHook('onRequest', async (request, reply) => {
    if (readiness.ready || !request.url.startsWith('/api/v1/') || request.url.startsWith('/api/v1/openapi.json'))
      return;
    return reply
      .status(503)
      .header('retry-after', '2')
      .send({ error: { code: 'not_ready', message: 'The site is starting up. Please try again in a moment.' } });
  });

  app.setNotFoundHandler((request, reply) => {
    request.log.info({ path: request.url }, 'not found');
    return reply
      .status(404)
      .send({ error: { code: 'not_found', message: `Nothing is at ${request.url.split('?')[0]}.` } });
  });

  await registerOpenApi(app);
  await app.register(healthRoutes);
  await app.register(pagesRoutes);
  await app.register(navigationRoutes);
  await app.register(settingsRoutes);
  await app.register(mediaRoutes);
  await app.register(searchRoutes);
  await siteRoutes(app);

  readiness.promise = prepareContentStore(app, database).then(
    () => {
      readiness.ready = true;
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
