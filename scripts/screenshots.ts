/**
 * `npm run screenshots`: starts a fresh seeded site and photographs pages in Chromium for the
 * README (desktop and mobile). Pass paths to photograph others: `npm run screenshots -- /admin`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/platform/env.server';
import { launchBrowser } from '../tests/helpers/browser';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs', 'screenshots');
const requested = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const targets = requested.length > 0 ? requested : ['/', '/cenote-dos-ojos'];
const fullPage = process.argv.includes('--full');

const dataDir = await mkdtemp(path.join(tmpdir(), 'cenote-shots-'));
const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' }, root), {
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
await app.readiness.promise;
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const browser = await launchBrowser();
try {
  for (const [device, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['mobile', { width: 390, height: 844 }],
  ] as const) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: device === 'mobile' ? 2 : 1 });
    const page = await context.newPage();
    for (const target of targets) {
      await page.goto(`${base}${target}`, { waitUntil: 'networkidle' });
      if (fullPage) {
        // Lazy images load only near the viewport: scroll through once so a full-page shot has them.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo({ top: y, behavior: 'instant' });
            await new Promise((resolve) => setTimeout(resolve, 60));
          }
          window.scrollTo({ top: 0, behavior: 'instant' });
        });
      }
      await page.waitForFunction(() =>
        [...document.images]
          .filter((image) => image.loading !== 'lazy' || image.getBoundingClientRect().top < window.innerHeight)
          .every((image) => image.complete),
      );
      await page.waitForTimeout(500);
      const name = target === '/' ? 'home' : target.slice(1).replaceAll('/', '-');
      const file = path.join(outDir, `${name}-${device}.png`);
      await page.screenshot({ path: file, fullPage });
      console.log(`screenshot: ${path.relative(root, file)}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
