import { describe, expect, it } from 'vitest';
import { EditorReadCache } from './editor-read-cache.server';

describe('EditorReadCache', () => {
  it('keeps a list read under the current generation until anything changes', () => {
    const cache = new EditorReadCache();
    cache.set('all', cache.generation(), Buffer.from('{"pages":[]}'));
    expect(cache.get('all')?.toString()).toBe('{"pages":[]}');
    cache.invalidate();
    expect(cache.get('all')).toBeUndefined();
  });

  it('does not keep a list read while a write committed (its generation moved on)', () => {
    const cache = new EditorReadCache();
    const before = cache.generation();
    cache.invalidate();
    cache.set('all', before, Buffer.from('{"pages":["stale"]}'));
    expect(cache.get('all')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps 256 answers, dropping the one read longest ago', () => {
    const cache = new EditorReadCache();
    for (let n = 0; n < 256; n++) cache.set(`q=${n}`, cache.generation(), Buffer.from(String(n)));
    expect(cache.get('q=0')?.toString()).toBe('0');
    cache.set('q=256', cache.generation(), Buffer.from('256'));
    expect(cache.size).toBe(256);
    expect(cache.get('q=1')).toBeUndefined();
    expect(cache.get('q=0')?.toString()).toBe('0');
    expect(cache.get('q=256')?.toString()).toBe('256');
  });

  it('keeps at most 8 MB, dropping the answers read longest ago', () => {
    const cache = new EditorReadCache();
    const megabyte = Buffer.alloc(1024 * 1024, 'a');
    for (let n = 0; n < 8; n++) cache.set(`page:${n}`, cache.generation(), megabyte);
    expect(cache.bytes).toBe(8 * 1024 * 1024);
    cache.set('page:8', cache.generation(), megabyte);
    expect(cache.size).toBe(8);
    expect(cache.bytes).toBe(8 * 1024 * 1024);
    expect(cache.get('page:0')).toBeUndefined();
    // Replacing an answer counts its bytes once.
    cache.set('page:8', cache.generation(), Buffer.from('{}'));
    expect(cache.bytes).toBe(7 * 1024 * 1024 + 2);
    // One answer larger than the whole budget is not kept at all.
    cache.set('huge', cache.generation(), Buffer.alloc(8 * 1024 * 1024 + 1));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(8);
  });

  it('serves a list no longer than its maximum age', () => {
    let now = 0;
    const cache = new EditorReadCache(10_000, () => now);
    cache.set('all', cache.generation(), Buffer.from('[]'));
    now = 10_000;
    expect(cache.get('all')?.toString()).toBe('[]');
    now = 10_001;
    expect(cache.get('all')).toBeUndefined();
  });
});
