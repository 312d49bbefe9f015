import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const projectRoot = path.resolve(import.meta.dirname, '..', '..');

/** The built-in modules Node has loaded once the whole server's module graph is imported, in a fresh process. */
async function builtinsLoadedByServerModules(): Promise<string[]> {
  const script = [
    "await import('./src/server/app.ts');",
    'process.stdout.write(JSON.stringify(process.moduleLoadList));',
  ].join('\n');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', script],
    { cwd: projectRoot, maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as string[];
}

describe('the modules the server loads at start', () => {
  it('include node:http but not undici, which an ES import of node:http would load (ADR 061)', async () => {
    const loaded = await builtinsLoadedByServerModules();
    // The list does show built-ins: the server's own HTTP module is there.
    expect(loaded).toContain('NativeModule http');
    expect(loaded.filter((name) => name.includes('undici'))).toEqual([]);
  }, 60_000);
});
