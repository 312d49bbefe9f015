import { describe, expect, it } from 'vitest';
import { RecentReads } from './recent-reads.server';

describe('RecentReads', () => {
  it('answers from memory within its time, and reads again when the clock moves past it', async () => {
    const reads = new RecentReads<number>(1_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await reads.get('a', 10_000, load)).toBe(1);
    expect(await reads.get('a', 10_500, load)).toBe(1);
    expect(await reads.get('a', 11_000, load)).toBe(2);
    expect(await reads.get('b', 11_000, load)).toBe(3);
  });

  it('forgets everything on a write, and keeps nothing read before it', async () => {
    const reads = new RecentReads<string>(60_000);
    expect(await reads.get('a', 0, async () => 'before')).toBe('before');
    let release!: () => void;
    const slow = reads.get('b', 0, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return 'read before the write';
    });
    reads.forget();
    release();
    expect(await slow).toBe('read before the write');
    expect(await reads.get('a', 0, async () => 'after')).toBe('after');
    expect(await reads.get('b', 0, async () => 'after')).toBe('after');
  });
});
