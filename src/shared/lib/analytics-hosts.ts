/** Google's analytics hosts: pages load scripts from the first, and report to all of them. */
export const analyticsScriptOrigin = 'https://www.googletagmanager.com';
export const analyticsConnectOrigins = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  analyticsScriptOrigin,
] as const;
