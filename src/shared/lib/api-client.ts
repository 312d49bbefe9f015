/** The admin's and auth screens' only way to the server: the JSON API, with the CSRF token attached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface SessionUser {
  id: string;
  email: string;
  fullName: string;
  role: 'viewer' | 'editor' | 'admin';
  emailVerified: boolean;
}

export interface SessionInfo {
  user: SessionUser | null;
  csrfToken: string;
}

let csrfToken: string | null = null;

export async function fetchSession(): Promise<SessionInfo> {
  const session = await request<SessionInfo>('GET', '/api/v1/auth/session');
  csrfToken = session.csrfToken;
  return session;
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && method !== 'HEAD') {
    if (!csrfToken) await fetchSession();
    headers['x-csrf-token'] = csrfToken ?? '';
  }
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError(response.status, 'bad_response', 'The server sent an unexpected answer. Please try again.');
  }
  if (!response.ok) {
    const error = (parsed as { error?: { code?: string; message?: string; field?: string } } | undefined)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? `Request failed (${response.status}).`,
      error?.field,
    );
  }
  return parsed as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

const nextBase = 'http://next.invalid';

/**
 * Only same-site paths are followed after sign-in (no open redirects). The value is resolved
 * the way the browser will resolve it, so `//host`, `/\host` and `/<tab>/host` (URL parsing
 * drops tabs and newlines) are all refused. The account screens themselves are never a
 * destination: a signed-in visitor sent back to /auth would loop.
 */
export function safeNext(value: string | null): string {
  if (!value || !value.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(value, nextBase);
  } catch {
    return '/';
  }
  if (url.origin !== nextBase) return '/';
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return '/';
  // Dot segments can normalise into a protocol-relative address ('/a/..//host' → '//host'),
  // which the browser would follow off the site: such a path is refused too.
  if (url.pathname.startsWith('//')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
