import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { rateLimits } from '../../src/features/auth/auth.table';
import type { Role } from '../../src/features/auth/auth.dto';
import { createUser } from '../../src/features/auth/users.service.server';
import { mailDirectory } from '../../src/features/mail/mailer.server';
import type { Clock } from '../../src/server/app';
import type { TestApp } from './build-app';

/** A clock tests can move forward (sessions, tokens and rate limits all read it). */
export class TestClock implements Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export const minutes = (n: number) => n * 60 * 1000;
export const hours = (n: number) => n * 60 * 60 * 1000;
export const days = (n: number) => n * 24 * 60 * 60 * 1000;

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  /** The raw Set-Cookie lines of this response. */
  setCookies: string[];
}

export interface ErrorBody {
  error: { code: string; message: string; field?: string };
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the CSRF header (fetching the token first if needed); default true for writes. */
  csrf?: boolean;
}

interface RawResult {
  status: number;
  headers: Headers;
  text: string;
}

/** One HTTP request from a chosen local address (fetch cannot bind its socket to one). */
function requestFrom(
  localAddress: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body: string | undefined },
): Promise<RawResult> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method, headers: init.headers, localAddress }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
            headers.append(name, item);
          }
        }
        resolve({ status: response.statusCode ?? 0, headers, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

export interface ApiClientOptions {
  /**
   * The loopback address the requests leave from (e.g. '127.0.0.2'), so one test can be several
   * clients to the per-address limits. The server listens on 127.0.0.1; Linux routes all of
   * 127.0.0.0/8 to the loopback interface.
   */
  localAddress?: string;
}

/**
 * A browser-like client for the JSON API: keeps cookies, and before its first write fetches the
 * CSRF token from GET /api/v1/auth/session, then sends it as x-csrf-token. Like the admin's API
 * client, it takes the replacement token from the x-csrf-token header of a response that has one
 * (sign-in, sign-out, setup).
 */
export class ApiClient {
  readonly cookies = new Map<string, string>();
  csrfToken: string | undefined;

  constructor(
    readonly baseUrl: string,
    readonly options: ApiClientOptions = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keepCookies(lines: string[]): void {
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = decodeURIComponent(pair.slice(separator + 1));
      const expired = attributes.some((attribute) => {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'max-age') return Number(attributeValue) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(attributeValue).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request<T = unknown>(method: string, route: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const writes = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (writes && (options.csrf ?? true)) {
      if (!this.csrfToken) await this.session();
      headers['x-csrf-token'] = this.csrfToken ?? '';
    }
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size > 0) headers['cookie'] = this.cookieHeader();
    Object.assign(headers, options.headers);
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const response = await this.send(`${this.baseUrl}${route}`, { method, headers, body });
    const setCookies = response.headers.getSetCookie();
    this.keepCookies(setCookies);
    const rotated = response.headers.get('x-csrf-token');
    if (rotated) this.csrfToken = rotated;
    return { status: response.status, body: parseBody<T>(response.text), headers: response.headers, setCookies };
  }

  private async send(
    url: string,
    init: { method: string; headers: Record<string, string>; body: string | undefined },
  ): Promise<RawResult> {
    if (this.options.localAddress) return requestFrom(this.options.localAddress, url, init);
    const response = await fetch(url, { ...init, redirect: 'manual' });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  async session() {
    const response = await this.request<{
      user: { id: string; email: string; fullName: string; role: Role; emailVerified: boolean } | null;
      csrfToken: string;
    }>('GET', '/api/v1/auth/session');
    this.csrfToken = response.body.csrfToken;
    return response;
  }

  get<T = unknown>(route: string, options?: RequestOptions) {
    return this.request<T>('GET', route, options);
  }
  post<T = unknown>(route: string, body: unknown = {}, options: RequestOptions = {}) {
    return this.request<T>('POST', route, { ...options, body });
  }
  patch<T = unknown>(route: string, body: unknown, options: RequestOptions = {}) {
    return this.request<T>('PATCH', route, { ...options, body });
  }
  delete<T = unknown>(route: string, options?: RequestOptions) {
    return this.request<T>('DELETE', route, options);
  }
  async signIn(email: string, password: string) {
    return this.post<{ user: { id: string; role: Role } } & ErrorBody>('/api/v1/auth/sign-in', { email, password });
  }
}

function parseBody<T>(text: string): T {
  try {
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    // not JSON (HTML pages): keep the text
    return text as T;
  }
}

/** Decodes quoted-printable soft line breaks and =XX escapes (nodemailer's text encoding). */
function decodeQuotedPrintable(value: string): string {
  return value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export interface SentMail {
  file: string;
  subject: string;
  /** The message decoded enough to read its text and links. */
  content: string;
  links: string[];
}

/** Every .eml written for this recipient, oldest first (waits for queued deliveries). */
export async function mailsTo(server: TestApp, to: string): Promise<SentMail[]> {
  await server.app.mailer.idle();
  const directory = mailDirectory(server.config.dataDir);
  const files = (await readdir(directory).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
  const mails: SentMail[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(directory, file), 'utf8');
    if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw)) continue;
    const content = decodeQuotedPrintable(raw);
    mails.push({
      file,
      subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
      content,
      links: [...new Set(content.match(/https?:\/\/[^\s<>"]+/g) ?? [])],
    });
  }
  return mails;
}

/** The token of the newest link to `route` (e.g. '/auth/verify') e-mailed to `to`. */
export async function latestTokenFor(server: TestApp, to: string, route: string): Promise<string> {
  const mails = await mailsTo(server, to);
  for (const mail of mails.reverse()) {
    const link = mail.links.find((candidate) => new URL(candidate).pathname === route);
    const token = link ? new URL(link).searchParams.get('token') : null;
    if (token) return token;
  }
  throw new Error(`No e-mail to ${to} with a link to ${route}`);
}

export function uniqueEmail(prefix = 'diver'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

/** Rate limits are per client address, and tests all come from 127.0.0.1: each test starts clean. */
export async function clearRateLimits(server: TestApp): Promise<void> {
  await server.app.db.delete(rateLimits);
}

/** Signs up over HTTP and follows the e-mailed verification link; returns the credentials. */
export async function signUpVerified(
  server: TestApp,
  input: { email?: string; password?: string; fullName?: string } = {},
): Promise<{ email: string; password: string }> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? 'correct horse battery';
  const client = new ApiClient(server.url);
  const signUp = await client.post('/api/v1/auth/sign-up', { email, password, fullName: input.fullName });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${JSON.stringify(signUp.body)}`);
  const token = await latestTokenFor(server, email, '/auth/verify');
  const verify = await client.post('/api/v1/auth/verify', { token });
  if (verify.status !== 200) throw new Error(`verify answered ${verify.status}: ${JSON.stringify(verify.body)}`);
  return { email, password };
}

/** A verified account with this role, created directly in the database (fast, no rate limits). */
export async function createUserWithRole(
  server: TestApp,
  role: Role,
  input: { email?: string; password?: string } = {},
): Promise<{ email: string; password: string; id: string }> {
  const email = input.email ?? uniqueEmail(role);
  const password = input.password ?? `${role}-password-123`;
  const user = await createUser(server.app.db, { email, password, role, verified: true }, server.app.clock.now());
  return { email, password, id: user.id };
}

/** A client signed in as a fresh account with this role. */
export async function signedInClient(server: TestApp, role: Role): Promise<ApiClient> {
  const { email, password } = await createUserWithRole(server, role);
  const client = new ApiClient(server.url);
  const response = await client.signIn(email, password);
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${JSON.stringify(response.body)}`);
  return client;
}
