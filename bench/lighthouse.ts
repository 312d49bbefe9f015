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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Attempts per run: a run Lighthouse could not complete is retried, not scored as 0. */
const attemptsPerRun = 3;

const server = await buildAndStart();
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
const summary: Record<string, RunScores & { runs: number }> = {};

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
    for (let run = 0; run < runs; run++) {
      const result = await measure(target);
      const score = (id: string) => Math.round((result.lhr.categories[id]?.score ?? 0) * 100);
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
        const failed = Object.values(result.lhr.audits)
          .filter(
            (audit) =>
              audit.score !== null &&
              audit.score < 0.9 &&
              audit.scoreDisplayMode !== 'informative' &&
              audit.scoreDisplayMode !== 'manual',
          )
          .map((audit) => `  - ${audit.id}: ${audit.title} (${audit.displayValue ?? audit.score})`);
        if (failed.length > 0) console.log(`${target}, last run:\n${failed.slice(0, 15).join('\n')}`);
      }
    }
    const keys = Object.keys(measured[0]!) as Array<keyof RunScores>;
    const medians = Object.fromEntries(
      keys.map((key) => [key, median(measured.map((one) => one[key]))]),
    ) as unknown as RunScores;
    summary[target] = { ...medians, runs };
    console.log(
      `${target} (median of ${runs}): performance ${medians.performance}, accessibility ${medians.accessibility}, ` +
        `best practices ${medians['best-practices']}, SEO ${medians.seo}, LCP ${medians.lcpMs} ms, ` +
        `TBT ${medians.tbtMs} ms, CLS ${medians.cls}`,
    );
  }
  await writeFile(
    path.join(outDir, 'summary.json'),
    `${JSON.stringify({ date: new Date().toISOString(), runsPerPage: runs, scores: summary }, null, 2)}\n`,
  );
} finally {
  chrome.kill();
  await server.stop();
}
