/**
 * What the public site renders for code below it or beside it: publish checks render a page
 * exactly as visitors get it, and the app's not-found handler answers with the site's 404 page.
 * The site (src/site/site.routes.server.tsx) decorates the app with these; features see only this
 * port, so nothing under src/features imports the site.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../shared/lib/locale';
import type { VisibleBlock } from '../pages/pages.service.server';
import type { HeadPageFields } from './site-types';

export type RenderablePage = HeadPageFields & { id: string; slug: string; locale: Locale; title: string };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Resolves with the body for the not-found handler to send, with nothing for a bodiless answer
     * (a 304), or with the reply once it has sent one (a redirect).
     */
    renderNotFoundPage?: (request: FastifyRequest, reply: FastifyReply) => Promise<Buffer | FastifyReply | undefined>;
    /** The whole HTML document of a page as visitors get it (no draft notice, no preview banner). */
    renderPageDocument?: (page: RenderablePage, blocks: VisibleBlock[]) => Promise<string>;
  }
}
