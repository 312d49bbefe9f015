import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../src/platform/env.server';
import { spawnServer } from '../helpers/server-process';

const badValues: Array<[Record<string, string>, string]> = [
  [{ PORT: 'eighty' }, 'Invalid configuration: PORT'],
  [{ PORT: '70000' }, 'Invalid configuration: PORT'],
  [{ DATABASE_URL: 'mysql://localhost/db' }, 'Invalid configuration: DATABASE_URL must start with postgres://'],
  [{ PUBLIC_URL: 'not a url' }, 'Invalid configuration: PUBLIC_URL must be an http(s) origin'],
  [{ LOG_LEVEL: 'loud' }, 'Invalid configuration: LOG_LEVEL'],
  [{ SMTP_URL: 'http://mail' }, 'Invalid configuration: SMTP_URL must start with smtp://'],
  [
    { ADMIN_EMAIL: 'admin@example.org' },
    'Invalid configuration: ADMIN_PASSWORD ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
  ],
  [
    { ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'secret123' },
    'Invalid configuration: ADMIN_EMAIL must be an e-mail address',
  ],
  [{ S3_BUCKET: 'media' }, 'Invalid configuration: S3_ACCESS_KEY_ID'],
  [{ SEED: 'maybe' }, 'Invalid configuration: SEED'],
];

describe('configuration', () => {
  it.each(badValues)('refuses %o with one clear line', (env, expected) => {
    try {
      loadConfig(env, '/tmp');
      expect.unreachable('loadConfig accepted a bad value');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const lines = (error as ConfigError).lines;
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(expected);
    }
  });

  it('hides secrets in the message', () => {
    try {
      loadConfig({ ADMIN_EMAIL: 'a@b.org', ADMIN_PASSWORD: '123' }, '/tmp');
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).lines[0]).toContain('(got "***")');
    }
  });

  it('uses the documented defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/app/data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      seed: true,
    });
  });

  it('stops the real server with exit code 1 and the line on stderr', async () => {
    const server = spawnServer({ PORT: 'eighty', DATA_DIR: '/tmp/never-used' });
    const code = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain('Invalid configuration: PORT');
    expect(server.output()).not.toContain('at ');
  });
});
