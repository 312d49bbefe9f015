/**
 * What a redirect may go from and to (decision 36). Pure functions: the API, the slug-change hook
 * and the tests share them.
 */

/** Addresses that belong to Cenote Atlas itself: never redirected away. */
const reservedPrefixes = ['/api', '/admin', '/auth', '/assets', '/media', '/preview', '/setup'];
const reservedPaths = new Set([
  '/',
  '/search',
  '/feed.xml',
  '/sitemap.xml',
  '/robots.txt',
  '/favicon.svg',
  '/analytics.js',
]);

export const fromPathMaxLength = 500;
export const targetMaxLength = 2000;

export type Checked = { ok: true; value: string } | { ok: false; message: string };

const fail = (message: string): Checked => ({ ok: false, message });
const hasSpaceOrControl = /[\s\p{Cc}]/u;

/** `/a/b/` → `/a/b`; the root stays `/`. */
function withoutTrailingSlash(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function isReservedPath(path: string): boolean {
  return reservedPaths.has(path) || reservedPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * The path a redirect answers for, as stored and matched: starting with one '/', no query or
 * fragment, no trailing slash, lowercased (old links differ in case more often than they mean it).
 */
export function normalizeFromPath(input: string): Checked {
  const path = input.trim();
  if (path === '') return fail('Enter the old address, a path starting with /, e.g. /old-page.');
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) {
    return fail('Enter a path on this site, starting with /, e.g. /old-page.');
  }
  if (!path.startsWith('/')) return fail('The old address must start with /, e.g. /old-page.');
  if (path.length > fromPathMaxLength) return fail(`The old address can be at most ${fromPathMaxLength} characters.`);
  if (hasSpaceOrControl.test(path)) return fail('The old address cannot contain spaces.');
  if (/[?#]/.test(path)) return fail('A redirect matches the path only: leave out the ? or # part.');
  const normalized = withoutTrailingSlash(path).toLowerCase();
  if (isReservedPath(normalized)) {
    return fail(`${normalized} is part of Cenote Atlas itself and cannot be redirected.`);
  }
  return { ok: true, value: normalized };
}

/** Where a redirect sends visitors: a path on this site (with ?query or #section) or an http(s) address. */
export function normalizeTarget(input: string): Checked {
  const target = input.trim();
  if (target === '') return fail('Enter where visitors should go: a path like /new-page or a full https:// address.');
  if (target.length > targetMaxLength) return fail(`The new address can be at most ${targetMaxLength} characters.`);
  if (hasSpaceOrControl.test(target)) return fail('The new address cannot contain spaces.');
  if (target.startsWith('/') && !target.startsWith('//')) {
    const [, path = '/', rest = ''] = /^([^?#]*)(.*)$/.exec(target) ?? [];
    return { ok: true, value: `${withoutTrailingSlash(path)}${rest}` };
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return fail('Use a path on this site (/new-page) or a full address starting with https://.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return fail('Use a path on this site (/new-page) or a full address starting with https://.');
  }
  return { ok: true, value: url.href };
}

/** The path part of a target on this site, as redirects are matched (lowercased); undefined for another site. */
export function sitePathOf(target: string): string | undefined {
  if (!target.startsWith('/') || target.startsWith('//')) return undefined;
  return withoutTrailingSlash(target.replace(/[?#].*$/, '')).toLowerCase();
}

/** The target with its path replaced, keeping its ?query and #section: for collapsing chains. */
export function replaceSitePath(target: string, newPath: string): string {
  const rest = /[?#].*$/.exec(target)?.[0] ?? '';
  return `${newPath}${rest}`;
}

/**
 * Internal links in stored content that point at `oldPath` (exactly, or with ?/#), rewritten to
 * `newPath`: link fields holding the path, and href="…" inside rich text. Everything else is kept.
 */
export function rewriteInternalLinks<T>(value: T, oldPath: string, newPath: string): { value: T; changed: number } {
  let changed = 0;
  const escaped = oldPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const exact = new RegExp(`^${escaped}(?=$|[?#])`);
  const inHtml = new RegExp(`(href=(["']))${escaped}(?=\\2|[?#])`, 'g');
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      if (exact.test(node)) {
        changed += 1;
        return node.replace(exact, newPath);
      }
      if (node.includes('href=')) {
        return node.replace(inHtml, (_match, prefix: string) => {
          changed += 1;
          return `${prefix}${newPath}`;
        });
      }
      return node;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
    }
    return node;
  };
  const result = walk(value) as T;
  return { value: changed > 0 ? result : value, changed };
}
