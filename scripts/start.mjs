/**
 * `npm start`: runs the built server (dist/server/main.js) with plain node and the production
 * flags the build recorded (src/server/node-flags.ts). It builds first only when dist/ is missing
 * or older than the sources and the build tools (dev dependencies) are installed, so a second
 * start costs no build and a checkout pruned with `npm prune --omit=dev` still starts.
 *
 * Plain JavaScript on purpose: it must run where tsx and TypeScript are not installed. Its own
 * messages go to stderr, so stdout carries only the server's log lines.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, realpathSync, writeSync } from 'node:fs';
import path from 'node:path';
import { buildState } from './build-state.mjs';

const root = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(root, 'dist', 'server', 'main.js');
const tsxBin = path.join(root, 'node_modules', '.bin', 'tsx');

const say = (line) => writeSync(2, `start: ${line}\n`);

function runBuild() {
  // The build's own output goes to stderr too (stdout stays the server's).
  const result = spawnSync(process.execPath, [realpathSync(tsxBin), path.join('scripts', 'build.ts')], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) {
    say(`the build failed (exit code ${result.status ?? result.signal}); not starting.`);
    process.exit(result.status || 1);
  }
}

let { state, info } = buildState(root);
const canBuild = existsSync(tsxBin);
if (state !== 'fresh') {
  if (canBuild) {
    say(
      state === 'missing' ? 'no build in dist/ yet: building…' : 'the sources changed since the last build: building…',
    );
    runBuild();
    ({ state, info } = buildState(root));
    if (state === 'missing' || !info) {
      say('the build finished but left no dist/build-info.json; not starting.');
      process.exit(1);
    }
  } else if (state === 'missing') {
    say(
      'there is no build in dist/ and the build tools (dev dependencies) are not installed. Run `npm ci && npm run build` first, then prune (docs/deploy.md).',
    );
    process.exit(1);
  } else {
    say(
      'dist/ is older than the sources, and the build tools are not installed to rebuild it: starting the existing build.',
    );
  }
}

const args = [...info.nodeFlags, serverEntry];
// The build's environment for the server (glibc's MALLOC_* settings) and Node's compile cache
// (compileCacheDirectory in src/server/node-flags.ts, ADR 047); what this environment sets wins.
const environment = {
  NODE_COMPILE_CACHE: path.join(root, 'dist', 'compile-cache'),
  ...(info.nodeEnvironment ?? {}),
  ...process.env,
};
if (typeof process.execve === 'function') {
  // The server takes this process's place (same pid, signals and terminal): no second node process.
  process.execve(process.execPath, [process.execPath, ...args], environment);
} else {
  // Node.js before 22.15 has no execve: run the server as a child and pass signals on.
  const child = spawn(process.execPath, args, { stdio: 'inherit', env: environment });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
