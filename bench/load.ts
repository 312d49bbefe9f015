/**
 * One throughput run against a URL: wrk when installed (a C client, so a fast server is not
 * measured against a slow client), else autocannon (whose JavaScript client saturates around the
 * figures the cache-hit path reaches; the ratios still compare like with like).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

const run = promisify(execFile);

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

let wrkAvailable: boolean | undefined;
export async function hasWrk(): Promise<boolean> {
  wrkAvailable ??= await run('wrk', ['--version']).then(
    () => true,
    (error: { stdout?: string }) => Boolean(error.stdout?.includes('wrk')),
  );
  return wrkAvailable;
}

/** `12.5ms`, `830.00us`, `1.20s` → milliseconds. */
function milliseconds(text: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text.trim());
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}

export async function loadTest(options: {
  url: string;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
}): Promise<LoadResult & { client: 'wrk' | 'autocannon' }> {
  const headers = options.headers ?? {};
  if (await hasWrk()) {
    const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency'];
    for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
    const { stdout } = await run('wrk', [...args, options.url], { maxBuffer: 1 << 20 });
    const total = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0);
    const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
    return {
      client: 'wrk',
      requestsPerSecond: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? 0)),
      p50: milliseconds(/\s50%\s+(\S+)/.exec(stdout)?.[1] ?? ''),
      p99: milliseconds(/\s99%\s+(\S+)/.exec(stdout)?.[1] ?? ''),
      errors: socketErrors ? socketErrors.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0,
      non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0),
      total,
    };
  }
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers,
  });
  return {
    client: 'autocannon',
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

/** The middle value of a list (of an even count, the upper of the two middle ones). */
export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}
