import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../platform/db/client.server';
import type { ContentChange } from '../../platform/content-events.server';
import { PageCache } from './page-cache.server';
import { SiteState } from './site-state.server';

/** The PostgreSQL NOTIFY channel for content changes (the CLI uses it too). */
export const contentChangedChannel = 'cenote_content_changed';
const channel = contentChangedChannel;

declare module 'fastify' {
  interface FastifyInstance {
    pageCache: PageCache;
    siteState: SiteState;
  }
}

/**
 * Keeps the page cache and the site state honest: every committed change invalidates exactly
 * what it must here, and is broadcast (PostgreSQL NOTIFY) so the other instances do the same.
 */
export async function registerPageCache(app: FastifyInstance, database: DatabaseHandle): Promise<void> {
  const instanceId = randomUUID();
  const cache = new PageCache();
  const state = new SiteState(app.db);
  app.decorate('pageCache', cache);
  app.decorate('siteState', state);

  const apply = (change: ContentChange) => {
    cache.invalidate(change);
    state.invalidate(change);
    app.contentEvents.emit('invalidate', change);
  };

  app.contentEvents.on('change', (change) => {
    apply(change);
    database.publish(channel, JSON.stringify({ origin: instanceId, change })).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not tell other instances about a change; their caches expire by age');
    });
  });

  await database.subscribe(
    channel,
    (payload) => {
      try {
        const message = JSON.parse(payload) as { origin: string; change: ContentChange };
        if (message.origin !== instanceId) apply(message.change);
      } catch {
        app.log.warn('ignored a malformed cache signal');
      }
    },
    () => {
      // The database was away: changes other instances made meanwhile were never announced here.
      app.log.info('listening for content changes again; dropping cached pages');
      apply({ scope: 'site' });
    },
  );
}
