import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserRole } from '../../src/features/auth/users.service.server';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { ApiClient, signedInClient, signUpVerified, type ApiResponse, type ErrorBody } from '../helpers/auth';
import { launchBrowser } from '../helpers/browser';
import { testPicture } from '../helpers/test-images';
import { instantiate, markersIn, xssPayloads, type XssPayload } from './xss-corpus';

/*
 * Issue #10: the XSS corpus (./xss-corpus.ts) goes through every text field, link field and the
 * rich text of the CMS by the real admin API; then every public page and admin screen that shows
 * them is opened in Chromium. The test fails on any dialog, any script execution, any CSP
 * violation and any unsafe markup in the DOM (the CSP would block most payloads, but markup that
 * only the CSP keeps from running is still a defect). Public pages and admin screens are visited
 * with the CSP enforced, as visitors get it, and with the same policy as report-only, so that
 * anything that got through really runs and is still reported; the sweeps (reflected input, every
 * round of SEO settings) run in report-only mode. A control page that renders the corpus unescaped
 * on purpose shows that the checks do catch it.
 *
 * Every payload calls __xss(<n>) with a number unique to the payload and the field it went
 * through, so a failure names both. Values a field refuses must be refused with a 400 that names
 * the field; that counts as a pass for that pair.
 */

const payloads = xssPayloads;
const payloadCount = payloads.length;

// ---------------------------------------------------------------------------------------------
// Markers: which payload went through which field

type Outcome = 'pending' | 'accepted' | 'refused' | 'reflected' | 'control';

interface MarkerEntry {
  marker: number;
  payload: XssPayload;
  /** The field as the report names it, e.g. 'hero.ctaLink'. */
  field: string;
  /** The record that carries it, e.g. 'page /xss-blocks-hero, block 3'. */
  carrier: string;
  outcome: Outcome;
  refusal?: string;
}

class MarkerRegistry {
  private readonly entries = new Map<number, MarkerEntry>();
  // Five digits for every marker: payloads keep the same length whichever order records are stored
  // in, so the same values meet the fields' length limits on every run.
  private next = 10_000;

  mark(payload: XssPayload, field: string, carrier: string, outcome: Outcome = 'pending') {
    const marker = this.next++;
    this.entries.set(marker, { marker, payload, field, carrier, outcome });
    return { marker, value: instantiate(payload, marker) };
  }

  entry(marker: number): MarkerEntry {
    const found = this.entries.get(marker);
    if (!found) throw new Error(`No payload has marker ${marker}`);
    return found;
  }

  all(): MarkerEntry[] {
    return [...this.entries.values()];
  }

  describe(marker: number): string {
    const entry = this.entries.get(marker);
    return entry ? `${entry.payload.id} through ${entry.field} (${entry.carrier})` : `unknown marker ${marker}`;
  }
}

const registry = new MarkerRegistry();

// ---------------------------------------------------------------------------------------------
// Slots: the fields of one API request that carry payloads

type Path = Array<string | number>;

interface SlotSpec {
  /** The field as reports name it (without the carrier), e.g. 'hero.ctaLink'. */
  field: string;
  /** Where the value goes in the request body. */
  path: Path;
  /** What the request carries for a payload (default: the payload string). */
  render?: (value: string) => unknown;
  /** What is sent instead once the server has refused the payload. */
  fallback: unknown;
  /** Always shown where the carrier is shown: a positive control that the screen shows the data. */
  shown?: boolean;
  /** A URL field (link or image): it must never keep a script URL. */
  url?: boolean;
}

/** The fields that hold URLs, collected as records are filled. */
const urlFields = new Set<string>();

interface FilledSlot {
  spec: SlotSpec;
  marker: number;
  /** The field name the API uses in a 400 (e.g. 'block_data.cards.0.link'). */
  apiField: string;
}

function setPath(target: Record<string, unknown>, path: Path, value: unknown): void {
  let node: Record<string | number, unknown> | unknown[] = target;
  path.forEach((key, index) => {
    const container = node as Record<string | number, unknown>;
    if (index === path.length - 1) {
      container[key] = value;
      return;
    }
    if (container[key] === undefined) container[key] = typeof path[index + 1] === 'number' ? [] : {};
    node = container[key] as Record<string | number, unknown>;
  });
}

/**
 * Fills every slot of one record: slot k of carrier number `offset` gets payload (offset + k),
 * so over `payloadCount` carriers every field sees every payload exactly once.
 */
function fill(
  carrier: string,
  base: Record<string, unknown>,
  specs: SlotSpec[],
  offset: number,
  apiPrefix = '',
): { body: Record<string, unknown>; slots: FilledSlot[] } {
  const body = structuredClone(base);
  const slots = specs.map((spec, index) => {
    if (spec.url) urlFields.add(spec.field);
    const payload = payloads[(offset + index) % payloadCount]!;
    const { marker, value } = registry.mark(payload, spec.field, carrier);
    setPath(body, spec.path, spec.render ? spec.render(value) : value);
    return { spec, marker, apiField: apiPrefix + spec.path.join('.') };
  });
  return { body, slots };
}

/**
 * Sends a record; while the server refuses it with a 400 naming one of our fields, that payload
 * is counted as refused and the field gets its harmless fallback. Any other answer fails the test.
 */
async function submit<T>(
  carrier: string,
  body: Record<string, unknown>,
  slots: FilledSlot[],
  send: (body: Record<string, unknown>) => Promise<ApiResponse<T>>,
): Promise<T> {
  for (let attempt = 0; attempt <= slots.length; attempt++) {
    const response = await send(body);
    if (response.status >= 200 && response.status < 300) {
      for (const slot of slots) {
        const entry = registry.entry(slot.marker);
        if (entry.outcome === 'pending') entry.outcome = 'accepted';
      }
      return response.body;
    }
    const error = (response.body as Partial<ErrorBody> | undefined)?.error;
    if (response.status !== 400 || !error?.field) {
      throw new Error(
        `${carrier}: expected 2xx or a 400 naming a field, got ${response.status} ${JSON.stringify(response.body)}`,
      );
    }
    const slot = slots.find(
      (candidate) =>
        registry.entry(candidate.marker).outcome === 'pending' &&
        (error.field === candidate.apiField || error.field!.startsWith(`${candidate.apiField}.`)),
    );
    if (!slot) throw new Error(`${carrier}: 400 names ${error.field}, not a field holding a payload: ${error.message}`);
    const entry = registry.entry(slot.marker);
    entry.outcome = 'refused';
    entry.refusal = error.message;
    setPath(body, slot.spec.path, slot.spec.fallback);
  }
  throw new Error(`${carrier}: still refused after every payload was replaced`);
}

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

// ---------------------------------------------------------------------------------------------
// The fields of every block type (src/features/blocks/<type>/block.ts)

type BlockTypeName = 'hero' | 'text' | 'gallery' | 'cards' | 'cta' | 'features' | 'facts' | 'quote';

interface BlockShape {
  base: Record<string, unknown>;
  slots: (imageUrl: string) => SlotSpec[];
}

