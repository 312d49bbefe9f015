/**
 * `npm run lighthouse`: Lighthouse (mobile preset) on a fresh production server, in Debian's
 * Chromium (CHROME_PATH): home, a cenote page, two topic pages, search results and the 404 page,
 * three runs each (LIGHTHOUSE_RUNS), the median reported. Reports go to bench/lighthouse/.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from '../tests/helpers/browser';
import { median } from './load';
import { buildAndStart, root } from './production-server';

const outDir = path.join(root, 'bench', 'lighthouse');
const targets = ['/', '/cenote-dos-ojos', '/safety-guidelines', '/flora-and-fauna', '/search?q=cave', '/no-such-page'];
const runs = Number(process.env['LIGHTHOUSE_RUNS'] ?? 3);

interface RunScores {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * The scored audits a run failed, each with what it found where that is a list of messages (the
 * console errors that cost the 404 page its best-practices points, say), so the summary shows why a
 * score is below 100 and not only that it is.
 */
function failedAudits(report: Report): string[] {
  return Object.values(report.audits)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'manual',
    )
    .slice(0, 15)
    .map((audit) => {
      // Console errors are listed with their messages; other audits' items are hints, not findings.
      // Item types differ by audit, so only the console messages' two fields are read.
      const consoleErrors: unknown[] =
        audit.id === 'errors-in-console' && audit.details && 'items' in audit.details ? audit.details.items : [];
      const found = consoleErrors.flatMap((item) => {
        const description = (item as { description?: unknown }).description;
        const url = (item as { sourceLocation?: { url?: unknown } }).sourceLocation?.url;
        return typeof description === 'string'
          ? [typeof url === 'string' ? `${description} (${url})` : description]
          : [];
      });
      const head = `${audit.id}: ${audit.title} (${audit.displayValue ?? audit.score})`;
      return found.length > 0 ? `${head}: ${found.join('; ')}` : head;
    });
}

/** Attempts per run: a run Lighthouse could not complete is retried, not scored as 0. */
const attemptsPerRun = 3;

const server = await buildAndStart();
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
/**
 * Lighthouse's measure of this machine's CPU speed at each run: its simulated mobile timings scale
 * with it, so summaries from different days compare only alongside it.
 */
const benchmarkIndexes: number[] = [];
const summary: Record<string, RunScores & { runs: number; failedInLastRun: string[] }> = {};

/**
 * One Lighthouse run. A run that ends in a runtime error (seen now and then on this machine, e.g.
 * the first run after Chromium starts) has no metrics, and Lighthouse scores it 0: it is reported
 * and run again, up to attemptsPerRun times, so a failed measurement never enters the median.
 */
async function measure(target: string) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(`${server.base}${target}`, {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // The 404 page is measured too: Lighthouse otherwise refuses a page that is not a 200.
      ignoreStatusCode: target === '/no-such-page',
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${target}`);
    const failure = result.lhr.runtimeError;
    if (!failure) return result;
    console.log(`${target}: Lighthouse could not complete the run (${failure.code}: ${failure.message})`);
    if (attempt === attemptsPerRun) throw new Error(`Lighthouse failed ${attemptsPerRun} times on ${target}`);
  }
}
try {
  await mkdir(outDir, { recursive: true });
  for (const target of targets) {
    const measured: RunScores[] = [];
    let failedInLastRun: string[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await measure(target);
      const score = (id: string) => Math.round((result.lhr.categories[id]?.score ?? 0) * 100);
      benchmarkIndexes.push(result.lhr.environment.benchmarkIndex);
      measured.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(result.lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(result.lhr.audits['total-blocking-time']?.numericValue ?? 0),
        cls: Number((result.lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      });
      if (run === runs - 1) {
        const name = target === '/' ? 'home' : target.slice(1).replace(/[^a-z0-9]+/g, '-');
        await writeFile(path.join(outDir, `${name}.html`), String(result.report));
        failedInLastRun = failedAudits(result.lhr);
        if (failedInLastRun.length > 0) {
          console.log(`${target}, last run:\n${failedInLastRun.map((line) => `  - ${line}`).join('\n')}`);
        }
      }
    }
    const keys = Object.keys(measured[0]!) as Array<keyof RunScores>;
    const medians = Object.fromEntries(
      keys.map((key) => [key, median(measured.map((one) => one[key]))]),
    ) as unknown as RunScores;
    summary[target] = { ...medians, runs, failedInLastRun };
    console.log(
      `${target} (median of ${runs}): performance ${medians.performance}, accessibility ${medians.accessibility}, ` +
        `best practices ${medians['best-practices']}, SEO ${medians.seo}, LCP ${medians.lcpMs} ms, ` +
        `TBT ${medians.tbtMs} ms, CLS ${medians.cls}`,
    );
  }
  await writeFile(
    path.join(outDir, 'summary.json'),
    `${JSON.stringify(
      { date: new Date().toISOString(), runsPerPage: runs, benchmarkIndex: median(benchmarkIndexes), scores: summary },
      null,
      2,
    )}\n`,
  );
  console.log(`Lighthouse benchmarkIndex of this machine (median of the runs): ${median(benchmarkIndexes)}`);
} finally {
  chrome.kill();
  await server.stop();
}
