/**
 * Photographs the admin's screens at 390 and 1440 px into docs/screenshots/admin-<screen>-<width>.png
 * (issue #18). Starts its own seeded test server and signs in as a fresh admin; run after building
 * the client: `npx tsx scripts/build.ts --client-only && npx tsx scripts/admin-screenshots.ts`.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { pages } from '../src/features/pages/pages.table';
import { startTestApp } from '../tests/helpers/build-app';
import { createUserWithRole } from '../tests/helpers/auth';
import { launchBrowser } from '../tests/helpers/browser';

const out = path.resolve(import.meta.dirname, '..', 'docs', 'screenshots');
const server = await startTestApp({ env: { JOBS_WORKER: 'false' } });
const browser = await launchBrowser();
const id = async (slug: string) =>
  (await server.app.db.select({ id: pages.id }).from(pages).where(eq(pages.slug, slug)))[0]!.id;
try {
  const admin = await createUserWithRole(server, 'admin');
  const home = await id('home');
  const cenotes = await id('what-are-cenotes');
  for (const width of [390, 1440]) {
    const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
    const shot = async (name: string) => {
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${out}/admin-${name}-${width}.png` });
      console.log('shot', name, width);
    };
    await page.goto(`${server.url}/auth?next=/admin/pages`);
    await page.getByRole('button', { name: 'Sign In' }).last().waitFor();
    await shot('sign-in');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.waitForURL((url) => url.pathname.startsWith('/admin'));
    const screens: [string, string][] = [
      ['pages', '/admin/pages'],
      ['page-editor', `/admin/pages/${cenotes}`],
      ['page-editor-blocks', `/admin/pages/${home}?tab=blocks`],
      ['content-blocks', '/admin/blocks'],
      ['navigation', '/admin/navigation'],
      ['media', '/admin/media'],
      ['seo', '/admin/seo'],
      ['performance', '/admin/performance'],
      ['backups', '/admin/backups'],
      ['trash', '/admin/pages/trash'],
      ['not-found', '/admin/nope'],
    ];
    for (const [name, path] of screens) {
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState('networkidle');
      await shot(name);
    }
    // The editor: its More menu (phone), a toast after Save, the leave dialog.
    await page.goto(`${server.url}/admin/pages/${cenotes}`);
    await page.waitForLoadState('networkidle');
    const more = page.getByRole('button', { name: 'More actions' });
    await page.getByLabel('Excerpt').waitFor();
    if (await more.count()) {
      await more.click();
      await page.getByRole('menu').waitFor();
      await shot('page-editor-more-menu');
      await page.keyboard.press('Escape');
    }
    await page.getByLabel('Excerpt').fill('Cenotes are natural sinkholes in the limestone of the Yucatan.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('[data-sonner-toast]').first().waitFor();
    await shot('page-editor-toast');
    await page.getByLabel('Slug').fill('not a valid slug!');
    await page.getByText('Not saved — check the highlighted field').waitFor();
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Pages' }).click();
    await page.getByRole('alertdialog').waitFor();
    await shot('leave-dialog');
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