const blockShapes: Record<BlockTypeName, BlockShape> = {
  hero: {
    base: { overlay: 'dark' },
    slots: (imageUrl) => [
      { field: 'hero.title', path: ['title'], fallback: 'Hero', shown: true },
      { field: 'hero.subtitle', path: ['subtitle'], fallback: '' },
      { field: 'hero.ctaText', path: ['ctaText'], fallback: '' },
      { field: 'hero.ctaLink', path: ['ctaLink'], url: true, fallback: '/cenote-diving' },
      { field: 'hero.backgroundImage', path: ['backgroundImage'], url: true, fallback: imageUrl },
    ],
  },
  text: {
    base: { imagePosition: 'right' },
    slots: (imageUrl) => [
      { field: 'text.heading', path: ['heading'], fallback: 'Text', shown: true },
      {
        // The rich text: the payload as raw HTML, inside a text node, and as a link mark's href.
        field: 'text.content (raw HTML, text node, link href)',
        path: ['content'],
        render: (value) =>
          `${value}<p>${escapeHtml(value)}</p><p><a href="${escapeHtml(value)}">Dive link</a></p><h2><em>${value}</em></h2>`,
        fallback: '<p>Plain text</p>',
      },
      { field: 'text.image', path: ['image'], url: true, fallback: imageUrl },
    ],
  },
  gallery: {
    base: { columns: 3 },
    slots: (imageUrl) => [
      { field: 'gallery.title', path: ['title'], fallback: 'Gallery', shown: true },
      { field: 'gallery.description', path: ['description'], fallback: '' },
      { field: 'gallery.images.url', path: ['images', 0, 'url'], url: true, fallback: imageUrl },
      { field: 'gallery.images.title', path: ['images', 0, 'title'], fallback: '' },
      { field: 'gallery.images.description', path: ['images', 0, 'description'], fallback: '' },
    ],
  },
  cards: {
    base: { columns: 3 },
    slots: (imageUrl) => [
      { field: 'cards.title', path: ['title'], fallback: 'Cards', shown: true },
      { field: 'cards.description', path: ['description'], fallback: '' },
      { field: 'cards.cards.title', path: ['cards', 0, 'title'], fallback: 'Card' },
      { field: 'cards.cards.description', path: ['cards', 0, 'description'], fallback: '' },
      { field: 'cards.cards.image', path: ['cards', 0, 'image'], url: true, fallback: imageUrl },
      { field: 'cards.cards.link', path: ['cards', 0, 'link'], url: true, fallback: '/cenote-dos-ojos' },
      { field: 'cards.cards.difficulty', path: ['cards', 0, 'difficulty'], fallback: 'Easy' },
      { field: 'cards.cards.depth', path: ['cards', 0, 'depth'], fallback: '10 m' },
      { field: 'cards.cards.highlights', path: ['cards', 0, 'highlights', 0], fallback: 'Clear water' },
    ],
  },
  cta: {
    base: { backgroundColor: 'bg-white' },
    slots: () => [
      { field: 'cta.heading', path: ['heading'], fallback: 'Call to action', shown: true },
      { field: 'cta.content', path: ['content'], fallback: '' },
      { field: 'cta.highlightBox.text', path: ['highlightBox', 'text'], fallback: '' },
      { field: 'cta.ctaButton.text', path: ['ctaButton', 'text'], fallback: 'Go' },
      { field: 'cta.ctaButton.link', path: ['ctaButton', 'link'], url: true, fallback: '/safety-guidelines' },
    ],
  },
  features: {
    base: { columns: 3, backgroundColor: 'bg-gray-50' },
    slots: () => [
      { field: 'features.title', path: ['title'], fallback: 'Features', shown: true },
      { field: 'features.subtitle', path: ['subtitle'], fallback: '' },
      { field: 'features.features.icon', path: ['features', 0, 'icon'], fallback: 'waves' },
      { field: 'features.features.title', path: ['features', 0, 'title'], fallback: 'Feature' },
      { field: 'features.features.description', path: ['features', 0, 'description'], fallback: '' },
    ],
  },
  facts: {
    base: {},
    slots: () => [
      { field: 'facts.title', path: ['title'], fallback: 'Facts', shown: true },
      { field: 'facts.description', path: ['description'], fallback: '' },
      { field: 'facts.facts.icon', path: ['facts', 0, 'icon'], fallback: 'gauge' },
      { field: 'facts.facts.label', path: ['facts', 0, 'label'], fallback: 'Depth' },
      { field: 'facts.facts.value', path: ['facts', 0, 'value'], fallback: '5-10 m' },
    ],
  },
  quote: {
    base: {},
    slots: () => [
      { field: 'quote.quote', path: ['quote'], fallback: 'Quote', shown: true },
      { field: 'quote.author', path: ['author'], fallback: 'Author', shown: true },
    ],
  },
};

const blockTypeNames = Object.keys(blockShapes) as BlockTypeName[];

/** Page fields (src/features/pages/pages.schema.ts). */
function pageSlots(index: number): SlotSpec[] {
  const fallbackSlug = `xss-fields-${index}`;
  return [
    { field: 'page.title', path: ['title'], fallback: `Field page ${index}`, shown: true },
    { field: 'page.slug', path: ['slug'], fallback: fallbackSlug },
    { field: 'page.excerpt', path: ['excerpt'], fallback: '' },
    { field: 'page.page_type', path: ['page_type'], fallback: 'standard' },
    { field: 'page.meta_title', path: ['meta_title'], fallback: null, shown: true },
    { field: 'page.meta_description', path: ['meta_description'], fallback: null, shown: true },
    { field: 'page.canonical_url', path: ['canonical_url'], url: true, fallback: null },
    { field: 'page.og_title', path: ['og_title'], fallback: null, shown: true },
    { field: 'page.og_description', path: ['og_description'], fallback: null, shown: true },
    { field: 'page.og_image', path: ['og_image'], url: true, fallback: null },
    { field: 'page.twitter_title', path: ['twitter_title'], fallback: null, shown: true },
    { field: 'page.twitter_description', path: ['twitter_description'], fallback: null, shown: true },
    { field: 'page.twitter_image', path: ['twitter_image'], url: true, fallback: null },
    {
      // JSON-LD: the payload as a value, as a key, nested and in a list.
      field: 'page.structured_data',
      path: ['structured_data'],
      render: (value) => ({
        '@context': 'https://schema.org',
        '@type': 'WebPage',
        name: value,
        [value]: 'as a key',
        about: { description: value },
        keywords: [value, 'cenote'],
      }),
      fallback: null,
      shown: true,
    },
  ];
}

/** SEO settings (src/features/settings/settings.schema.ts); analytics IDs end up in script tags. */
const settingsSlots: SlotSpec[] = [
  { field: 'settings.site_title', path: ['site_title'], fallback: 'Cenote Atlas', shown: true },
  { field: 'settings.site_description', path: ['site_description'], fallback: '', shown: true },
  { field: 'settings.default_og_image', path: ['default_og_image'], url: true, fallback: null },
  { field: 'settings.google_analytics_id', path: ['google_analytics_id'], fallback: null },
  { field: 'settings.google_tag_manager_id', path: ['google_tag_manager_id'], fallback: null },
  { field: 'settings.twitter_handle', path: ['twitter_handle'], fallback: null },
  { field: 'settings.facebook_page', path: ['facebook_page'], url: true, fallback: null },
  { field: 'settings.instagram_url', path: ['instagram_url'], url: true, fallback: null },
  { field: 'settings.youtube_url', path: ['youtube_url'], url: true, fallback: null },
];

