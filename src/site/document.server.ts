import type { ClientManifest } from '../platform/http/client-manifest.server';

export interface DocumentParts {
  head: string;
  body: string;
  manifest: ClientManifest;
  /** Pages that need no JavaScript at all (the loading screen) leave it out. */
  withScripts?: boolean;
  /** Extra head markup such as a meta refresh. */
  extraHead?: string;
  /** `<html lang>`: the page's language (decision 44). */
  lang?: string;
}

/** The whole HTML document around server-rendered React markup. */
export function renderDocument({
  head,
  body,
  manifest,
  withScripts = true,
  extraHead = '',
  lang = 'en',
}: DocumentParts): string {
  const fonts = manifest.fonts
    .map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`)
    .join('');
  const scripts = withScripts
    ? `<script type="module" src="${manifest.siteJs}"></script>${manifest.sitePreload.map((href) => `<link rel="modulepreload" href="${href}">`).join('')}`
    : '';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="theme-color" content="#04292c">
${head}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${fonts}<link rel="stylesheet" href="${manifest.siteCss}">
${scripts}${extraHead}
</head>
<body>${body}</body>
</html>`;
}
