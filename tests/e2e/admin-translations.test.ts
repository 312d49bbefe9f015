import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, signedInClient, type ApiClient } from '../helpers/auth';
import { seriousA11yViolations } from '../helpers/browser';
import { phoneViewport, useBrowserTest, withSignedInPage } from '../helpers/e2e';
import { clippedElements } from '../helpers/layout-fit';

/**
 * Decision 44 in the admin: the pages list's Languages column, 'Add Spanish translation' in the
 * editor, the language switch, and 'Translation out of date' once the English page goes live again.
 */
const e2e = useBrowserTest({ env: { JOBS_WORKER: 'false' } });
let admin: { email: string; password: string };
let editorApi: ApiClient;

beforeAll(async () => {
  admin = await createUserWithRole(e2e.server, 'admin');
  editorApi = await signedInClient(e2e.server, 'editor');
});

interface ListedPage {
  id: string;
  slug: string;
  title: string;
  translations?: Array<{ id: string; locale: string; path: string; out_of_date: boolean }>;
}

/** The admin on the Pages screen, where no native dialog may appear. */
const pagesScreen = (viewport = { width: 1440, height: 900 }) => ({
  viewport,
  next: '/admin/pages',
  refuseNativeDialogs: true,
});

/** The row of the pages list whose title link reads `title`. */
function listRow(page: Page, title: string): Locator {
  return page
    .getByRole('list', { name: 'Pages' })
    .locator(':scope > li')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

async function searchList(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search pages' }).fill(text);
  await page.waitForURL((url) => url.searchParams.get('q') === text);
}

/** Publish from the editor's toolbar, through the publish check's dialog when it finds something. */
async function publishFromEditor(page: Page) {
  await page.getByRole('button', { name: /^Publish( changes)?$/ }).click();
  const done = page.getByText(/^(Changes published|Page published)$/).first();
  const check = page.getByRole('dialog', { name: 'Before you publish' });
  await Promise.race([done.waitFor(), check.waitFor()]);
  if (await check.isVisible()) {
    if ((await check.getByRole('checkbox').count()) > 0) await check.getByRole('checkbox').check();
    await check.getByRole('button', { name: /^Publish (anyway|with errors)$/ }).click();
    await done.waitFor();
  }
}

describe('pages in two languages', () => {
  it('lists the Spanish version of a seeded page, linked to its editor', async () => {
    const listed = await editorApi.get<{ pages: ListedPage[] }>('/api/v1/pages');
    expect(listed.status).toBe(200);
    const seeded = listed.body.pages.find((candidate) => candidate.slug === 'cenote-dos-ojos');
    const spanish = seeded?.translations?.find((translation) => translation.locale === 'es');
    expect(spanish, 'the seeded Spanish translation of Cenote Dos Ojos').toBeDefined();

    await withSignedInPage(e2e, admin, pagesScreen(), async ({ page, errors }) => {
      await searchList(page, 'dos ojos');
      const row = listRow(page, seeded!.title);
      const languages = row.getByRole('group', { name: `Languages of ${seeded!.title}` });
      await languages.waitFor();
      expect(await page.getByText('Languages', { exact: true }).isVisible()).toBe(true);
      const es = languages.getByRole('link', { name: /^ES/ });
      expect(await es.getAttribute('href')).toBe(`/admin/pages/${spanish!.id}`);
      await es.click();
      await page.waitForURL(`**/admin/pages/${spanish!.id}`);
      await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
      const language = page.getByRole('navigation', { name: 'Language' });
      expect(await language.getByRole('link', { name: 'Español' }).getAttribute('aria-current')).toBe('page');
      expect(await page.getByText(`The page's address: ${spanish!.path}.`).count()).toBe(1);
      expect(await clippedElements(page)).toEqual([]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });

  it('adds a Spanish translation, switches back, and flags it once the English page goes live again', async () => {
    const created = await editorApi.post<{ page: ListedPage }>('/api/v1/pages', {
      title: 'Cavern line etiquette',
      slug: 'cavern-line-etiquette',
      excerpt: 'How to share a guideline with other teams.',
      meta_description: 'Sharing a cavern guideline with other teams: arrows, cookies and passing.',
    });
    expect(created.status).toBe(201);
    const english = created.body.page;

    await withSignedInPage(e2e, admin, pagesScreen(), async ({ page, errors }) => {
      // The list offers to add what is missing: the fresh page has English only.
      await searchList(page, 'Cavern line etiquette');
      const row = listRow(page, english.title);
      await row.getByRole('button', { name: /^Add ES/ }).waitFor();
      expect(await row.getByRole('link', { name: /^ES/ }).count()).toBe(0);

      await row.getByRole('link', { name: english.title, exact: true }).click();
      await page.waitForURL(`**/admin/pages/${english.id}`);
      await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Language' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Add Spanish translation' }).click();
      await page.getByText('Spanish translation created').first().waitFor();
      await page.waitForURL(
        (url) => /^\/admin\/pages\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(english.id),
      );
      const spanishId = new URL(page.url()).pathname.split('/').pop()!;

      // The Spanish editor: its own page, a draft copied from the English one, at /es/….
      await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
      await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Cavern line etiquette');
      expect(await page.getByLabel('Slug').inputValue()).toBe('cavern-line-etiquette');
      await page.getByText("The page's address: /es/cavern-line-etiquette.").waitFor();
      const language = page.getByRole('navigation', { name: 'Language' });
      expect(await language.getByRole('link', { name: 'Español' }).getAttribute('aria-current')).toBe('page');
      expect(await page.getByRole('group', { name: 'Page status' }).getByText('Draft').count()).toBe(1);
      // Starting it again from the API is refused: one translation per language.
      const again = await editorApi.post<{ error: { code: string } }>(`/api/v1/pages/${english.id}/translations`, {
        locale: 'es',
      });
      expect(again.status).toBe(409);

      // Translate the title, then back to English with the switch.
      await page.getByLabel('Title').fill('Etiqueta de la línea guía');
      await page.locator('[data-autosave="saved"]').waitFor();
      await language.getByRole('link', { name: 'English' }).click();
      await page.waitForURL(`**/admin/pages/${english.id}`);
      await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Cavern line etiquette');
      expect(await language.getByRole('link', { name: 'English' }).getAttribute('aria-current')).toBe('page');
      expect(await language.getByRole('link', { name: 'Español' }).getAttribute('href')).toBe(
        `/admin/pages/${spanishId}`,
      );
      expect(await page.getByText("The page's address: /cavern-line-etiquette.").count()).toBe(1);

      // Edit the English page and publish it: the Spanish draft is now older than its source.
      await page.getByLabel('Excerpt').fill('How to share a guideline with other teams, and pass them kindly.');
      await page.locator('[data-autosave="saved"]').waitFor();
      await publishFromEditor(page);
      await page.getByText('Spanish translation out of date').waitFor();

      await page.getByRole('button', { name: 'Back to Pages' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/pages');
      await searchList(page, 'Cavern line etiquette');
      const languages = listRow(page, english.title).getByRole('group', { name: `Languages of ${english.title}` });
      await languages.getByText('Translation out of date', { exact: true }).waitFor();
      await languages.getByRole('link', { name: /^ES draft/ }).waitFor();
      expect(await clippedElements(page)).toEqual([]);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The Spanish editor says so too, and leads to the English page.
      await languages.getByRole('link', { name: /^ES/ }).click();
      await page.waitForURL(`**/admin/pages/${spanishId}`);
      const notice = page.getByRole('note', { name: 'Translation out of date' });
      await notice.waitFor();
      expect(await notice.textContent()).toContain('Cavern line etiquette');
      await notice.getByRole('link', { name: 'Open the English page' }).click();
      await page.waitForURL(`**/admin/pages/${english.id}`);

      expect(errors).toEqual([]);
    });
  });

  it("'Add ES' in the list opens the new Spanish draft; a translation made elsewhere meanwhile is named, not doubled", async () => {
    const make = async (title: string, slug: string) => {
      const response = await editorApi.post<{ page: ListedPage }>('/api/v1/pages', { title, slug, excerpt: title });
      expect(response.status).toBe(201);
      return response.body.page;
    };
    const fromList = await make('Decompression stops', 'decompression-stops');
    const raced = await make('Halocline shimmer', 'halocline-shimmer');

    await withSignedInPage(e2e, admin, pagesScreen(), async ({ page, errors }) => {
      await searchList(page, 'Decompression stops');
      await listRow(page, fromList.title)
        .getByRole('button', { name: /^Add ES/ })
        .click();
      await page.getByText('Spanish translation created').first().waitFor();
      await page.waitForURL(
        (url) => /^\/admin\/pages\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(fromList.id),
      );
      await page.getByText("The page's address: /es/decompression-stops.").waitFor();
      const language = page.getByRole('navigation', { name: 'Language' });
      expect(await language.getByRole('link', { name: 'English' }).getAttribute('href')).toBe(
        `/admin/pages/${fromList.id}`,
      );

      // Someone else starts the translation while this editor is open: Add answers 409 and says so.
      await page.goto(`${e2e.server.url}/admin/pages/${raced.id}`);
      const add = page.getByRole('button', { name: 'Add Spanish translation' });
      await add.waitFor();
      const elsewhere = await editorApi.post(`/api/v1/pages/${raced.id}/translations`, { locale: 'es' });
      expect(elsewhere.status).toBe(201);
      await add.click();
      await page.getByText('This page already has a Spanish translation: "Halocline shimmer".').first().waitFor();
      expect(new URL(page.url()).pathname).toBe(`/admin/pages/${raced.id}`);
      // The page's languages are read again: the switch replaces the button.
      await language.getByRole('link', { name: 'Español' }).waitFor();
      expect(await add.count()).toBe(0);

      // The one refusal this test asked for, as the browser logs it.
      expect(errors).toEqual([
        'console: Failed to load resource: the server responded with a status of 409 (Conflict)',
      ]);
    });
  });

  it('fits a phone: the Languages cell wraps under the title', async () => {
    await withSignedInPage(e2e, admin, pagesScreen(phoneViewport), async ({ page, errors }) => {
      await searchList(page, 'dos ojos');
      await page
        .getByRole('group', { name: /^Languages of / })
        .first()
        .waitFor();
      expect(await clippedElements(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});