// ---------------------------------------------------------------------------------------------
// What the test stored

interface StoredPage {
  id: string;
  slug: string;
  /** Markers that must appear on the public page and in the admin. */
  shown: number[];
  structuredData: unknown;
  /** The stored title (the last crumb of the page's breadcrumb trail). */
  title: string;
}

interface Stored {
  blockPages: Record<BlockTypeName, StoredPage>;
  fieldPages: StoredPage[];
  /** Titles of the header dropdown's items and of the footer items (on every public page). */
  navigationChildren: number[];
  footerTitles: number[];
  /** The site title's marker: on every public page (og:site_name) and the app screens. */
  siteTitle: number[];
  /** Every settings marker that pages show (head tags, footer links) and the SEO screen. */
  settingsShown: number[];
  /** Markers of the browser admin's name (admin header, public account menu). */
  userName: number[];
  mediaFilenames: number[];
  folderNames: number[];
  navigationParentTitle: string;
  settingsVersion: number;
}

/**
 * The detectors' own control: a test-only route renders each payload unescaped, as a broken page
 * would (raw in the body, inside an href, inside JSON-LD), so the checks are shown to catch it.
 */
const controlMarkers = payloads.map((payload, index) =>
  registry.mark(payload, 'control page (unescaped on purpose)', `/__xss-control/${index}`, 'control'),
);
/**
 * Payloads that stay inert when a page renders them raw: text that needs a template engine or
 * another host's script, and mutation XSS, which only turns dangerous when a sanitizer parses and
 * re-serializes it (the stored-content checks cover that path).
 */
const inertAsMarkup = new Set(['template-injection', 'json-escaped-script', 'protocol-relative', 'mxss-mathml']);

function controlPage(value: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>XSS detector control</title>
<script type="application/ld+json">{"name": "${value}"}</script></head>
<body><p><a href="${value}">link</a></p><div>${value}</div></body></html>`;
}

let server: TestApp;
let browser: Browser;
let admin: ApiClient;
let stored: Stored;
/** Session cookies of the admin whose name is a payload; the browser uses them. */
let browserAdminCookies: Array<{ name: string; value: string }>;
let viewerCookies: Array<{ name: string; value: string }>;

interface ImageDto {
  id: string;
  original_url: string;
  version: number;
}

async function uploadImage(
  client: ApiClient,
  picture: Buffer,
  fields: Record<string, unknown>,
): Promise<ApiResponse<{ images: ImageDto[] }>> {
  if (!client.csrfToken) await client.session();
  const form = new FormData();
  for (const name of ['alt_text', 'caption'] as const) {
    if (typeof fields[name] === 'string') form.append(name, fields[name]);
  }
  form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), String(fields['filename']));
  const response = await fetch(`${client.baseUrl}/api/v1/media`, {
    method: 'POST',
    headers: { cookie: client.cookieHeader(), 'x-csrf-token': client.csrfToken ?? '', accept: 'application/json' },
    body: form,
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as { images: ImageDto[] },
    headers: response.headers,
    setCookies: [],
  };
}

async function storeMedia(): Promise<{ urls: string[]; filenames: number[]; folders: number[] }> {
  const picture = await testPicture(96, 64, 'jpeg');
  const urls: string[] = [];
  const filenames: number[] = [];
  for (let index = 0; index < payloadCount; index++) {
    const carrier = `image ${index}`;
    const { body, slots } = fill(
      carrier,
      {},
      [
        { field: 'media.filename', path: ['filename'], fallback: `image-${index}.jpg` },
        { field: 'media.alt_text', path: ['alt_text'], fallback: '' },
        { field: 'media.caption', path: ['caption'], fallback: '' },
      ],
      index,
    );
    const uploaded = await submit(carrier, body, slots, (current) => uploadImage(admin, picture, current));
    const image = uploaded.images[0]!;
    urls.push(image.original_url);
    // Stored names keep only what follows the last slash (cleanFilename), so only some markers stay.
    const filenameSlot = slots[0]!;
    const storedName = String(body['filename']).split(/[\\/]/).pop() ?? '';
    if (markersIn(storedName).includes(filenameSlot.marker)) filenames.push(filenameSlot.marker);

    const category = fill(
      carrier,
      { version: image.version },
      [{ field: 'media.category', path: ['category'], fallback: null }],
      index,
    );
    await submit(carrier, category.body, category.slots, (current) =>
      admin.request('PATCH', `/api/v1/media/${image.id}`, { body: current }),
    );
  }
  const folders: number[] = [];
  for (let index = 0; index < payloadCount; index++) {
    const carrier = `folder ${index}`;
    const { body, slots } = fill(
      carrier,
      {},
      [{ field: 'media.folder name', path: ['name'], fallback: `Folder ${index}` }],
      index,
    );
    await submit(carrier, body, slots, (current) => admin.post('/api/v1/media/folders', current));
    if (registry.entry(slots[0]!.marker).outcome === 'accepted') folders.push(slots[0]!.marker);
  }
  return { urls, filenames, folders };
}

const acceptedShown = (slots: FilledSlot[]) =>
  slots
    .filter((slot) => slot.spec.shown && registry.entry(slot.marker).outcome === 'accepted')
    .map((slot) => slot.marker);

async function createPage(body: Record<string, unknown>): Promise<{ id: string; slug: string }> {
  const response = await admin.post<{ page: { id: string; slug: string } }>('/api/v1/pages', body);
  if (response.status !== 201)
    throw new Error(`creating ${String(body['slug'])}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.page;
}

async function addBlock(pageId: string, blockType: string, data: Record<string, unknown>) {
  return admin.post<{ block: { id: string } }>(`/api/v1/pages/${pageId}/blocks`, {
    block_type: blockType,
    block_data: data,
  });
}

/** Blocks are added to the page's draft: publishing puts them on the public page (decision 30). */
async function publishPage(pageId: string): Promise<void> {
  const current = await admin.get<{ page: { version: number } }>(`/api/v1/pages/${pageId}`);
  const published = await admin.post(`/api/v1/pages/${pageId}/publish`, { version: current.body.page.version });
  if (published.status !== 200) throw new Error(`publishing ${pageId}: ${published.status}`);
}

