import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logRedaction, loggingFor, usesReadableLogs } from './logger.server';

function fakeStdout(isTTY: boolean) {
  const written: string[] = [];
  return { isTTY, hasColors: () => false, write: (text: string) => written.push(text), written };
}

describe('log output', () => {
  it('is readable only on a terminal outside production', () => {
    expect(usesReadableLogs({ env: 'development' }, fakeStdout(true))).toBe(true);
    expect(usesReadableLogs({ env: 'test' }, fakeStdout(true))).toBe(true);
    expect(usesReadableLogs({ env: 'production' }, fakeStdout(true))).toBe(false);
    expect(usesReadableLogs({ env: 'development' }, fakeStdout(false))).toBe(false);
  });

  it('keeps JSON lines (no stream of its own) when stdout is not a terminal, one per request', async () => {
    const options = await loggingFor({ env: 'development', logLevel: 'info' }, fakeStdout(false));
    expect(options.logger).toEqual({ level: 'info', redact: logRedaction });
    const lines: string[] = [];
    const app = Fastify({
      ...options,
      logger: { level: 'info', redact: logRedaction, stream: { write: (line: string) => void lines.push(line) } },
    });
    app.get('/hello', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/hello?x=1', headers: { cookie: 'ca_session=secret' } });
    await app.close();
    const requestLines = lines
      .map((line) => JSON.parse(line) as { msg: string; req?: { headers?: unknown } })
      .filter((line) => line.msg.startsWith('request') || line.msg.startsWith('incoming'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/hello?x=1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(lines.join('')).not.toContain('secret');
  });

  it('writes one readable line per message and per request on a terminal', async () => {
    const stdout = fakeStdout(true);
    const app = Fastify(await loggingFor({ env: 'development', logLevel: 'info' }, stdout));
    app.get('/hello', async () => ({ ok: true }));
    app.log.info({ created: 3 }, 'seeded sample content');
    await app.inject({ method: 'GET', url: '/hello?x=1' });
    await app.close();

    const lines = stdout.written.join('').trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: seeded sample content \{"created":3\}$/);
    expect(lines.filter((line) => line.includes('/hello'))).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/hello\?x=1 200 \d+ ms$/),
    ]);
    for (const line of lines) expect(() => JSON.parse(line)).toThrow();
  });

  it('never writes an Authorization or Cookie header, even when a line logs the headers', async () => {
    const { logger } = await loggingFor({ env: 'production', logLevel: 'info' }, fakeStdout(false));
    const written: string[] = [];
    const app = Fastify({
      logger: { ...(logger as Record<string, unknown>), stream: { write: (line: string) => void written.push(line) } },
    });
    app.get('/hello', async (request) => {
      request.log.info({ headers: request.headers }, 'headers seen');
      return { ok: true };
    });
    const secret = 'cat_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    await app.inject({
      method: 'GET',
      url: '/hello',
      headers: { authorization: `Bearer ${secret}`, cookie: 'ca_session=s3cret', 'user-agent': 'probe' },
    });
    await app.close();

    const log = written.join('');
    expect(log).toContain('headers seen');
    expect(log).toContain('probe');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('s3cret');
  });
});
