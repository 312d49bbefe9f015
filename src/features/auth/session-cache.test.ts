import { describe, expect, it } from 'vitest';
import { SessionCache, type SessionRow } from './session-cache.server';
import type { UserRow } from './auth.table';

function row(email: string): SessionRow {
  return {
    expiresAt: new Date('2026-12-27T00:00:00Z'),
    user: { id: `id-${email}`, email } as UserRow,
    twoFactorRequired: false,
  };
}

describe('SessionCache', () => {
  it('keeps a session read under the current generation until anything changes', () => {
    const cache = new SessionCache();
    cache.set('hash-a', cache.generation(), row('a@example.com'));
    expect(cache.get('hash-a')?.user.email).toBe('a@example.com');
    expect(cache.get('hash-b')).toBeUndefined();
    cache.invalidate();
    expect(cache.get('hash-a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not keep a session read while a write committed (a sign-out, a disabled account)', () => {
    const cache = new SessionCache();
    const before = cache.generation();
    cache.invalidate();
    cache.set('hash-a', before, row('a@example.com'));
    expect(cache.get('hash-a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps 1,000 sessions, dropping the one used longest ago', () => {
    const cache = new SessionCache();
    for (let n = 0; n < 1_000; n++) cache.set(`hash-${n}`, cache.generation(), row(`${n}@example.com`));
    expect(cache.get('hash-0')?.user.email).toBe('0@example.com');
    cache.set('hash-1000', cache.generation(), row('1000@example.com'));
    expect(cache.size).toBe(1_000);
    expect(cache.get('hash-1')).toBeUndefined();
    expect(cache.get('hash-0')?.user.email).toBe('0@example.com');
    expect(cache.get('hash-1000')?.user.email).toBe('1000@example.com');
  });

  it('on a server, answers a session from memory for at most its age limit', () => {
    let now = 0;
    const cache = new SessionCache(10_000, () => now);
    cache.set('hash-a', cache.generation(), row('a@example.com'));
    now = 10_000;
    expect(cache.get('hash-a')?.user.email).toBe('a@example.com');
    now = 10_001;
    expect(cache.get('hash-a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
