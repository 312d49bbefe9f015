/** The admin's and auth screens' only way to the server: the JSON API, with the CSRF token attached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** The `error` object as the server sent it, for refusals that carry more (e.g. `in_use`). */
    readonly details?: Readonly<Record<string, unknown>>,
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
  two_factor_enabled?: boolean;
  /** Editors and admins must turn on two-factor before anything else (sent by GET /api/v1/auth/session). */
  two_factor_setup_required?: boolean;
}

export interface SessionInfo {
  user: SessionUser | null;
  csrfToken: string;
}

/**
 * The CSRF token of this page (decision 47: bound to the session, replaced at sign-in and
 * sign-out). It comes from GET /api/v1/auth/session, and any response that replaces it (sign-in,
 * sign-out, setup) carries the new one in its `x-csrf-token` header.
 */
let csrfToken: string | null = null;

export async function fetchSession(): Promise<SessionInfo> {
  const session = await request<SessionInfo>('GET', '/api/v1/auth/session');
  csrfToken = session.csrfToken;
  return session;
}

/** The token to send with a write; `refresh` asks the server again (after a csrf_failed). */
export async function csrfTokenForWrites(refresh = false): Promise<string> {
  if (refresh || !csrfToken) await fetchSession();
  return csrfToken ?? '';
}

/** Picks up a replaced token from any response that carries one. */
export function rememberCsrfToken(token: string | null): void {
  if (token) csrfToken = token;
}

function isWrite(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD';
}

export interface RequestOptions {
  /** Lets the request finish after the page is gone (an autosave when the editor leaves). */
  keepalive?: boolean;
}

async function send(method: string, path: string, body: unknown, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (isWrite(method)) headers['x-csrf-token'] = await csrfTokenForWrites();
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
    ...(options.keepalive ? { keepalive: true } : {}),
  });
  rememberCsrfToken(response.headers.get('x-csrf-token'));
  return response;
}

async function request<T>(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  let response = await send(method, path, body, options);
  // Another tab signed in or out, or the session ended: the token this page held no longer fits.
  // The refusal happened before anything changed, so one retry with a fresh token is safe.
  if (isWrite(method) && response.status === 403 && (await errorCode(response)) === 'csrf_failed') {
    await csrfTokenForWrites(true);
    response = await send(method, path, body, options);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError(response.status, 'bad_response', 'The server sent an unexpected answer. Please try again.');
  }
  if (!response.ok) {
    const error = (
      parsed as { error?: { code?: string; message?: string; field?: string } & Record<string, unknown> } | undefined
    )?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? `Request failed (${response.status}).`,
      error?.field,
      error,
    );
  }
  return parsed as T;
}

/** The error code of a refusal, read from a clone so the response itself stays readable. */
async function errorCode(response: Response): Promise<string | undefined> {
  try {
    const parsed = (await response.clone().json()) as { error?: { code?: string } } | undefined;
    return parsed?.error?.code;
  } catch {
    return undefined;
  }
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
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