async function storeBlockPages(imageUrls: string[]): Promise<Record<BlockTypeName, StoredPage>> {
  const result = {} as Record<BlockTypeName, StoredPage>;
  const storeType = async (type: BlockTypeName, typeIndex: number) => {
    const slug = `xss-blocks-${type}`;
    const page = await createPage({
      title: `XSS blocks: ${type}`,
      slug,
      is_published: true,
      sort_order: 900 + typeIndex,
    });
    const shown: number[] = [];
    for (let index = 0; index < payloadCount; index++) {
      const carrier = `page /${slug}, block ${index + 1}`;
      const shape = blockShapes[type];
      const { body, slots } = fill(carrier, shape.base, shape.slots(imageUrls[index]!), index, 'block_data.');
      await submit(carrier, body, slots, (data) => addBlock(page.id, type, data));
      shown.push(...acceptedShown(slots));
    }
    await publishPage(page.id);
    result[type] = { id: page.id, slug, shown, structuredData: null, title: `XSS blocks: ${type}` };
  };
  await Promise.all(blockTypeNames.map(storeType));
  return result;
}

async function storeFieldPages(): Promise<StoredPage[]> {
  const result: StoredPage[] = [];
  for (let index = 0; index < payloadCount; index++) {
    const carrier = `field page ${index}`;
    const { body, slots } = fill(carrier, { is_published: true, sort_order: 1000 + index }, pageSlots(index), index);
    const { page } = await submit(carrier, body, slots, (current) =>
      admin.post<{ page: { id: string; slug: string; title: string; structured_data: unknown } }>(
        '/api/v1/pages',
        current,
      ),
    );
    // A quote block, so the page shows its title as a heading (an empty page does not).
    const quote = await addBlock(page.id, 'quote', { quote: `Field page ${index}`, author: 'Test' });
    expect(quote.status).toBe(201);
    await publishPage(page.id);
    result.push({
      id: page.id,
      slug: page.slug,
      shown: acceptedShown(slots),
      structuredData: page.structured_data,
      title: page.title,
    });
  }
  return result;
}

async function storeNavigation(): Promise<{ children: number[]; footer: number[]; parentTitle: string }> {
  const parentTitle = 'XSS menu';
  const parent = await admin.post<{ item: { id: string } }>('/api/v1/navigation', {
    title: parentTitle,
    link_url: '/xss-blocks-hero',
    menu_type: 'header',
  });
  expect(parent.status).toBe(201);
  const children: number[] = [];
  const footer: number[] = [];
  for (let index = 0; index < payloadCount; index++) {
    for (const menu of ['header', 'footer'] as const) {
      const carrier = `${menu} navigation item ${index}`;
      const { body, slots } = fill(
        carrier,
        { menu_type: menu, ...(menu === 'header' ? { parent_id: parent.body.item.id } : {}) },
        [
          { field: 'navigation.title', path: ['title'], fallback: `Item ${index}`, shown: true },
          { field: 'navigation.link_url', path: ['link_url'], url: true, fallback: `/xss-fields-${index}` },
          { field: 'navigation.description', path: ['description'], fallback: null },
        ],
        index,
      );
      await submit(carrier, body, slots, (current) => admin.post('/api/v1/navigation', current));
      (menu === 'header' ? children : footer).push(...acceptedShown(slots));
    }
  }
  return { children, footer, parentTitle };
}

/** One round of SEO settings: slot k gets payload (round + k). Returns the shown markers and the new version. */
async function storeSettingsRound(round: number, version: number): Promise<{ shown: number[]; version: number }> {
  const carrier = `SEO settings, round ${round}`;
  const { body, slots } = fill(carrier, { version }, settingsSlots, round);
  const { settings } = await submit(carrier, body, slots, (current) =>
    admin.request<{ settings: { version: number } }>('PUT', '/api/v1/settings/seo', { body: current }),
  );
  return { shown: acceptedShown(slots), version: settings.version };
}

/** The admin the browser signs in as: signed up through the API with a name made of payloads. */
async function signUpBrowserAdmin(): Promise<number[]> {
  const carrier = 'the browser admin account';
  const parts = ['img-onerror', 'script-tag', 'attr-breakout-double', 'svg-onload'].map((id) =>
    registry.mark(
      xssPayloads.find((payload) => payload.id === id)!,
      'user.fullName',
      carrier,
      'accepted',
    ),
  );
  const fullName = parts.map((part) => part.value).join(' ');
  expect(fullName.length).toBeLessThanOrEqual(200);
  const { email, password } = await signUpVerified(server, { fullName });
  await setUserRole(server.app.db, email, 'admin');
  const client = new ApiClient(server.url);
  const signIn = await client.signIn(email, password);
  expect(signIn.status).toBe(200);
  browserAdminCookies = [...client.cookies].map(([name, value]) => ({ name, value }));
  const viewer = await signedInClient(server, 'viewer');
  viewerCookies = [...viewer.cookies].map(([name, value]) => ({ name, value }));
  return parts.map((part) => part.marker);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startTestApp({
      // The corpus stores thousands of values through one session in a few minutes, far past the
      // per-minute write limits meant for people; those limits have their own test.
      env: { WRITE_LIMIT_PER_SESSION: '1000000', WRITE_LIMIT_PER_ADDRESS: '1000000' },
      extraRoutes: (app) =>
        app.get<{ Params: { index: string } }>(
          '/__xss-control/:index',
          { config: { access: 'public' } },
          async (request, reply) =>
            reply
              .type('text/html; charset=utf-8')
              .send(controlPage(controlMarkers[Number(request.params.index)]?.value ?? '')),
        ),
    }),
    launchBrowser(),
  ]);
  admin = await signedInClient(server, 'admin');
  await admin.session();
  // Independent records are stored side by side; block pages wait for the images they show.
  const [userName, media, fieldPages, navigation, settings] = await Promise.all([
    signUpBrowserAdmin(),
    storeMedia().then(async (images) => ({ ...images, blockPages: await storeBlockPages(images.urls) })),
    storeFieldPages(),
    storeNavigation(),
    admin
      .get<{ settings: { version: number } }>('/api/v1/settings/seo/admin')
      .then((seo) => storeSettingsRound(0, seo.body.settings.version)),
  ]);
  const { blockPages } = media;
  stored = {
    blockPages,
    fieldPages,
    navigationChildren: navigation.children,
    footerTitles: navigation.footer,
    siteTitle: settings.shown.filter((marker) => registry.entry(marker).field === 'settings.site_title'),
    settingsShown: settings.shown,
    userName,
    mediaFilenames: media.filenames,
    folderNames: media.folders,
    navigationParentTitle: navigation.parentTitle,
    settingsVersion: settings.version,
  };
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  const entries = registry.all();
  const count = (outcome: Outcome) => entries.filter((entry) => entry.outcome === outcome).length;
  const sent = entries.filter((entry) => entry.outcome === 'accepted' || entry.outcome === 'refused');
  const fields = [...new Set(sent.map((entry) => entry.field))];
  const refusals = fields
    .map(
      (field) => [field, sent.filter((entry) => entry.field === field && entry.outcome === 'refused').length] as const,
    )
    .filter(([, refused]) => refused > 0)
    .map(([field, refused]) => `${field} ${refused}`);
  console.info(
    `XSS corpus: ${payloadCount} payloads; ${sent.length} payload × field values sent through ${fields.length} ` +
      `fields (${count('accepted')} accepted and rendered, ${count('refused')} refused with 400); ` +
      `${count('reflected')} reflected; ${count('control')} control pages; ${visits} screen visits in Chromium.\n` +
      `Refused per field: ${refusals.join(', ')}`,
  );
});

