/**
 * The mixed run (issue 21): for BENCH_MIXED_SECONDS (60 by default), 95 % anonymous page views
 * (the page cache), 4 % signed-in page views (rendered for each request) and 1 % writes: a block
 * save and a publish of the same page, one after the other, as an editor works. Every anonymous
 * view of that page sent after a publish was answered must show what was published (no stale page).
 */
import autocannon from 'autocannon';

export interface MixedRun {
  seconds: number;
  anonymousReads: number;
  signedInReads: number;
  /** Block saves plus publishes (the writer's reads of the page and its blocks before each are not counted). */
  writes: number;
  /** Each kind's share of all requests. */
  shares: { anonymous: number; signedIn: number; writes: number };
  readsPerSecond: number;
  readP99Ms: number;
  errors: number;
  publishes: number;
  /** Anonymous views of the published page sent after a publish had been answered. */
  checkedReads: number;
  /** Of those, the views that showed an older version (must be 0). */
  staleReads: number;
}

interface Session {
  cookie: string;
  csrf: string;
}

/** autocannon's per-connection context: the newest publish answered when this request was sent. */
interface RoundContext {
  sentAfterRound?: number;
}

const readPaths = ['/', '/cenote-casa-cenote', '/safety-guidelines', '/cenote-el-pit', '/cenote-yaakun'];
const target = 'cenote-yaakun';
const roundPattern = /Mixed run round (\d+)/;

export async function measureMixed(base: string, session: Session, seconds: number): Promise<MixedRun> {
  const headers = { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf };
  const { page } = (await (await fetch(`${base}/api/v1/pages/by-slug/${target}`)).json()) as { page: { id: string } };

  // One cycle of 96 reads per connection, 4 of them signed in; the writer adds 1 % of writes.
  const requests: autocannon.Request[] = [];
  for (let index = 0; index < 96; index++) {
    const path = readPaths[index % readPaths.length]!;
    const signedIn = index % 24 === 23;
    requests.push({
      method: 'GET',
      path,
      headers: signedIn ? { cookie: session.cookie } : {},
      setupRequest: (request, context) => {
        (context as RoundContext).sentAfterRound = publishedRound;
        return request;
      },
      onResponse: (status, body, context) => {
        if (status !== 200) return;
        if (signedIn) signedInReads += 1;
        else anonymousReads += 1;
        if (path !== `/${target}` || signedIn) return;
        const expected = (context as RoundContext).sentAfterRound ?? 0;
        if (expected === 0) return;
        checkedReads += 1;
        if (Number(roundPattern.exec(body)?.[1] ?? 0) < expected) staleReads += 1;
      },
    });
  }

  let publishedRound = 0;
  let anonymousReads = 0;
  let signedInReads = 0;
  let writes = 0;
  let writeErrors = 0;
  let publishes = 0;
  let staleReads = 0;
  let checkedReads = 0;
  let running = true;

  const writer = (async () => {
    let round = 0;
    while (running) {
      // Keep writes at about 1 % of all requests.
      if ((writes + 2) * 99 > anonymousReads + signedInReads) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        continue;
      }
      round += 1;
      try {
        const { blocks } = (await (
          await fetch(`${base}/api/v1/pages/${page.id}/blocks`, { headers: { cookie: session.cookie } })
        ).json()) as { blocks: Array<{ id: string; block_type: string; version: number }> };
        const hero = blocks.find((block) => block.block_type === 'hero')!;
        const saved = await fetch(`${base}/api/v1/blocks/${hero.id}`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ version: hero.version, block_data: { title: `Mixed run round ${round}` } }),
        });
        writes += 1;
        if (!saved.ok) throw new Error(`save ${saved.status}`);
        const { page: current } = (await (
          await fetch(`${base}/api/v1/pages/${page.id}`, { headers: { cookie: session.cookie } })
        ).json()) as { page: { version: number } };
        const published = await fetch(`${base}/api/v1/pages/${page.id}/publish`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ version: current.version }),
        });
        writes += 1;
        if (!published.ok) throw new Error(`publish ${published.status}`);
        publishedRound = round;
        publishes += 1;
      } catch {
        writeErrors += 1;
      }
    }
  })();

  const reads = await autocannon({ url: base, connections: 10, duration: seconds, requests });
  running = false;
  await writer;
  const total = anonymousReads + signedInReads + writes;
  const share = (count: number) => Number((count / Math.max(1, total)).toFixed(3));
  return {
    seconds,
    anonymousReads,
    signedInReads,
    writes,
    shares: { anonymous: share(anonymousReads), signedIn: share(signedInReads), writes: share(writes) },
    readsPerSecond: Math.round(reads.requests.average),
    readP99Ms: reads.latency.p99,
    errors: reads.errors + reads.timeouts + reads.non2xx + writeErrors,
    publishes,
    checkedReads,
    staleReads,
  };
}
