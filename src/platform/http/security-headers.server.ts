import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { analyticsConnectOrigins, analyticsScriptOrigin } from '../../shared/lib/analytics-hosts';

/**
 * The Content-Security-Policy for our pages: scripts only from this origin (no inline scripts:
 * island props travel in data attributes, JSON-LD is data), plus Google's host while analytics is on.
 */
export function contentSecurityPolicy(options: { analytics: boolean }): string {
  const scriptSources = ["'self'", ...(options.analytics ? [analyticsScriptOrigin] : [])];
  const connectSources = ["'self'", ...(options.analytics ? analyticsConnectOrigins : [])];
  return [
    "default-src 'self'",
    `script-src ${scriptSources.join(' ')}`,
    // Inline style attributes (drag transforms, indents) and the toast library's style tag.
    "style-src 'self' 'unsafe-inline'",
    // blob: for previews of images chosen for upload, before they are sent.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src ${connectSources.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    // Set per response below: it depends on the analytics settings.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // HSTS only where the site is served over https.
    hsts: app.config.publicUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // The API reference page brings its own policy (with hashes for its inline scripts).
    if (request.url.startsWith('/api/docs')) return payload;
    let analytics = false;
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html') && app.readiness.ready) {
      const { seo } = await app.siteState.getChrome();
      analytics = Boolean(seo.google_analytics_id || seo.google_tag_manager_id);
    }
    reply.header('content-security-policy', contentSecurityPolicy({ analytics }));
    return payload;
  });
}
