import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');

describe('schema and migrations', () => {
  it('the committed migrations describe the Drizzle schema exactly (no drift)', async () => {
    // drizzle-kit wants the output folder relative to the project.
    await mkdir(path.join(root, '.tmp'), { recursive: true });
    const out = await mkdtemp(path.join(root, '.tmp', 'drift-'));
    try {
      await cp(path.join(root, 'db', 'migrations'), out, { recursive: true });
      const before = await readdir(out);
      const { stdout, stderr } = await promisify(execFile)(
        path.join(root, 'node_modules', '.bin', 'drizzle-kit'),
        [
          'generate',
          '--dialect',
          'postgresql',
          '--schema',
          './src/server/schema.ts',
          '--out',
          path.relative(root, out),
        ],
        { cwd: root },
      );
      expect(await readdir(out)).toEqual(before);
      expect(stderr).not.toContain('Error');
      expect(stdout).toContain('No schema changes');
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
