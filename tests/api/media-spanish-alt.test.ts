import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxAltTextLength, maxCaptionLength, type ImageDto } from '../../src/features/media/media.dto';
import { signedInClient, type ApiClient, type ErrorBody } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';

/**
 * Decision 44: media is shared, its alt text and caption are per language. Editors read and
 * change the Spanish ones through the image API; Spanish pages show them (the English alt text
 * when there is no Spanish one) and English pages keep the English words. A PATCH that does not
 * name them leaves them as they were (decision 45).
 */
let server: TestApp;
let editor: ApiClient;
let angelita: ImageDto;

const angelitaUrl = '/media/seed/cenote-angelita.jpg';
const sinkholeUrl = '/media/seed/sinkhole-formation.jpg';

beforeAll(async () => {
  server = await startTestApp();
  editor = await signedInClient(server, 'editor');
  angelita = await seedImage(angelitaUrl);
});
afterAll(async () => {
  await server?.close();
});

/** A seeded image, found by the library's text search on its file name. */
async function seedImage(url: string): Promise<ImageDto> {
  const stem = url.replace(/^.*\//, '').replace(/\.jpg$/, '');
  const listed = await editor.get<{ images: ImageDto[] }>(`/api/v1/media?q=${stem}`);
  expect(listed.status).toBe(200);
  const found = listed.body.images.find((image) => image.original_url === url);
  if (!found) throw new Error(`the seed has no image ${url}`);
  return found;
}

async function readImage(id: string): Promise<ImageDto> {
  const response = await editor.get<{ image: ImageDto }>(`/api/v1/media/${id}`);
  expect(response.status).toBe(200);
  return response.body.image;
}

async function patchImage(id: string, body: Record<string, unknown>) {
  const { version } = await readImage(id);
  return editor.request<{ image: ImageDto } & ErrorBody>('PATCH', `/api/v1/media/${id}`, {
    body: { version, ...body },
  });
}

async function visit(urlPath: string) {
  const response = await fetch(`${server.url}${urlPath}`);
  expect(response.status, urlPath).toBe(200);
  return { cache: response.headers.get('x-cache'), html: await response.text() };
}

/** The alt attributes of the <img> elements showing this image. */
function altsOf(html: string, url: string): string[] {
  const alts: string[] = [];
  for (const [tag] of html.matchAll(/<img\b[^>]*>/g)) {
    if (!tag.includes(`src="${url}"`)) continue;
    const alt = /\balt="([^"]*)"/.exec(tag)?.[1];
    if (alt !== undefined) alts.push(alt.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
  }
  return alts;
}