// ---------------------------------------------------------------------------------------------
// The browser side: hooks that notice execution, and a scan of the DOM for unsafe markup

interface Finding {
  mode: Mode;
  screen: string;
  what: string;
  markers: number[];
}

/**
 * 'CSP enforced': what visitors get. 'CSP report-only': the same policy sent as
 * Content-Security-Policy-Report-Only, so anything that got through really runs (and calls
 * __xss) while every violation is still reported.
 */
type Mode = 'CSP enforced' | 'CSP report-only';

/**
 * Runs before any page script in every frame: __xss and the dialog functions report to the test,
 * and so do CSP violations (the CSP blocks most payloads; a blocked one is still a finding).
 */
const initScript = `(() => {
  const report = (kind, detail) => {
    try { window.__xssReport(kind, String(detail), location.href); } catch (error) { /* binding missing in this frame */ }
  };
  Object.defineProperty(window, '__xss', { value: (id) => report('call', id), configurable: false, writable: false });
  for (const name of ['alert', 'confirm', 'prompt', 'print']) {
    window[name] = (message) => { report(name, message); return name === 'confirm' ? false : null; };
  }
  document.addEventListener('securitypolicyviolation', (event) => {
    report('csp', event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' at ' +
      (event.sourceFile || location.href) + ':' + event.lineNumber + ':' + event.columnNumber + ' ' + (event.sample || ''));
  }, true);
})();`;

interface DomFinding {
  what: string;
  evidence: string;
}

interface Inspection {
  /** Markers that never showed up. */
  absent: number[];
  findings: DomFinding[];
  jsonLd: string[];
}

/**
 * Runs in the page, in one round trip: waits until the expected markers are in the DOM, then (for
 * server-rendered pages) until every image has loaded or failed, since onerror payloads fire then,
 * then two frames; then scans every element and attribute that could run script or load another
 * document.
 */
async function inspectPage(options: { markers: number[]; images: boolean; scan: boolean }): Promise<Inspection> {
  const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  const missing = () => {
    const html = document.documentElement.outerHTML;
    return options.markers.filter((marker) => !html.includes(`__xss(${marker})`));
  };
  const shownBy = Date.now() + 30_000;
  let absent = missing();
  while (absent.length > 0 && Date.now() < shownBy) {
    await pause(100);
    absent = missing();
  }
  // Lazy images below the fold never start loading; payload images (no loading attribute) do.
  const imagesBy = Date.now() + 10_000;
  while (
    options.images &&
    Date.now() < imagesBy &&
    !Array.from(document.images).every((image) => image.complete || image.loading === 'lazy')
  ) {
    await pause(50);
  }
  await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  const findings: DomFinding[] = [];
  const jsonLd: string[] = [];
  if (!options.scan) return { absent, findings, jsonLd };
  const urlAttributes = new Set([
    'href',
    'src',
    'action',
    'formaction',
    'xlink:href',
    'data',
    'poster',
    'background',
    'codebase',
    'cite',
    'longdesc',
    'usemap',
    'ping',
    'lowsrc',
    'dynsrc',
    'manifest',
    'icon',
    'profile',
    'from',
    'to',
    'by',
    'values',
    'srcset',
    'archive',
    'classid',
    'itemtype',
  ]);
  const listAttributes = new Set(['srcset', 'values', 'ping', 'archive']);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what the URL parser strips
  const ignoredByUrlParser = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200b\u2028\u2029\u205f\u3000\ufeff]/g;
  const forbiddenElements = new Set([
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'base',
    'portal',
    'param',
  ]);
  const unsafeStyle = /expression\s*\(|javascript\s*:|vbscript\s*:|(?<![\w-])behavior\s*:|-moz-binding|@import/i;
  const evidenceOf = (element: Element) => element.outerHTML.slice(0, 600);
  const sameOrigin = (value: string) => {
    try {
      return new URL(value, location.href).origin === location.origin;
    } catch {
      return false;
    }
  };
  for (const element of Array.from(document.querySelectorAll('*'))) {
    const tag = element.localName.toLowerCase();
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value;
      if (name.startsWith('on')) {
        findings.push({
          what: `event handler attribute ${name} on <${tag}>`,
          evidence: `${name}="${value}" ${evidenceOf(element)}`,
        });
      } else if (name === 'srcdoc') {
        findings.push({ what: `srcdoc attribute on <${tag}>`, evidence: `${value} ${evidenceOf(element)}` });
      } else if (name === 'style' && unsafeStyle.test(value)) {
        findings.push({ what: `unsafe style attribute on <${tag}>`, evidence: `${value} ${evidenceOf(element)}` });
      } else if (urlAttributes.has(name) || name.endsWith(':href')) {
        const parts = listAttributes.has(name) ? value.split(/[,;]/) : [value];
        for (const part of parts) {
          // What the URL parser sees: no whitespace or control characters, any case.
          const url = part.replace(ignoredByUrlParser, '').toLowerCase();
          const scriptScheme = /^(javascript|vbscript|livescript):/.test(url);
          const imageData = (tag === 'img' || tag === 'source') && /^data:image\/(png|jpe?g|gif|webp|avif);/.test(url);
          if (scriptScheme || (url.startsWith('data:') && !imageData)) {
            findings.push({
              what: `${url.split(':')[0]}: URL in ${name} of <${tag}>`,
              evidence: `${value} ${evidenceOf(element)}`,
            });
          }
        }
      }
    }
    if (tag === 'script') {
      const type = (element.getAttribute('type') ?? '').toLowerCase();
      const src = element.getAttribute('src');
      if (type === 'application/ld+json') {
        const text = element.textContent ?? '';
        jsonLd.push(text);
        try {
          JSON.parse(text);
        } catch {
          findings.push({ what: 'JSON-LD that is not valid JSON (broken out of?)', evidence: text.slice(0, 600) });
        }
      } else {
        let path = '';
        if (src && sameOrigin(src)) path = new URL(src, location.href).pathname;
        if (!path.startsWith('/assets/'))
          findings.push({ what: 'script element not from the site bundle', evidence: evidenceOf(element) });
      }
    } else if (forbiddenElements.has(tag)) {
      findings.push({ what: `<${tag}> element`, evidence: evidenceOf(element) });
    } else if (tag === 'meta' && element.hasAttribute('http-equiv')) {
      findings.push({ what: 'meta http-equiv element', evidence: evidenceOf(element) });
    } else if (tag === 'link') {
      const rel = (element.getAttribute('rel') ?? '').toLowerCase();
      const href = element.getAttribute('href') ?? '';
      if (/stylesheet|import|preload|modulepreload|prefetch|prerender|icon|manifest/.test(rel) && !sameOrigin(href)) {
        findings.push({ what: `<link rel="${rel}"> to another origin`, evidence: evidenceOf(element) });
      }
    } else if (tag === 'style' && unsafeStyle.test(element.textContent ?? '')) {
      findings.push({ what: 'style element with script or @import', evidence: evidenceOf(element) });
    }
  }
  return { absent, findings, jsonLd };
}

