/**
 * The Location of a redirect answer. A target on this site without its own query keeps the
 * visitor's (campaign tags survive a renamed page); an address elsewhere is sent as stored.
 */
export function redirectLocation(target: string, requestUrl: string): string {
  if (!target.startsWith('/') || target.includes('?')) return target;
  const query = /\?[^#]*/.exec(requestUrl)?.[0];
  if (!query) return target;
  const hashAt = target.indexOf('#');
  return hashAt === -1 ? `${target}${query}` : `${target.slice(0, hashAt)}${query}${target.slice(hashAt)}`;
}
