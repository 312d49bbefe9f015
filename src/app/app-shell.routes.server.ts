import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readPublicSeoSettings } from '../features/settings/settings.repo.server';
import { loadClientManifest } from '../site/client-manifest.server';
import { escapeHtml } from '../site/html';

const staffRoles = new Set(['editor', 'admin']);

/**
 * The account screens and the admin are one client-rendered app (they need no SEO and must
 * never be cached). The admin is guarded here, before any of its code is sent.
 */
export async function appShellRoutes(app: FastifyInstance): Promise<void> {
  const manifest = await loadClientManifest(app.config.distDir);

  async function sendShell(reply: FastifyReply, title: string, status = 200, body?: string) {
    const seo = await readPublicSeoSettings(app.db);
    const siteTitle = seo.site_title || 'Cenote Atlas';
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
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);
  }

  const access = { access: 'public' } as const;
  for (const path of ['/auth', '/auth/reset-password', '/auth/verify']) {
    app.get(path, { config: access }, async (_request, reply) => sendShell(reply, 'Sign in'));
  }
  app.get('/setup', { config: access }, async (_request, reply) => sendShell(reply, 'Set up'));

  const admin = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = request.viewer?.user;
    if (!user) {
      const next = encodeURIComponent(request.url.split('?')[0] ?? '/admin');
      return reply.header('cache-control', 'no-store').redirect(`/auth?next=${next}`, 302);
    }
    if (!staffRoles.has(user.role)) {
      return sendShell(
        reply,
        'No access',
        403,
        `<main class="flex min-h-screen items-center justify-center px-6"><div class="max-w-md text-center">
<h1 class="font-display text-3xl font-semibold text-stone-900">You don't have access to the admin area</h1>
<p class="mt-3 text-stone-600">You are signed in as ${escapeHtml(user.email)}, whose account cannot manage content. Ask an administrator to give your account the editor or admin role.</p>
<p class="mt-6"><a class="font-semibold text-lagoon-700 underline underline-offset-2" href="/">Return to Home</a></p>
</div></main>`,
      );
    }
    return sendShell(reply, 'Admin');
  };
  app.get('/admin', { config: access }, admin);
  app.get('/admin/*', { config: access }, admin);
}
