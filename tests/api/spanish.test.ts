import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, type ApiClient } from '../helpers/auth';
import { projectRoot, startTestApp, type TestApp } from '../helpers/build-app';
import { firstBlockOf } from '../helpers/publish';
import { en } from '../../src/shared/i18n/en';
import { es } from '../../src/shared/i18n/es';

/**
 * The site in Spanish (decision 44, issue 22): every Spanish page in the sitemap answers with
 * `lang="es"` and an hreflang pair that points back, untranslated pages have no Spanish address,
 * search stems Spanish, and translations are drafts, published and flagged per language.
 */
let server: TestApp;
let editor: ApiClient;

const slugMap = JSON.parse(await readFile(path.join(projectRoot, 'content/es/slugs.json'), 'utf8')) as Record<
  string,
  string
>;

beforeAll(async () => {
  server = await startTestApp();
  editor = await signedInClient(server, 'admin');
});
afterAll(async () => {
  await server.close();
});

async function visit(urlPath: string, init?: RequestInit) {
  const response = await fetch(`${server.url}${urlPath}`, { redirect: 'manual', ...init });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The hreflang links of a page: language → absolute address. */
function hreflangsOf(html: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)) {
    found[match[1]!] = match[2]!;
  }
  return found;
}

const pathOf = (absolute: string) => new URL(absolute).pathname;

/**
 * The site's own English texts that Spanish has its own words for: none may be left on a Spanish
 * page. (Texts with markup characters or placeholders are left out: they never appear verbatim.
 * The language switch speaks the language it leads to, marked with `lang`, so it is left out too.)
 */