interface Screen {
  name: string;
  /** Path on the server. */
  path: string;
  /** Markers that must be on the screen (in text or attributes) before it counts as shown. */
  shown: number[];
  /** Extra steps once shown: open menus, expand editors, type into boxes. */
  interact?: (page: Page) => Promise<void>;
  /** Runs before the stored values are looked for (a list read page by page loads all of itself). */
  prepare?: (page: Page) => Promise<void>;
  /** Which session the screen is opened with. */
  as: 'anonymous' | 'admin' | 'viewer';
  /** A client-rendered screen (admin): settle on network idle rather than on loaded images. */
  app?: boolean;
  /** The JSON-LD the page must carry, exactly (each payload kept as data). */
  jsonLd?: unknown[];
  /**
   * After it, the page's breadcrumb trail (issue 18): a BreadcrumbList whose last item is this
   * page, its title (a payload) kept as data.
   */
  breadcrumb?: { name: string; item: string };
}

/** True when the value is a BreadcrumbList ending with exactly this page. */
function endsWithPage(value: unknown, page: { name: string; item: string }): boolean {
  const list = value as { '@type'?: unknown; itemListElement?: unknown };
  if (list['@type'] !== 'BreadcrumbList' || !Array.isArray(list.itemListElement)) return false;
  const last = list.itemListElement.at(-1) as { name?: unknown; item?: unknown } | undefined;
  return last?.name === page.name && last.item === page.item;
}

/** One browser tab and what its frames reported since its current visit began. */
interface Tab {
  page: Page;
  events: Array<{ kind: string; detail: string; url: string }>;
}

interface Session {
  context: BrowserContext;
  tabs: Tab[];
}

async function openSession(mode: Mode, as: Screen['as'], tabCount = 1): Promise<Session> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const tabs = new Map<Page, Tab>();
  await context.exposeBinding('__xssReport', (source, kind: string, detail: string, url: string) => {
    tabs.get(source.page)?.events.push({ kind, detail, url });
  });
  await context.addInitScript({ content: initScript });
  const origin = new URL(server.url).origin;
  await context.route(
    (url) => url.protocol === 'http:' || url.protocol === 'https:',
    async (route) => {
      const request = route.request();
      // Nothing leaves the machine: requests to other origins (https image URLs, payload hosts) are cut.
      if (new URL(request.url()).origin !== origin) return route.abort();
      if (mode !== 'CSP report-only' || request.resourceType() !== 'document') return route.fallback();
      const response = await route.fetch({ maxRedirects: 0 });
      const headers = response.headers();
      const policy = headers['content-security-policy'];
      if (policy !== undefined) {
        delete headers['content-security-policy'];
        headers['content-security-policy-report-only'] = policy;
      }
      return route.fulfill({ response, headers });
    },
  );
  const cookies = as === 'admin' ? browserAdminCookies : as === 'viewer' ? viewerCookies : [];
  if (cookies.length > 0) await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: server.url })));
  for (let index = 0; index < tabCount; index++) {
    const page = await context.newPage();
    const tab: Tab = { page, events: [] };
    tabs.set(page, tab);
    page.on('dialog', (dialog) => {
      tab.events.push({ kind: `dialog ${dialog.type()}`, detail: dialog.message(), url: page.url() });
      void dialog.dismiss().catch(() => undefined);
    });
    page.on('pageerror', (error) =>
      tab.events.push({ kind: 'uncaught error', detail: error.message, url: page.url() }),
    );
  }
  return { context, tabs: [...tabs.values()] };
}

/** Screens opened, for the summary. */
let visits = 0;

async function visit(tab: Tab, mode: Mode, screen: Screen): Promise<Finding[]> {
  visits += 1;
  const { page } = tab;
  tab.events.length = 0;
  const findings: Finding[] = [];
  const add = (what: string, text: string) =>
    findings.push({ mode, screen: screen.name, what, markers: [...new Set(markersIn(text))] });
  await page.goto(`${server.url}${screen.path}`, { waitUntil: screen.app ? 'load' : 'domcontentloaded' });
  if (screen.prepare) await screen.prepare(page);
  let absent: number[] = [];
  if (screen.interact) {
    ({ absent } = await page.evaluate(inspectPage, { markers: screen.shown, images: false, scan: false }));
    await screen.interact(page);
  }
  // An admin screen settles when its requests are done; a late handler then still gets its frames.
  if (screen.app) await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
  const inspection = await page.evaluate(inspectPage, {
    markers: screen.interact ? [] : screen.shown,
    images: !screen.app,
    scan: true,
  });
  absent.push(...inspection.absent);
  if (absent.length > 0) {
    findings.push({ mode, screen: screen.name, what: 'the screen does not show the stored values', markers: absent });
  }
  if (screen.jsonLd) {
    const parsed = inspection.jsonLd.flatMap((text) => {
      try {
        return [JSON.parse(text) as unknown];
      } catch {
        return []; // reported by the scan
      }
    });
    const own = parsed.slice(0, screen.jsonLd.length);
    const trail = parsed.slice(screen.jsonLd.length);
    const trailAsExpected = screen.breadcrumb
      ? trail.length === 1 && endsWithPage(trail[0], screen.breadcrumb)
      : trail.length === 0;
    if (JSON.stringify(own) !== JSON.stringify(screen.jsonLd) || !trailAsExpected) {
      add(
        `JSON-LD differs from the stored structured data and breadcrumb trail: ${JSON.stringify(parsed).slice(0, 300)}`,
        JSON.stringify(parsed),
      );
    }
  }
  for (const finding of inspection.findings)
    add(`${finding.what}: ${finding.evidence.slice(0, 300)}`, finding.evidence);
  // Reports travel on the same channel as the answer above, so everything sent before it is here.
  for (const event of tab.events) {
    const where = event.url === page.url() ? '' : ` (in ${event.url.slice(0, 120)})`;
    if (event.kind === 'call') {
      findings.push({ mode, screen: screen.name, what: `script ran${where}`, markers: [Number(event.detail)] });
    } else {
      add(`${event.kind}: ${event.detail.slice(0, 300)}${where}`, event.detail);
    }
  }
  return findings;
}

function report(findings: Finding[]): string {
  return findings
    .map(
      (finding) =>
        `[${finding.mode}] ${finding.screen}: ${finding.what}` +
        (finding.markers.length > 0
          ? `\n    payloads: ${finding.markers.map((marker) => registry.describe(marker)).join('; ')}`
          : ''),
    )
    .join('\n');
}

/** Visits the screens, a few at a time in tabs of one context per kind of visitor. */
async function visitAll(mode: Mode, screens: Screen[], tabCount = 3): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const as of ['anonymous', 'admin', 'viewer'] as const) {
    const queue = screens.filter((screen) => screen.as === as);
    if (queue.length === 0) continue;
    const session = await openSession(mode, as, Math.min(tabCount, queue.length));
    try {
      await Promise.all(
        session.tabs.map(async (tab) => {
          for (let screen = queue.shift(); screen; screen = queue.shift()) {
            findings.push(...(await visit(tab, mode, screen)));
          }
        }),
      );
    } finally {
      await session.context.close();
    }
  }
  return findings;
}

