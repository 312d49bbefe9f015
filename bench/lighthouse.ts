/**
 * `npm run lighthouse`: Lighthouse (mobile preset) on the home page and a cenote page of a fresh
 * production server, in Debian's Chromium (CHROME_PATH). Reports go to bench/lighthouse/.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from '../tests/helpers/browser';
import { buildAndStart, root } from './production-server';

const outDir = path.join(root, 'bench', 'lighthouse');
const targets = ['/', '/cenote-dos-ojos'];
const server = await buildAndStart();
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
const summary: Record<string, Record<string, number>> = {};
try {
  await mkdir(outDir, { recursive: true });
  for (const target of targets) {
    const result = await lighthouse(`${server.base}${target}`, {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${target}`);
    const name = target === '/' ? 'home' : target.slice(1);
    await writeFile(path.join(outDir, `${name}.html`), String(result.report));
    const scores = Object.fromEntries(
      Object.entries(result.lhr.categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)]),
    );
    summary[target] = scores;
    console.log(
      `${target}: ${Object.entries(scores)
        .map(([id, score]) => `${id} ${score}`)
        .join(', ')}`,
    );
    const failed = Object.values(result.lhr.audits)
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 0.9 &&
          audit.scoreDisplayMode !== 'informative' &&
          audit.scoreDisplayMode !== 'manual',
      )
      .map((audit) => `  - ${audit.id}: ${audit.title} (${audit.displayValue ?? audit.score})`);
    if (failed.length > 0) console.log(failed.slice(0, 15).join('\n'));
  }
  await writeFile(
    path.join(outDir, 'summary.json'),
    `${JSON.stringify({ date: new Date().toISOString(), scores: summary }, null, 2)}\n`,
  );
} finally {
  chrome.kill();
  await server.stop();
}
