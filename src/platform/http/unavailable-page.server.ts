/** What the API and the site say while the database cannot be reached (decision: 503, never a stack trace). */
export const databaseUnavailableMessage = 'The database is not reachable right now. Please try again shortly.';

/** Seconds a client should wait before trying again (sent as Retry-After). */
export const databaseRetryAfterSeconds = 5;

/**
 * The page a visitor sees when a public page is not in the page cache and cannot be rendered
 * because the database is down. It needs nothing from the database (no navigation, no settings,
 * no stylesheet that might be missing) and reloads itself, so it recovers when the database does.
 */
export const databaseUnavailablePageHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="30">
<title>Temporarily unavailable | Cenote Atlas</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#04292c;color:#f0fdfa;font:16px/1.5 system-ui,sans-serif;text-align:center;padding:1.5rem;box-sizing:border-box}
h1{font-size:1.875rem;margin:0 0 .75rem}
p{margin:0 auto;max-width:32rem;color:#ccfbf1}
a{color:#5eead4}
</style>
</head>
<body>
<main role="alert">
<h1>Temporarily unavailable</h1>
<p>This page can't be shown right now because the site's database is not reachable. Please try again in a few minutes; this page reloads by itself.</p>
<p style="margin-top:1.5rem"><a href="/">Go to the home page</a></p>
</main>
</body>
</html>
`;
