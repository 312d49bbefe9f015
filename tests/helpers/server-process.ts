import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from './build-app';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

const tsxBin = path.join(projectRoot, 'node_modules', '.bin', 'tsx');

/** Runs the real entry point (src/server/main.ts) as its own process. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(tsxBin, [path.join(projectRoot, 'src', 'server', 'main.ts')], {
    cwd: projectRoot,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '/tmp',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${env['PORT'] ?? '3000'}`, output: () => output, exited };
}

/** Polls /api/health until it answers 200 (or the process dies or time runs out). */
export async function waitForHealthy(server: ServerProcess, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited before becoming healthy:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output()}`);
}

let nextPort = 41_000 + Math.floor(Math.random() * 4000);
export function freePort(): string {
  nextPort += 1;
  return String(nextPort);
}
