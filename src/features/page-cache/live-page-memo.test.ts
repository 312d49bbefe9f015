import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LivePageMemo } from './live-page-memo.server';
import { buildCachedPage, encodeLive, etagOf } from './page-cache.server';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('LivePageMemo', () => {
  it('loads a path once for the requests that arrive together, then answers from memory', async () => {
    const memo = new LivePageMemo<string>();
    let loads = 0;
    const gate = deferred<void>();
    const load = async () => {
      loads += 1;
      await gate.promise;
      return { pageId: 'p1', value: 'content' };
    };
    const together = [memo.get('/a', load), memo.get('/a', load), memo.get('/a', load)];
    gate.resolve();
    expect(await Promise.all(together)).toEqual(['content', 'content', 'content']);
    expect(await memo.get('/a', load)).toBe('content');
    expect(loads).toBe(1);
  });

  it('does not keep what a load read before an invalidation', async () => {
    const memo = new LivePageMemo<string>();
    const gate = deferred<void>();
    const stale = memo.get('/a', async () => {
      await gate.promise;
      return { pageId: 'p1', value: 'old' };
    });
    memo.invalidate({ pageId: 'p1', paths: ['/a'] });
    gate.resolve();
    expect(await stale).toBe('old');
    expect(await memo.get('/a', async () => ({ pageId: 'p1', value: 'new' }))).toBe('new');
  });

  it('drops by path, by page id and for the whole site; keeps no misses', async () => {
    const memo = new LivePageMemo<string>();
    const fill = async () => {
      await memo.get('/', async () => ({ pageId: 'home', value: 'home' }));
      await memo.get('/a', async () => ({ pageId: 'p1', value: 'a' }));
      await memo.get('/b', async () => ({ pageId: 'p2', value: 'b' }));
    };
    await fill();
    memo.invalidate({ paths: ['/'] });
    expect(memo.size).toBe(2);
    memo.invalidate({ pageId: 'p2' });
    expect(memo.size).toBe(1);
    memo.invalidate({ scope: 'site' });
    expect(memo.size).toBe(0);
    expect(await memo.get('/missing', async () => undefined)).toBeUndefined();
    expect(memo.size).toBe(0);
  });

  it('holds at most its bound, dropping the least recently used', async () => {
    const memo = new LivePageMemo<string>(2);
    await memo.get('/a', async () => ({ pageId: 'a', value: 'a' }));
    await memo.get('/b', async () => ({ pageId: 'b', value: 'b' }));
    await memo.get('/a', async () => ({ pageId: 'a', value: 'reloaded' }));
    await memo.get('/c', async () => ({ pageId: 'c', value: 'c' }));
    expect(memo.size).toBe(2);
    expect(await memo.get('/a', async () => ({ pageId: 'a', value: 'reloaded' }))).toBe('a');
    expect(await memo.get('/b', async () => ({ pageId: 'b', value: 'reloaded' }))).toBe('reloaded');
  });
});

describe('documents composed around a fragment', () => {
  const fragment = Buffer.from('<section>Cenote café — 5-10 m</section>');
  const composed = (before: string, after: string) => ({
    parts: [Buffer.from(before), fragment, Buffer.from(after)],
  });

  it('send the same bytes as the whole string, in every coding', async () => {
    const whole = '<html><main><section>Cenote café — 5-10 m</section></main></html>';
    const parts = composed('<html><main>', '</main></html>');
    expect((await encodeLive(parts, 'identity')).body.equals(Buffer.from(whole))).toBe(true);
    const cached = buildCachedPage(parts, 0);
    expect(cached.variants.identity.body.equals(Buffer.from(whole))).toBe(true);
    expect(gunzipSync(cached.variants.gzip.body).equals(Buffer.from(whole))).toBe(true);
    expect(gunzipSync((await encodeLive(parts, 'gzip')).body).equals(Buffer.from(whole))).toBe(true);
  });

  it('get the ETag of the exact bytes sent', async () => {
    const whole = '<html><main><section>Cenote café — 5-10 m</section></main></html>';
    expect((await encodeLive(composed('<html><main>', '</main></html>'), 'identity')).etag).toBe(etagOf(whole));
    expect((await encodeLive(composed('<html><main >', '</main></html>'), 'identity')).etag).not.toBe(etagOf(whole));
  });
});
