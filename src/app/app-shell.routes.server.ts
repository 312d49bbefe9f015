import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LockKeyhole } from 'lucide-react';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { readPublicSeoSettings } from '../features/settings/settings.repo.server';
import { loadClientManifest } from '../platform/http/client-manifest.server';
import { escapeHtml } from '../shared/lib/html';
import { adminPathStatus } from './admin/admin-paths';
import { AuthLayout } from './auth/auth-layout';

const staffRoles = new Set(['editor', 'admin']);

/**
 * The account screens and the admin are one client-rendered app (they need no SEO and must
 * never be cached). The admin is guarded here, before any of its code is sent.
 */
export async function appShellRoutes(app: FastifyInstance): Promise<void> {
  const manifest = await loadClientManifest(app.config.distDir);

  async function sendShell(
    reply: FastifyReply,
    title: string,
    status = 200,
    /** Static HTML instead of the client app (no script is sent). */
    staticBody?: (siteTitle: string) => string,
  ) {
    const seo = await readPublicSeoSettings(app.db);
    const siteTitle = seo.site_title || 'Cenote Atlas';
    const body = staticBody?.(siteTitle);
    const fonts = manifest.fonts
      .map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`)
      .join('');
    const scripts = body
      ? ''
      : `<script type="module" src="${manifest.appJs}"></script>${manifest.appPreload.map((href) => `<link rel="modulepreload" href="${href}">`).join('')}`;
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(`${title} | ${siteTitle}`)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${fonts}<link rel="stylesheet" href="${manifest.appCss}">
${scripts}
</head>
<body><div id="app" data-site-title="${escapeHtml(siteTitle)}">${body ?? '<noscript><p style="padding:2rem">This part of the site needs JavaScript.</p></noscript>'}</div></body>
</html>`;
    void reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
    return html;
  }

  const access = { access: 'public' } as const;
  for (const path of ['/auth', '/auth/reset-password', '/auth/verify']) {
    app.get(path, { config: access }, async (_request, reply) => sendShell(reply, 'Sign in'));
  }
  app.get('/auth/invitation', { config: access }, async (_request, reply) => sendShell(reply, 'Join'));
  app.get('/setup', { config: access }, async (_request, reply) => sendShell(reply, 'Set up'));

  const admin = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = request.viewer?.user;
    if (!user) {
      const next = encodeURIComponent(request.url.split('?')[0] ?? '/admin');
      return reply.header('cache-control', 'no-store').redirect(`/auth?next=${next}`, 302);
    }
    if (!staffRoles.has(user.role)) {
      return sendShell(reply, 'No access', 403, (siteTitle) => noAccessScreen(siteTitle, user.email));
    }
    // The client draws the not-found (or admins-only) screen inside the admin; the status says it too.
    const status = adminPathStatus(request.url.split('?')[0] ?? '/admin', user.role);
    const title = status === 404 ? 'Page not found' : status === 403 ? 'Admins only' : 'Admin';
    return sendShell(reply, title, status);
  };
  app.get('/admin', { config: access }, admin);
  app.get('/admin/*', { config: access }, admin);
}

/** The 403 card for a signed-in account without a staff role (static HTML, no script needed). */
function noAccessScreen(siteTitle: string, email: string): string {
  const card = h(
    'div',
    { className: 'text-center' },
    h(
      'span',
      {
        className:
          'mx-auto flex size-11 items-center justify-center rounded-full bg-amber-50 text-amber-800 ring-1 ring-amber-200',
      },
      h(LockKeyhole, { 'aria-hidden': true, className: 'size-5' }),
    ),
    h(
      'h2',
      { className: 'mt-4 font-display text-xl font-semibold text-stone-900 dark:text-stone-50' },
      "You don't have access to the admin area",
    ),
    h(
      'p',
      { className: 'mt-2 text-sm leading-relaxed text-stone-600 dark:text-stone-400' },
      'You are signed in as ',
      h('strong', { className: 'font-semibold [overflow-wrap:anywhere] text-stone-800 dark:text-stone-200' }, email),
      ', whose account cannot manage content. Ask an administrator to give your account the editor or admin role.',
    ),
    h(
      'a',
      {
        href: '/',
        className:
          'mt-6 flex h-10 w-full items-center justify-center rounded-lg bg-lagoon-700 px-4 text-sm font-semibold text-white shadow-sm transition hover:bg-lagoon-800',
      },
      'Return to Home',
    ),
  );
  return renderToStaticMarkup(
    h(AuthLayout, { title: siteTitle, subtitle: 'Content Management System', homeLink: false, children: card }),
  );
}
