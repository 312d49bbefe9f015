import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';

/** What a committed write changed, for everything that keeps derived copies (the page cache). */
export interface ContentChange {
  pageId?: string;
  /** Public paths that show different content now (old and new path after a rename). */
  paths?: string[];
  /** Site-wide changes (navigation, SEO settings) touch every page. */
  scope?: 'page' | 'site';
}

declare module 'fastify' {
  interface FastifyInstance {
    contentChanged: (change: ContentChange) => void;
    /** 'change': a write committed here; 'invalidate': derived copies must drop what it touched (here or on another instance). */
    contentEvents: EventEmitter<{ change: [ContentChange]; invalidate: [ContentChange] }>;
  }
}

export function registerContentEvents(app: FastifyInstance): void {
  const events = new EventEmitter<{ change: [ContentChange]; invalidate: [ContentChange] }>();
  app.decorate('contentEvents', events);
  app.decorate('contentChanged', (change: ContentChange) => {
    // A page live under a new slug (two slugs: old and new) had links to it rewritten across the
    // site, navigation included (decision 36): every page may show different content.
    const renamed = new Set(change.paths ?? []).size > 1;
    events.emit('change', { scope: renamed ? 'site' : 'page', ...change });
  });
}