// ---------------------------------------------------------------------------------------------
// The screens

/** On every public page: the footer menu's titles and the site title (og:site_name). */
const chromeShown = () => [...stored.footerTitles, ...stored.siteTitle];

function publicScreens(as: 'anonymous' | 'admin'): Screen[] {
  const signedIn = as === 'admin' ? stored.userName : [];
  const screens: Screen[] = [
    {
      name: 'home, header dropdown and search suggestions open',
      path: '/',
      as,
      shown: [...chromeShown(), ...signedIn],
      interact: async (page) => {
        await page
          .locator('nav[aria-label="Main"]')
          .getByRole('button', { name: stored.navigationParentTitle })
          .click();
        await page.waitForFunction(
          (markers) => {
            // The island's props are outside the nav element: these titles come from the open panel.
            const menu = document.querySelector('nav[aria-label="Main"]')?.innerHTML ?? '';
            return markers.every((marker) => menu.includes(`__xss(${marker})`));
          },
          stored.navigationChildren,
          { polling: 100, timeout: 15_000 },
        );
        await page.locator('#desktop-search').fill('xss');
        await page.getByRole('listbox', { name: 'Suggestions' }).first().waitFor({ timeout: 15_000 });
      },
    },
    ...blockTypeNames.map((type) => ({
      name: `/${stored.blockPages[type].slug}`,
      path: `/${stored.blockPages[type].slug}`,
      as,
      shown: [...stored.blockPages[type].shown, ...chromeShown(), ...signedIn],
    })),
    // The 53 field pages run once, in the report-only pass (anything that got through would run
    // there and still be reported); block pages, home, search and 404 run in both modes.
    ...(as === 'anonymous' ? [] : stored.fieldPages).map((page) => ({
      name: `/${page.slug}`,
      path: `/${page.slug}`,
      as,
      shown: [...page.shown, ...chromeShown()],
      jsonLd: page.structuredData === null ? [] : [page.structuredData],
      breadcrumb: { name: page.title, item: `${server.config.publicUrl}/${page.slug}` },
    })),
    ...['xss', 'script', 'onerror', 'javascript'].map((query) => ({
      name: `search results for "${query}"`,
      path: `/search?q=${query}`,
      as,
      shown: chromeShown(),
    })),
    { name: 'not-found page', path: '/no-such-page-here', as, shown: chromeShown() },
  ];
  if (as === 'anonymous') {
    screens.push({ name: 'sign-in screen', path: '/auth', as, shown: stored.siteTitle, app: true });
  }
  return screens;
}

/** The fields the admin's collapsed block row shows as its summary. */
const summaryFields = new Set([
  'hero.title',
  'text.heading',
  'gallery.title',
  'cards.title',
  'cta.heading',
  'features.title',
  'quote.quote',
]);

async function expandAllBlocks(page: Page): Promise<void> {
  const items = page.locator('ol[aria-label="Content blocks"] > li');
  await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(payloadCount);
  await page
    .locator('ol[aria-label="Content blocks"] > li button[aria-expanded="false"]')
    .evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLButtonElement).click()));
  await expect
    .poll(() => page.getByRole('button', { name: 'Save block' }).count(), { timeout: 60_000 })
    .toBe(payloadCount);
}

/** Lists read page by page (issue 20): 'Load more' until every item is on screen, so every marker can show. */
async function loadWholeList(page: Page): Promise<void> {
  const loadMore = page.getByRole('button', { name: 'Load more' });
  // The first stretch is on screen once the list offers to select what it shows.
  await page.getByRole('checkbox', { name: 'Select all shown' }).waitFor({ timeout: 30_000 });
  while ((await loadMore.count()) > 0) {
    await Promise.all([
      page.waitForResponse((response) => response.url().includes('cursor='), { timeout: 30_000 }),
      loadMore.click(),
    ]);
    // Rendered: the button is gone (all read) or ready for the next stretch.
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('button')].find((each) => each.textContent?.trim() === 'Load more');
      return !button || button.getAttribute('aria-busy') !== 'true';
    });
  }
}

function adminScreens(): Screen[] {
  const firstField = stored.fieldPages[0]!;
  const fieldTitles = stored.fieldPages.flatMap((page) =>
    page.shown.filter((marker) => registry.entry(marker).field === 'page.title'),
  );
  const summaries = (type: BlockTypeName) =>
    stored.blockPages[type].shown.filter((marker) => summaryFields.has(registry.entry(marker).field));
  return [
    {
      name: 'admin pages list',
      path: '/admin/pages',
      shown: [...fieldTitles, ...stored.userName],
      prepare: loadWholeList,
    },
    {
      name: 'admin page editor, content tab',
      path: `/admin/pages/${firstField.id}?tab=content`,
      shown: stored.userName,
    },
    { name: 'admin page editor, SEO tab', path: `/admin/pages/${firstField.id}?tab=seo`, shown: stored.userName },
    ...blockTypeNames.map((type) => ({
      name: `admin page editor, blocks tab of /${stored.blockPages[type].slug}, every block open`,
      path: `/admin/pages/${stored.blockPages[type].id}?tab=blocks`,
      shown: [...summaries(type), ...stored.userName],
      interact: expandAllBlocks,
    })),
    {
      name: 'admin content blocks screen',
      path: `/admin/blocks?page=${stored.blockPages.quote.id}`,
      shown: [...fieldTitles, ...summaries('quote')],
    },
    {
      name: 'admin navigation, header menu, edit dialog open',
      path: '/admin/navigation?menu=header',
      shown: stored.navigationChildren,
      interact: async (page: Page) => {
        await page
          .getByRole('button', { name: /^Edit / })
          .last()
          .click();
        await page.getByRole('dialog').waitFor({ timeout: 15_000 });
      },
    },
    { name: 'admin navigation, footer menu', path: '/admin/navigation?menu=footer', shown: stored.footerTitles },
    {
      name: 'admin media library, edit dialog open',
      path: '/admin/media',
      shown: [...stored.mediaFilenames, ...stored.folderNames],
      prepare: loadWholeList,
      interact: async (page: Page) => {
        await page.locator('li[data-image-id] > button').first().click();
        await page.getByRole('dialog').waitFor({ timeout: 15_000 });
      },
    },
    { name: 'admin SEO settings', path: '/admin/seo', shown: stored.settingsShown },
    { name: 'admin performance settings', path: '/admin/performance', shown: stored.userName },
  ]
    .map((screen): Screen => ({ ...screen, as: 'admin', app: true }))
    .concat({
      name: 'no-access screen for a viewer',
      path: '/admin',
      as: 'viewer',
      shown: stored.siteTitle,
      app: true,
    });
}

// ---------------------------------------------------------------------------------------------

