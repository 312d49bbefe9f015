import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, waitForHealthy } from '../helpers/server-process';

let dataDir = '';
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight when SIGTERM arrives, then exits 0', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cenote-shutdown-'));
    // A large media file, read slowly, keeps one real request in flight.
    const size = 32 * 1024 * 1024;
    await mkdir(path.join(dataDir, 'media', 'test'), { recursive: true });
    await writeFile(path.join(dataDir, 'media', 'test', 'large.jpg'), Buffer.alloc(size, 7));
    const port = freePort();
    const server = spawnServer({ PORT: port, DATA_DIR: dataDir, SEED: 'false' });
    await waitForHealthy(server);

    const received = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: Number(port), path: '/media/test/large.jpg' }, (res) => {
        let bytes = 0;
        let signalled = false;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (!signalled) {
            signalled = true;
            server.child.kill('SIGTERM');
            // Read slowly for a while so the shutdown really has to wait for us.
            res.pause();
            setTimeout(() => res.resume(), 500);
          }
        });
        res.on('end', () => resolve(bytes));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });

    expect(received).toBe(size);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
    // New connections are refused once it has stopped.
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
