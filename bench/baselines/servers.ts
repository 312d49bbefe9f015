/**
 * The baselines of the cached-page runs, started next to the server under test: plain Fastify
 * (always) and nginx serving the same files with gzip_static (when `nginx` is installed).
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..', '..');

export interface BaselineServer {
  name: string;
  base: string;
  /** The serving processes (for their CPU time). */
  pids(): Promise<number[]>;
  stop(): Promise<void>;
}

/** A process and its direct children (nginx's master and its worker). */
export async function withChildren(pid: number): Promise<number[]> {
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return [pid, ...children.split(/\s+/).filter(Boolean).map(Number)];
}

/** CPU seconds (user + system) the processes have used so far. */
export async function cpuSeconds(pids: number[]): Promise<number> {
  let ticks = 0;
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // Fields after the command name (which may hold spaces) start at ")": utime is the 14th field, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  return ticks / clockTicksPerSecond;
}
/**
 * Runs a load and adds the CPU time the given processes spent per request answered, in µs (one
 * decimal), read from /proc before and after.
 */
export async function withCpuPerRequest<Run extends { total: number }>(
  pids: number[],
  load: () => Promise<Run>,
): Promise<Run & { cpuPerRequestUs: number }> {
  const before = await cpuSeconds(pids);
  const result = await load();
  const microseconds = ((await cpuSeconds(pids)) - before) * 1e6;
  return { ...result, cpuPerRequestUs: Math.round((microseconds / Math.max(1, result.total)) * 10) / 10 };
}
// USER_HZ is 100 on Linux on every architecture we run on.
const clockTicksPerSecond = 100;

/** A page to serve: its URL path and its HTML as the server under test sends it. */
export interface BaselinePage {
  urlPath: string;
  html: string;
}

async function waitUntilAnswering(url: string, child: ChildProcess): Promise<void> {
  const started = Date.now();
  for (;;) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (child.exitCode !== null) throw new Error(`baseline server for ${url} exited`);
    if (Date.now() - started > 30_000) throw new Error(`baseline server for ${url} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stopper(child: ChildProcess, dir: string) {
  return async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await rm(dir, { recursive: true, force: true });
  };
}

const fileNameOf = (urlPath: string) => (urlPath === '/' ? 'index.html' : `${urlPath.slice(1)}.html`);

/**
 * Plain Fastify serving `pages` from memory; with `cpuPerRequestUs`, spending that much CPU on each
 * request first, without allocating (the uncached render's latency floor).
 */
export async function startPlainFastify(
  pages: BaselinePage[],
  port: number,
  options: { cpuPerRequestUs?: number } = {},
): Promise<BaselineServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cenote-bench-fastify-'));
  const args: string[] = [];
  for (const page of pages) {
    const file = path.join(dir, fileNameOf(page.urlPath));
    await writeFile(file, page.html);
    args.push(`${page.urlPath}=${file}`);
  }
  // tsx as a loader in this process (its CLI would run the server in a child): the pid is the server's.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/baselines/plain-fastify.ts', String(port), ...args],
    {
      cwd: root,
      env: { ...process.env, BASELINE_CPU_US: String(options.cpuPerRequestUs ?? 0) },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${base}${pages[0]!.urlPath}`, child);
  const name = options.cpuPerRequestUs
    ? `plain Fastify + ${options.cpuPerRequestUs} µs CPU a request`
    : 'plain Fastify';
  return { name, base, pids: async () => [child.pid!], stop: stopper(child, dir) };
}

export async function nginxInstalled(): Promise<boolean> {
  return run('nginx', ['-v']).then(
    () => true,
    () => false,
  );
}

/** nginx, one worker, serving the pages as static files with their .gz beside them (gzip_static). */
export async function startNginx(pages: BaselinePage[], port: number): Promise<BaselineServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cenote-bench-nginx-'));
  const www = path.join(dir, 'www');
  await mkdir(www);
  for (const page of pages) {
    const file = path.join(www, fileNameOf(page.urlPath));
    await writeFile(file, page.html);
    await writeFile(`${file}.gz`, gzipSync(page.html, { level: 9 }));
  }
  // nginx's workers drop to an unprivileged user when started as root: they must read the files.
  await chmod(dir, 0o755);
  const config = path.join(dir, 'nginx.conf');
  await writeFile(
    config,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  default_type text/html;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${www};
    location = / { try_files /index.html =404; }
    location / { try_files $uri.html =404; }
  }
}
`,
  );
  const child = spawn('nginx', ['-c', config, '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${base}${pages[0]!.urlPath}`, child);
  return { name: 'nginx', base, pids: () => withChildren(child.pid!), stop: stopper(child, dir) };
}
