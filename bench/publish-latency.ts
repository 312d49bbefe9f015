/**
 * Publish latency (issue 17): how long `POST /api/v1/pages/:id/publish` takes on the production
 * server, next to the draft save it follows (a block PATCH, the baseline: the same page, one
 * transaction each), and whether the very next anonymous request shows the published text.
 */
export interface PublishLatency {
  rounds: number;
  saveP50Ms: number;
  saveP95Ms: number;
  publishP50Ms: number;
  publishP95Ms: number;
  /** publish p50 / save p50. */
  ratio: number;
  /** Rounds whose next anonymous page view did not show the published text (must be 0). */
  staleReads: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1));
}

export async function measurePublishLatency(
  base: string,
  session: { cookie: string; csrf: string },
  slug: string,
  rounds = 40,
): Promise<PublishLatency> {
  const headers = { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf };
  const pages = (await (await fetch(`${base}/api/v1/pages`, { headers })).json()) as {
    pages: Array<{ id: string; slug: string }>;
  };
  const page = pages.pages.find((candidate) => candidate.slug === slug)!;
  const saves: number[] = [];
  const publishes: number[] = [];
  let staleReads = 0;
  for (let round = 1; round <= rounds; round++) {
    const { blocks } = (await (await fetch(`${base}/api/v1/pages/${page.id}/blocks`, { headers })).json()) as {
      blocks: Array<{ id: string; block_type: string; version: number }>;
    };
    const hero = blocks.find((block) => block.block_type === 'hero')!;
    const title = `Bench publish round ${round}`;
    let started = performance.now();
    const saved = await fetch(`${base}/api/v1/blocks/${hero.id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ version: hero.version, block_data: { title } }),
    });
    saves.push(performance.now() - started);
    if (!saved.ok) throw new Error(`draft save answered ${saved.status}`);
    const { page: current } = (await (await fetch(`${base}/api/v1/pages/${page.id}`, { headers })).json()) as {
      page: { version: number };
    };
    started = performance.now();
    const published = await fetch(`${base}/api/v1/pages/${page.id}/publish`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ version: current.version }),
    });
    publishes.push(performance.now() - started);
    if (!published.ok) throw new Error(`publish answered ${published.status}`);
    if (!(await (await fetch(`${base}/${slug}`)).text()).includes(title)) staleReads += 1;
  }
  const publishP50 = percentile(publishes, 50);
  const saveP50 = percentile(saves, 50);
  return {
    rounds,
    saveP50Ms: saveP50,
    saveP95Ms: percentile(saves, 95),
    publishP50Ms: publishP50,
    publishP95Ms: percentile(publishes, 95),
    ratio: Number((publishP50 / saveP50).toFixed(2)),
    staleReads,
  };
}