const englishOnlyTexts = (Object.keys(en) as Array<keyof typeof en>)
  .filter((key) => en[key] !== es[key] && !key.startsWith('languageSwitch.'))
  .map((key) => en[key])
  .filter((text) => text.length >= 6 && !/[{}<>&"']/.test(text))
  .map((text) => ({
    text,
    pattern: new RegExp(`(?<!\\p{L})${text.replace(/[.*+?^$()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u'),
  }));

/** Publishes a page's draft as the editor does: with the version just read. */
async function publish(pageId: string) {
  const draft = await editor.get<{ page: { version: number } }>(`/api/v1/pages/${pageId}`);
  const published = await editor.post(`/api/v1/pages/${pageId}/publish`, { version: draft.body.page.version });
  expect(published.status).toBe(200);
}

describe('the Spanish site', () => {
  it('serves every Spanish page of the sitemap with lang="es" and an hreflang pair that points back', async () => {
    const sitemap = await visit('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    const locs = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => pathOf(match[1]!));
    const spanish = locs.filter((loc) => loc === '/es' || loc.startsWith('/es/'));
    const english = locs.filter((loc) => !spanish.includes(loc));
    // All 39 seeded pages, in both languages.
    expect(english.length).toBeGreaterThanOrEqual(39);
    expect(spanish).toHaveLength(Object.keys(slugMap).length);
    expect(spanish).toContain('/es');
    expect(spanish).toContain('/es/guia-de-seguridad');
    for (const loc of spanish) {
      const page = await visit(loc);
      expect(page.status, loc).toBe(200);
      expect(page.text, loc).toContain('<html lang="es">');
      for (const { text, pattern } of englishOnlyTexts) {
        expect(page.text, `${loc} shows the English "${text}"`).not.toMatch(pattern);
      }
      const links = hreflangsOf(page.text);
      expect(pathOf(links['es']!), loc).toBe(loc);
      const englishPath = pathOf(links['en']!);
      expect(pathOf(links['x-default']!), loc).toBe(englishPath);
      const back = hreflangsOf((await visit(englishPath)).text);
      expect(pathOf(back['es']!), englishPath).toBe(loc);
      expect(pathOf(back['en']!), englishPath).toBe(englishPath);
    }
  });

  it('lists both languages with their alternates in the sitemap', async () => {
    const sitemap = (await visit('/sitemap.xml')).text;
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entry = /<url><loc>[^<]*\/es\/cenote-dos-ojos<\/loc>.*?<\/url>/.exec(sitemap)?.[0] ?? '';
    expect(entry).toContain('hreflang="en" href="http://localhost');
    expect(entry).toMatch(/hreflang="en" href="[^"]*\/cenote-dos-ojos"/);
    expect(entry).toMatch(/hreflang="x-default" href="[^"]*\/cenote-dos-ojos"/);
  });

  it('renders the Spanish home in Spanish: menus, the site strings and the language switch', async () => {
    const home = await visit('/es');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<html lang="es">');
    expect(home.text).toContain('Saltar al contenido');
    expect(home.text).toContain('Los cenotes');
    expect(home.text).toContain('/es/guia-de-seguridad');
    // The switch leads to the same page in English.
    expect(home.text).toMatch(/<a href="\/" lang="en" hreflang="en"[^>]*data-language-switch/i);
    expect(home.text).toContain('<meta property="og:locale" content="es_MX">');
    expect(home.text).toContain('href="/es/feed.xml"');
    const english = await visit('/');
    expect(english.text).toContain('<html lang="en">');
    expect(english.text).toMatch(/<a href="\/es" lang="es" hreflang="es"[^>]*data-language-switch/i);
  });

  it('answers 404 in Spanish for a page that has no Spanish translation, and for an English slug under /es', async () => {
    const created = await editor.post<{ page: { id: string } }>('/api/v1/pages', {
      title: 'Only in English',
      slug: 'only-in-english',
      is_published: true,
    });
    expect(created.status).toBe(201);
    expect((await visit('/only-in-english')).status).toBe(200);
    const missing = await visit('/es/only-in-english');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('<html lang="es">');
    expect(missing.text).toContain('Página no encontrada');
    for (const { text, pattern } of englishOnlyTexts) expect(missing.text, text).not.toMatch(pattern);
    // An English slug is not a Spanish address: the safety guide is /es/guia-de-seguridad.
    expect((await visit('/es/safety-guide')).status).toBe(404);
    // No hreflang on a page with no translation.
    expect(hreflangsOf((await visit('/only-in-english')).text)).toEqual({});
  });

  it('searches Spanish pages with Spanish stemming at /es/buscar and in the API', async () => {
    // 'bucear' and 'buceo' share the Spanish stem; the English configuration would not join them.
    const api = await editor.get<{ results: Array<{ path: string; title: string }> }>(
      '/api/v1/search?q=bucear&locale=es&limit=20',
    );
    expect(api.status).toBe(200);
    expect(api.body.results.length).toBeGreaterThan(0);
    expect(api.body.results.every((result) => result.path.startsWith('/es'))).toBe(true);
    const page = await visit('/es/buscar?q=cavernas');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="es">');
    expect(page.text).toContain('/es/cenote-dos-ojos');
    expect(page.text).not.toMatch(/href="\/cenote-dos-ojos"/);
    // English search stays English.
    const english = await editor.get<{ results: Array<{ path: string }> }>('/api/v1/search?q=cavern');
    expect(english.body.results.length).toBeGreaterThan(0);
    expect(english.body.results.every((result) => !result.path.startsWith('/es'))).toBe(true);
  });

  it('serves a feed per language', async () => {
    const feed = await visit('/es/feed.xml');
    expect(feed.status).toBe(200);
    expect(feed.text).toContain('xml:lang="es"');
    expect(feed.text).toContain('/es/');
    expect(feed.text).not.toMatch(/<link rel="alternate" type="text\/html" href="[^"]*\/cenote-dos-ojos"/);
    const english = await visit('/feed.xml');
    expect(english.text).not.toMatch(/href="[^"]*\/es\//);
  });

  it('reads pages and menus per language in the API', async () => {
    const bySlug = await visit('/api/v1/pages/by-slug/guia-de-seguridad?locale=es');
    expect(bySlug.status).toBe(200);
    const body = JSON.parse(bySlug.text) as { page: { locale: string; path: string; translation_of: string } };
    expect(body.page.locale).toBe('es');
    expect(body.page.path).toBe('/es/guia-de-seguridad');
    expect(body.page.translation_of).toMatch(/^[0-9a-f-]{36}$/);
    expect((await visit('/api/v1/pages/by-slug/guia-de-seguridad')).status).toBe(404);
    const list = JSON.parse((await visit('/api/v1/pages?locale=es')).text) as { pages: Array<{ locale: string }> };
    expect(list.pages.length).toBe(Object.keys(slugMap).length);
    expect(list.pages.every((page) => page.locale === 'es')).toBe(true);
    const menu = JSON.parse((await visit('/api/v1/navigation?locale=es')).text) as { items: Array<{ title: string }> };
    expect(menu.items.map((item) => item.title)).toContain('Los cenotes');
    const openapi = (await visit('/api/v1/openapi.json')).text;
    expect(openapi).toContain('/api/v1/pages/{id}/translations');
  });
});

describe('translations in the editorial workflow', () => {
  it('starts a translation as a linked draft, publishes it on its own, and flags it when the English page moves on', async () => {
    const created = await editor.post<{ page: { id: string } }>('/api/v1/pages', {
      title: 'Night diving',
      slug: 'night-diving',
      is_published: true,
    });
    const englishId = created.body.page.id;
    await editor.post(`/api/v1/pages/${englishId}/blocks`, {
      block_type: 'text',
      block_data: { content: '<p>Dive after dark.</p>' },
    });
    await publish(englishId);

    const started = await editor.post<{ page: { id: string; locale: string; slug: string; is_published: boolean } }>(
      `/api/v1/pages/${englishId}/translations`,
      { locale: 'es' },
    );
    expect(started.status).toBe(201);
    const spanish = started.body.page;
    expect(spanish).toMatchObject({ locale: 'es', slug: 'night-diving', is_published: false });
    // A draft: not on the site, and the English page has no hreflang yet.
    expect((await visit('/es/night-diving')).status).toBe(404);
    expect(hreflangsOf((await visit('/night-diving')).text)).toEqual({});
    const again = await editor.post(`/api/v1/pages/${englishId}/translations`, { locale: 'es' });
    expect(again.status).toBe(409);
    const translated = await editor.post(`/api/v1/pages/${spanish.id}/translations`, { locale: 'es' });
    expect(translated.status).toBe(400);

    // Its own slug, blocks and publish.
    const draft = await editor.get<{ page: { version: number } }>(`/api/v1/pages/${spanish.id}`);
    const renamed = await editor.patch(`/api/v1/pages/${spanish.id}`, {
      version: draft.body.page.version,
      slug: 'buceo-nocturno',
      title: 'Buceo nocturno',
    });
    expect(renamed.status).toBe(200);
    const { block } = await firstBlockOf(server.app, 'buceo-nocturno', 'es');
    const saved = await editor.patch(`/api/v1/blocks/${block.id}`, {
      version: block.version,
      block_data: { content: '<p>Bucea cuando cae la noche.</p>' },
    });
    expect(saved.status).toBe(200);
    await publish(spanish.id);
    const live = await visit('/es/buceo-nocturno');
    expect(live.status).toBe(200);
    expect(live.text).toContain('Bucea cuando cae la noche.');
    // The English page (served from the cache before) now names its translation.
    expect(pathOf(hreflangsOf((await visit('/night-diving')).text)['es']!)).toBe('/es/buceo-nocturno');

    // The list shows the translation, up to date.
    const listed = await editor.get<{
      pages: Array<{ id: string; translations: Array<{ id: string; out_of_date: boolean }> }>;
    }>('/api/v1/pages');
    const row = listed.body.pages.find((page) => page.id === englishId)!;
    expect(row.translations).toEqual([expect.objectContaining({ id: spanish.id, out_of_date: false })]);

    // The English page changes and goes live: the translation is out of date until it is edited.
    const englishDraft = await editor.get<{ page: { version: number } }>(`/api/v1/pages/${englishId}`);
    await editor.patch(`/api/v1/pages/${englishId}`, { version: englishDraft.body.page.version, title: 'Night dives' });
    await publish(englishId);
    const flagged = await editor.get<{ page: { translation_out_of_date: boolean } }>(`/api/v1/pages/${spanish.id}`);
    expect(flagged.body.page.translation_out_of_date).toBe(true);
    const relisted = await editor.get<{
      pages: Array<{ id: string; translations: Array<{ out_of_date: boolean }> }>;
    }>('/api/v1/pages');
    expect(relisted.body.pages.find((page) => page.id === englishId)!.translations[0]!.out_of_date).toBe(true);
    const spanishDraft = await editor.get<{ page: { version: number } }>(`/api/v1/pages/${spanish.id}`);
    await editor.patch(`/api/v1/pages/${spanish.id}`, {
      version: spanishDraft.body.page.version,
      title: 'Buceos nocturnos',
    });
    const cleared = await editor.get<{ page: { translation_out_of_date: boolean } }>(`/api/v1/pages/${spanish.id}`);
    expect(cleared.body.page.translation_out_of_date).toBe(false);
  });

  it('takes the translations to Trash with their English page and brings them back with it', async () => {
    const created = await editor.post<{ page: { id: string } }>('/api/v1/pages', {
      title: 'Cave etiquette',
      slug: 'cave-etiquette',
      is_published: true,
    });
    const englishId = created.body.page.id;
    const started = await editor.post<{ page: { id: string } }>(`/api/v1/pages/${englishId}/translations`, {
      locale: 'es',
    });
    await publish(started.body.page.id);
    expect((await visit('/es/cave-etiquette')).status).toBe(200);

    expect((await editor.delete(`/api/v1/pages/${englishId}`)).status).toBe(204);
    expect((await visit('/cave-etiquette')).status).toBe(404);
    expect((await visit('/es/cave-etiquette')).status).toBe(404);
    const trash = await editor.get<{ items: Array<{ id: string; path: string }> }>('/api/v1/trash');
    expect(trash.body.items.map((item) => item.path)).toEqual(
      expect.arrayContaining(['/cave-etiquette', '/es/cave-etiquette']),
    );

    expect((await editor.post(`/api/v1/pages/${englishId}/restore`, {})).status).toBe(200);
    expect((await visit('/cave-etiquette')).status).toBe(200);
    expect((await visit('/es/cave-etiquette')).status).toBe(200);
  });

  it('keeps slugs unique per language only: the same slug may exist in both', async () => {
    const first = await editor.post<{ page: { id: string } }>('/api/v1/pages', {
      title: 'Cenote Zapote',
      slug: 'cenote-zapote-test',
    });
    expect(first.status).toBe(201);
    const translation = await editor.post<{ page: { slug: string } }>(
      `/api/v1/pages/${first.body.page.id}/translations`,
      { locale: 'es' },
    );
    expect(translation.body.page.slug).toBe('cenote-zapote-test');
    const duplicate = await editor.post('/api/v1/pages', { title: 'Again', slug: 'cenote-zapote-test' });
    expect(duplicate.status).toBe(409);
  });
});

describe('menus per language', () => {
  type Node = { id: string; title: string; children: Node[] };
  const adminMenu = async (locale: string) =>
    (await editor.get<{ items: Node[] }>(`/api/v1/navigation/admin?menu=header&locale=${locale}`)).body.items;

  it('edits the Spanish menus on their own: add, refuse a parent from English, move, delete', async () => {
    const englishBefore = await adminMenu('en');
    const spanishBefore = await adminMenu('es');
    expect(spanishBefore.map((item) => item.title)).toContain('Los cenotes');

    const added = await editor.post<{ item: { id: string } }>('/api/v1/navigation', {
      title: 'Buceo nocturno',
      link_url: '/es/guia-de-seguridad',
      menu_type: 'header',
      locale: 'es',
    });
    expect(added.status).toBe(201);
    const spanishAfter = await adminMenu('es');
    expect(spanishAfter.map((item) => item.title)).toEqual([
      ...spanishBefore.map((item) => item.title),
      'Buceo nocturno',
    ]);
    // The English menu is untouched, and the Spanish home shows the new item.
    expect(await adminMenu('en')).toEqual(englishBefore);
    expect((await visit('/es')).text).toContain('Buceo nocturno');
    expect((await visit('/')).text).not.toContain('Buceo nocturno');

    const crossed = await editor.post('/api/v1/navigation', {
      title: 'Mixed',
      link_url: '/es',
      menu_type: 'header',
      locale: 'es',
      parent_id: englishBefore[0]!.id,
    });
    expect(crossed.status).toBe(400);

    const moved = await editor.post<{ items: Node[] }>(`/api/v1/navigation/${added.body.item.id}/move`, {
      targetId: spanishBefore[0]!.id,
      position: 'before',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.items[0]!.title).toBe('Buceo nocturno');
    expect(await adminMenu('en')).toEqual(englishBefore);

    expect((await editor.delete(`/api/v1/navigation/${added.body.item.id}`)).status).toBe(204);
    expect((await adminMenu('es')).map((item) => item.title)).toEqual(spanishBefore.map((item) => item.title));
  });
});
