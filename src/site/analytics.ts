import { analyticsScriptOrigin } from '../shared/lib/analytics-hosts';
import { escapeHtml } from '../shared/lib/html';

interface AnalyticsIds {
  google_analytics_id: string | null;
  google_tag_manager_id: string | null;
}

/** Head tags that load Google Analytics / Tag Manager, only when an ID is set in SEO settings. */
export function analyticsHeadTags(ids: AnalyticsIds): string {
  const tags: string[] = [];
  if (ids.google_analytics_id) {
    tags.push(
      `<script async src="${analyticsScriptOrigin}/gtag/js?id=${encodeURIComponent(ids.google_analytics_id)}"></script>`,
    );
  }
  if (ids.google_tag_manager_id) {
    tags.push(
      `<script async src="${analyticsScriptOrigin}/gtm.js?id=${encodeURIComponent(ids.google_tag_manager_id)}"></script>`,
    );
  }
  // The configuration is a script file of ours, so the CSP needs no 'unsafe-inline'.
  if (tags.length > 0) tags.push(`<script defer src="${escapeHtml('/analytics.js')}"></script>`);
  return tags.join('');
}

/** /analytics.js: the dataLayer set-up both Google tools expect. */
export function analyticsScript(ids: AnalyticsIds): string {
  const lines = ['window.dataLayer = window.dataLayer || [];', 'function gtag(){dataLayer.push(arguments);}'];
  if (ids.google_tag_manager_id) lines.push("dataLayer.push({'gtm.start': Date.now(), event: 'gtm.js'});");
  if (ids.google_analytics_id)
    lines.push("gtag('js', new Date());", `gtag('config', ${JSON.stringify(ids.google_analytics_id)});`);
  return `${lines.join('\n')}\n`;
}
