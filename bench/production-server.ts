import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { productionNodeFlags } from '../src/server/node-flags';

export const root = path.resolve(import.meta.dirname, '..');

async function run(command: string, args: string[]): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

export interface ProductionServer {
  base: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Builds the project and starts `node dist/server/main.js` on a fresh embedded database (seeded). */
export async function buildAndStart(env: Record<string, string> = {}): Promise<ProductionServer> {
  await run(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/build.ts']);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cenote-bench-'));
  const port = 41_900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...productionNodeFlags, 'dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    const ok = await fetch(`${base}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error('the server exited during start');
    if (Date.now() - started > 180_000) throw new Error('server did not become healthy');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    process: child,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