describe('Spanish alt text and caption of an image (decision 44)', () => {
  it('are part of the image as the API returns it, filled by the seed', () => {
    expect(angelita.alt_text_es).toMatch(/^Ilustración del cenote Angelita/);
    expect(angelita.caption_es).toMatch(/^Angelita: un río submarino/);
    expect(angelita.alt_text).toMatch(/^Illustration of Angelita cenote/);
  });

  it('are set by a PATCH (trimmed, blank clears) and read back by GET and the list', async () => {
    const saved = await patchImage(angelita.id, {
      alt_text_es: '  Un buzo sobre la nube de Angelita, prueba del editor  ',
      caption_es: '  La haloclina de Angelita  ',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.image).toMatchObject({
      alt_text_es: 'Un buzo sobre la nube de Angelita, prueba del editor',
      caption_es: 'La haloclina de Angelita',
      alt_text: angelita.alt_text,
      caption: angelita.caption,
    });
    const read = await readImage(angelita.id);
    expect(read).toEqual(saved.body.image);
    const found = await editor.get<{ images: ImageDto[] }>(
      `/api/v1/media?q=${encodeURIComponent('haloclina de angel')}`,
    );
    expect(found.body.images.map((image) => image.id)).toEqual([angelita.id]);

    const cleared = await patchImage(angelita.id, { caption_es: '   ' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.image).toMatchObject({
      alt_text_es: 'Un buzo sobre la nube de Angelita, prueba del editor',
      caption_es: null,
    });
  });

  it('stay as they were when a PATCH names only the English alt text (decision 45)', async () => {
    const before = await patchImage(angelita.id, { alt_text_es: 'Texto alternativo que se queda', caption_es: 'Pie' });
    expect(before.status).toBe(200);
    const saved = await patchImage(angelita.id, { alt_text: `${angelita.alt_text!} (edited)` });
    expect(saved.status).toBe(200);
    expect(saved.body.image).toMatchObject({
      alt_text: `${angelita.alt_text!} (edited)`,
      alt_text_es: 'Texto alternativo que se queda',
      caption_es: 'Pie',
    });
    const back = await patchImage(angelita.id, { alt_text: angelita.alt_text });
    expect(back.body.image.alt_text_es).toBe('Texto alternativo que se queda');
  });

  it('refuse an over-long Spanish alt text or caption with 400 naming the field, changing nothing', async () => {
    const before = await readImage(angelita.id);
    const longAlt = await editor.request<ErrorBody>('PATCH', `/api/v1/media/${angelita.id}`, {
      body: { version: before.version, alt_text_es: 'a'.repeat(maxAltTextLength + 1) },
    });
    expect(longAlt.status).toBe(400);
    expect(longAlt.body.error.field).toBe('alt_text_es');
    expect(longAlt.body.error.message).toContain(`Spanish alt text can be at most ${maxAltTextLength} characters`);
    const longCaption = await editor.request<ErrorBody>('PATCH', `/api/v1/media/${angelita.id}`, {
      body: { version: before.version, caption_es: 'c'.repeat(maxCaptionLength + 1) },
    });
    expect(longCaption.status).toBe(400);
    expect(longCaption.body.error.field).toBe('caption_es');
    const atLimit = await editor.request<{ image: ImageDto }>('PATCH', `/api/v1/media/${angelita.id}`, {
      body: { version: before.version, alt_text_es: 'a'.repeat(maxAltTextLength) },
    });
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.image.alt_text_es).toHaveLength(maxAltTextLength);
    const restored = await patchImage(angelita.id, { alt_text_es: before.alt_text_es });
    expect(restored.body.image).toEqual({ ...before, version: before.version + 2 });
  });

  it('shows on the Spanish page at once, cached or not, while the English page keeps the English alt text', async () => {
    // The Angelita picture is that page's hero background, decorative (alt=""); the page's
    // image-and-text section shows the sinkhole illustration with its alt text.
    const sinkhole = await seedImage(sinkholeUrl);
    const english = sinkhole.alt_text!;
    expect(english).toBeTruthy();
    // Both pages in the page cache first: the edit must reach them anyway (media edits are site-wide changes).
    await visit('/es/cenote-angelita');
    await visit('/cenote-angelita');
    const cached = await visit('/es/cenote-angelita');
    expect(cached.cache).toBe('HIT');
    expect(altsOf(cached.html, sinkholeUrl)).toEqual([sinkhole.alt_text_es]);

    const spanishAlt = 'Tres viñetas: la cueva, el techo que cae y el cenote abierto (texto nuevo del editor)';
    expect((await patchImage(sinkhole.id, { alt_text_es: spanishAlt })).status).toBe(200);
    const es = await visit('/es/cenote-angelita');
    const en = await visit('/cenote-angelita');
    expect(altsOf(es.html, sinkholeUrl)).toEqual([spanishAlt]);
    expect(altsOf(en.html, sinkholeUrl)).toEqual([english]);
    expect(en.html).not.toContain('texto nuevo del editor');

    // Without a Spanish alt text, the Spanish page falls back to the English one.
    expect((await patchImage(sinkhole.id, { alt_text_es: '' })).status).toBe(200);
    expect((await readImage(sinkhole.id)).alt_text_es).toBeNull();
    expect(altsOf((await visit('/es/cenote-angelita')).html, sinkholeUrl)).toEqual([english]);
  });
});