/** What the URL parser makes of a value: no whitespace or control characters, lower case. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what the URL parser strips
const asUrl = (value: string) => value.replace(/[\u0000-\u0020]/g, '').toLowerCase();

/** Checks that every payload went through each field (settings rounds are checked by their own test). */
function expectEveryPayloadThrough(fields: string[]): void {
  for (const field of fields) {
    const seen = new Set(
      registry
        .all()
        .filter((entry) => entry.field === field)
        .map((entry) => entry.payload.id),
    );
    expect(seen.size, field).toBe(payloadCount);
  }
}

describe('XSS corpus through every field, checked in Chromium', () => {
  it('stores the corpus: each value is accepted or refused with a 400 naming its field, and no link field keeps a script URL', () => {
    const entries = registry.all().filter((entry) => entry.outcome !== 'reflected' && entry.outcome !== 'control');
    expect(entries.filter((entry) => entry.outcome === 'pending')).toEqual([]);
    const fields = [...new Set(entries.map((entry) => entry.field))];
    expectEveryPayloadThrough(fields.filter((field) => !field.startsWith('settings.') && field !== 'user.fullName'));
    expect(urlFields.size).toBeGreaterThanOrEqual(15);
    const scriptUrls = entries.filter(
      (entry) =>
        urlFields.has(entry.field) &&
        entry.outcome === 'accepted' &&
        /^(javascript|vbscript|data):/.test(asUrl(instantiate(entry.payload, entry.marker))),
    );
    expect(scriptUrls.map((entry) => `${entry.payload.id} accepted by ${entry.field} (${entry.carrier})`)).toEqual([]);
  });

  it('control: the checks catch every payload that a page renders unescaped, in both CSP modes', async () => {
    const screens: Screen[] = controlMarkers.map((_control, index) => ({
      name: `control page for ${payloads[index]!.id}`,
      path: `/__xss-control/${index}`,
      as: 'anonymous',
      shown: [],
    }));
    const enforced = await visitAll('CSP enforced', screens, 4);
    const reportOnly = await visitAll('CSP report-only', screens, 4);
    const missed = (findings: Finding[]) =>
      payloads
        .filter((payload, index) => {
          const marker = controlMarkers[index]!.marker;
          return !inertAsMarkup.has(payload.id) && !findings.some((finding) => finding.markers.includes(marker));
        })
        .map((payload) => payload.id);
    expect(missed(enforced)).toEqual([]);
    expect(missed(reportOnly)).toEqual([]);
    const onScreen = (findings: Finding[], payloadId: string) =>
      findings.filter((finding) => finding.screen === `control page for ${payloadId}`).map((finding) => finding.what);
    // Each channel works: execution and dialogs without the CSP, violation reports with it.
    expect(onScreen(reportOnly, 'script-tag')).toContainEqual(expect.stringMatching(/^script ran/));
    expect(onScreen(reportOnly, 'img-onerror')).toContainEqual(expect.stringMatching(/^script ran/));
    expect(onScreen(enforced, 'script-tag')).toContainEqual(expect.stringMatching(/^csp: script-src/));
    // And the enforced CSP is a real second line: none of the corpus runs under it.
    expect(enforced.filter((finding) => finding.what.startsWith('script ran'))).toEqual([]);
  }, 120_000);

  it('public pages with the CSP enforced (anonymous visitor): no script runs, no dialog, no violation, no unsafe markup', async () => {
    const findings = await visitAll('CSP enforced', publicScreens('anonymous'));
    expect(report(findings)).toBe('');
  }, 240_000);

  it('public pages with the CSP report-only (signed-in admin): nothing runs even where the CSP would not stop it', async () => {
    const findings = await visitAll('CSP report-only', publicScreens('admin'));
    expect(report(findings)).toBe('');
  }, 240_000);

  it('admin screens (lists, editors with every block open, dialogs, settings) in both CSP modes', async () => {
    // The editors with every block open are the heavy screens: they run once, in report-only mode,
    // where anything that got through would run and would still be reported as a violation.
    const enforced = adminScreens().filter((screen) => screen.interact !== expandAllBlocks);
    const findings = [
      ...(await visitAll('CSP enforced', enforced, 2)),
      ...(await visitAll('CSP report-only', adminScreens(), 2)),
    ];
    expect(report(findings)).toBe('');
  }, 300_000);

  it('sitemap.xml is well-formed XML listing only this site', async () => {
    const session = await openSession('CSP enforced', 'anonymous');
    const tab = session.tabs[0]!;
    try {
      const response = await tab.page.goto(`${server.url}/sitemap.xml`);
      expect(response?.status()).toBe(200);
      const result = await tab.page.evaluate(async () => {
        const text = await (await fetch('/sitemap.xml')).text();
        const xml = new DOMParser().parseFromString(text, 'application/xml');
        return {
          error: xml.getElementsByTagName('parsererror').length > 0,
          locations: Array.from(xml.getElementsByTagName('loc')).map((node) => node.textContent ?? ''),
        };
      });
      expect(result.error).toBe(false);
      expect(result.locations.length).toBeGreaterThan(payloadCount);
      expect(result.locations.filter((location) => !location.startsWith(server.config.publicUrl))).toEqual([]);
      expect(tab.events).toEqual([]);
    } finally {
      await session.context.close();
    }
  });

  it('sweep: each payload as the search query, as an unknown path, and in every SEO setting (title, description, image, analytics IDs, social links)', async () => {
    let version = stored.settingsVersion;
    let settingsShown = stored.settingsShown;
    const findings: Finding[] = [];
    // Report-only: anything that got through would run here, and would still be reported.
    const session = await openSession('CSP report-only', 'anonymous', 2);
    const [searchTab, notFoundTab] = session.tabs as [Tab, Tab];
    try {
      // Round 0 of the settings is the one every other test sees; each later round stores the next
      // payloads. The search and 404 pages show every setting (head tags, footer links).
      for (let round = 0; round < payloadCount; round++) {
        if (round > 0) {
          const saved = await storeSettingsRound(round, version);
          version = saved.version;
          settingsShown = saved.shown;
        }
        const payload = payloads[round]!;
        const query = registry.mark(payload, 'search query (reflected)', '/search?q=', 'reflected');
        const path = registry.mark(payload, 'unknown path (reflected)', '404 page', 'reflected');
        const results = await Promise.all([
          visit(searchTab, 'CSP report-only', {
            name: `/search?q= ${payload.id}, SEO settings round ${round}`,
            path: `/search?q=${encodeURIComponent(query.value)}`,
            as: 'anonymous',
            shown: [query.marker, ...settingsShown],
          }),
          visit(notFoundTab, 'CSP report-only', {
            name: `404 page for ${payload.id}, SEO settings round ${round}`,
            path: `/${encodeURIComponent(path.value)}`,
            as: 'anonymous',
            // The browser percent-encodes the path; it only reaches og:url. The rest shows the page rendered.
            shown: [...settingsShown, ...stored.footerTitles],
          }),
        ]);
        findings.push(...results.flat());
      }
    } finally {
      await session.context.close();
    }
    expect(report(findings)).toBe('');
    expectEveryPayloadThrough([
      ...settingsSlots.map((slot) => slot.field),
      'search query (reflected)',
      'unknown path (reflected)',
    ]);
  }, 300_000);
});
