import { lookup as dnsLookup } from 'node:dns';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { badRequest } from '../../platform/http/app-error.server';
import { nodeHttp } from '../../platform/http/node-http.server';
import { blockedAddressReason } from './private-address';

export const webhookUrlMaxLength = 2000;
/** The whole attempt (connect, send, answer) must end within this. */
export const webhookTimeoutMs = 10_000;
/** Only the status matters; a few KB of the answer are kept for the admin's error message. */
const responseReadLimit = 4096;
const errorSnippetLength = 200;

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** `localhost` and its subdomains always point at this machine (RFC 6761), whatever DNS says. */
const isLocalName = (host: string) => /(^|\.)localhost\.?$/i.test(host);

/**
 * The URL an admin may register: http or https (http is allowed for receivers on a private network
 * and for testing; the signature still proves the sender), at most 2000 characters, no user name
 * or password in it, and unless private targets are allowed, no host that is a private, loopback,
 * link-local or otherwise non-public IP literal or `localhost`. Names are checked again, after DNS,
 * on every delivery.
 */
export function checkWebhookUrl(input: string, allowPrivate: boolean): URL {
  const text = input.trim();
  if (text.length === 0) throw badRequest('invalid_url', 'Enter the URL that should receive the messages.', 'url');
  if (text.length > webhookUrlMaxLength) {
    throw badRequest('invalid_url', `The URL is too long (at most ${webhookUrlMaxLength} characters).`, 'url');
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest('invalid_url', 'Enter a full URL, such as https://example.com/hooks/atlas.', 'url');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw badRequest('invalid_url', 'The URL must start with https:// or http://.', 'url');
  }
  if (url.username || url.password) {
    throw badRequest(
      'invalid_url',
      'Leave the user name and password out of the URL; the signature proves the sender.',
      'url',
    );
  }
  if (!allowPrivate) {
    const host = hostOf(url);
    const reason = isIP(host) ? blockedAddressReason(host) : isLocalName(host) ? 'loopback' : undefined;
    if (reason) {
      throw badRequest(
        'private_address',
        `Webhooks can only go to public addresses; ${url.hostname} is a ${reason} address.`,
        'url',
      );
    }
  }
  return url;
}

export class BlockedTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockedTargetError';
  }
}

/**
 * A DNS lookup for the HTTP client that refuses a name when any of its addresses is not public,
 * and hands the client only the addresses it checked: the connection goes to an address that
 * passed, so a name that answers differently the second time (DNS rebinding) cannot slip through.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0, hints: options.hints ?? 0 }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0) {
        return callback(new BlockedTargetError(`${hostname} has no address.`), '', 0);
      }
      if (!allowPrivate) {
        for (const { address } of addresses) {
          const reason = blockedAddressReason(address);
          if (reason) {
            return callback(
              new BlockedTargetError(`Refused: ${hostname} points to ${address}, a ${reason} address.`),
              '',
              0,
            );
          }
        }
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}

export interface PostOutcome {
  ok: boolean;
  /** The receiver's HTTP status, when it answered. */
  status: number | null;
  /** Why it counts as failed, in words for the admin. */
  error: string | null;
}

/**
 * POSTs `body` once: no redirects (a 3xx is a failure), one connection of its own (no pooled
 * socket from an earlier name check), everything within 10 seconds, at most 4 KB of the answer
 * read. Never throws: every way of failing becomes an outcome.
 */
export function postToWebhook(
  target: URL,
  body: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
): Promise<PostOutcome> {
  const host = hostOf(target);
  if (!allowPrivate && isIP(host)) {
    const reason = blockedAddressReason(host);
    if (reason) return Promise.resolve({ ok: false, status: null, error: `Refused: ${host} is a ${reason} address.` });
  }
  if (!allowPrivate && isLocalName(host)) {
    return Promise.resolve({ ok: false, status: null, error: `Refused: ${host} is this machine.` });
  }
  const client = target.protocol === 'https:' ? https : nodeHttp;
  const signal = AbortSignal.timeout(webhookTimeoutMs);
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: false,
        lookup: guardedLookup(allowPrivate),
        signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let received = 0;
        const conclude = () => {
          response.destroy();
          if (status >= 200 && status < 300) return finish({ ok: true, status, error: null });
          const snippet = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/\s+/g, ' ')
            .trim()
            .slice(0, errorSnippetLength);
          if (status >= 300 && status < 400) {
            return finish({
              ok: false,
              status,
              error: `The receiver answered ${status}, a redirect; webhooks do not follow redirects.`,
            });
          }
          const what = `The receiver answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}`;
          finish({ ok: false, status, error: snippet ? `${what}: ${snippet}` : `${what}.` });
        };
        // A success needs no body; a failure keeps the start of its answer as a hint for the admin.
        if (status >= 200 && status < 300) return conclude();
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          received += chunk.length;
          if (received >= responseReadLimit) conclude();
        });
        response.on('end', conclude);
        response.on('error', conclude);
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => finish({ ok: false, status: null, error: describe(error) }));
    request.end(body);
  });
}

function describe(error: NodeJS.ErrnoException): string {
  if (error instanceof BlockedTargetError) return error.message;
  if (error.name === 'AbortError' || error.name === 'TimeoutError' || error.code === 'ABORT_ERR') {
    return `No answer within ${webhookTimeoutMs / 1000} seconds.`;
  }
  switch (error.code) {
    case 'ENOTFOUND':
      return 'The host name could not be found.';
    case 'ECONNREFUSED':
      return 'The connection was refused.';
    case 'ECONNRESET':
      return 'The connection was closed before an answer came.';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'The host could not be reached.';
    default:
      return error.message || error.code || 'The request failed.';
  }
}
