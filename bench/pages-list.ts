/**
 * The pages list with 5,000 pages (issue 20): generates draft pages through the API, as an editor
 * (an editor-role API token made by the bench admin), then times `GET /api/v1/pages?limit=50`
 * one request at a time (what an editor waits for when the Pages screen opens; the admin list is
 * rendered in the browser, so this API answer is the figure that counts), next to a page deep in
 * the list (keyset: it should cost the same), a search, and the form the admin asks for
 * (`include=blocks`) with the editor's session cookie. Each of those is timed after a save (the
 * list is read from the database); the same first stretch read again unchanged is timed too (from
 * memory, ADR 044).
 */

export interface PagesListFigure {
  name: string;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  items: number;
}

export interface PagesListReport {
  pagesGenerated: number;
  pagesInList: number;
  generateSeconds: number;
  figures: PagesListFigure[];
  /** The target: the first 50 pages answer in under 100 ms (p50 and p99 of sequential requests). */
  firstPageUnder100Ms: boolean;
}

const generated = Number(process.env['BENCH_PAGES'] ?? 5000);
/** Creates in flight at once: enough to keep the server busy, few enough to measure it, not a queue. */
const createConcurrency = 8;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1));
}

async function timed(
  name: string,
  url: string,
  headers: Record<string, string>,
  requests: number,
  /** Runs (untimed) before each request: a save, so the list is read from the database, not memory. */
  beforeEach?: () => Promise<void>,
): Promise<PagesListFigure> {
  const times: number[] = [];
  let items = 0;
  // A few unmeasured requests first: the first query of a kind plans it and warms the caches.
  for (let round = -5; round < requests; round++) {
    await beforeEach?.();
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = (await response.json()) as { items?: unknown[] };
    const elapsed = performance.now() - started;
    if (response.status !== 200 || !body.items) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
    items = body.items.length;
    if (round >= 0) times.push(elapsed);
  }
  return {
    name,
    requests,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    maxMs: Number(Math.max(...times).toFixed(1)),
    items,
  };
}

export async function measurePagesList(
  base: string,
  session: { cookie: string; csrf: string },
  requests = 200,
): Promise<PagesListReport> {
  const adminHeaders = { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf };
  const tokenResponse = await fetch(`${base}/api/v1/api-tokens`, {
    method: 'POST',
    headers: adminHeaders,
    body: JSON.stringify({ name: 'Bench editor', role: 'editor' }),
  });
  if (tokenResponse.status !== 201) throw new Error(`api token: ${tokenResponse.status} ${await tokenResponse.text()}`);
  const { token } = (await tokenResponse.json()) as { token: string };
  const editor = { authorization: `Bearer ${token}` };

  // Through the API, as an editor would: each page a real draft with its first revision.
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: createConcurrency }, async () => {
      for (let index = next++; index < generated; index = next++) {
        const response = await fetch(`${base}/api/v1/pages`, {
          method: 'POST',
          headers: { ...editor, 'content-type': 'application/json' },
          body: JSON.stringify({
            title: `Bench Cenote ${index + 1}`,
            slug: `bench-cenote-${index + 1}`,
            excerpt: `Generated page ${index + 1} for the pages list benchmark.`,
          }),
        });
        if (response.status !== 201) throw new Error(`create page ${index + 1}: ${response.status}`);
        await response.arrayBuffer();
      }
    }),
  );
  const generateSeconds = Number(((performance.now() - started) / 1000).toFixed(1));

  const first = (await (await fetch(`${base}/api/v1/pages?limit=50`, { headers: editor })).json()) as {
    total: number;
  };
  // A cursor about 4,000 pages in: walk there once, 100 at a time.
  let deep: string | null = null;
  for (let walked = 0; walked < 4000; walked += 100) {
    const cursorPart: string = deep ? `&cursor=${encodeURIComponent(deep)}` : '';
    const stretch = (await (
      await fetch(`${base}/api/v1/pages?limit=100${cursorPart}`, { headers: editor })
    ).json()) as {
      next_cursor: string | null;
    };
    deep = stretch.next_cursor;
  }

  // Editors' reads are answered from memory until a page changes (ADR 044). A save before each
  // timed request makes every one read the database: the cost the 100 ms target is about.
  const saved = (await (await fetch(`${base}/api/v1/pages/by-slug/bench-cenote-1`, { headers: editor })).json()) as {
    page: { id: string };
  };
  let version = (
    (await (await fetch(`${base}/api/v1/pages/${saved.page.id}`, { headers: editor })).json()) as {
      page: { version: number };
    }
  ).page.version;
  let saves = 0;
  const save = async () => {
    const response = await fetch(`${base}/api/v1/pages/${saved.page.id}`, {
      method: 'PATCH',
      headers: { ...editor, 'content-type': 'application/json' },
      body: JSON.stringify({ version, excerpt: `Generated page 1, saved ${++saves} times.` }),
    });
    if (response.status !== 200) throw new Error(`save: ${response.status} ${await response.text()}`);
    version = ((await response.json()) as { page: { version: number } }).page.version;
  };

  const figures = [
    await timed('first 50 (editor token)', `${base}/api/v1/pages?limit=50`, editor, requests, save),
    await timed(
      '50 after ~4,000 (editor token)',
      `${base}/api/v1/pages?limit=50&cursor=${encodeURIComponent(deep ?? '')}`,
      editor,
      requests,
      save,
    ),
    await timed(
      'first 50, q=cenote 49 (editor token)',
      `${base}/api/v1/pages?limit=50&q=cenote%2049`,
      editor,
      requests,
      save,
    ),
    await timed(
      'first 50 with block summaries (admin session, as the Pages screen asks)',
      `${base}/api/v1/pages?limit=50&include=blocks`,
      { cookie: session.cookie },
      requests,
      save,
    ),
    await timed(
      'first 50 again, unchanged: from memory (editor token)',
      `${base}/api/v1/pages?limit=50`,
      editor,
      requests,
    ),
  ];
  const firstPage = figures[0]!;
  return {
    pagesGenerated: generated,
    pagesInList: first.total,
    generateSeconds,
    figures,
    firstPageUnder100Ms: firstPage.p50Ms < 100 && firstPage.p99Ms < 100,
  };
}

export function printPagesList(report: PagesListReport): void {
  console.log(
    `\npages list: ${report.pagesInList} pages (${report.pagesGenerated} generated through the API in ${report.generateSeconds} s)`,
  );
  for (const figure of report.figures) {
    console.log(
      `  ${figure.name.padEnd(68)} p50 ${String(figure.p50Ms).padStart(6)} ms  p99 ${String(figure.p99Ms).padStart(6)} ms  max ${String(figure.maxMs).padStart(6)} ms  (${figure.items} items, ${figure.requests} requests)`,
    );
  }
  console.log(`  first page under 100 ms (p50 and p99): ${report.firstPageUnder100Ms ? 'yes' : 'NO'}`);
}
