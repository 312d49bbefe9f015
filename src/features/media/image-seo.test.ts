import { describe, expect, it } from 'vitest';
import { isDescriptiveFilename, scoreImageSeo, seoWeights } from './image-seo';
import { countMediaReferences, mediaPathOf } from './media-usage.server';

const good = {
  filename: 'cenote-dos-ojos-cavern.jpg',
  alt_text: 'A diver with three lights in the Dos Ojos cavern',
  caption: 'Dos Ojos, Quintana Roo',
  width: 1920,
  file_size: 320 * 1024,
};

describe('scoreImageSeo', () => {
  it('gives 100 and no reasons when everything is there', () => {
    expect(Object.values(seoWeights).reduce((sum, weight) => sum + weight, 0)).toBe(100);
    expect(scoreImageSeo(good)).toEqual({ score: 100, reasons: [] });
  });

  it('gives 0 with a reason for each missing point', () => {
    const result = scoreImageSeo({
      filename: 'IMG_1234.JPG',
      alt_text: null,
      caption: null,
      width: 640,
      file_size: 900 * 1024,
    });
    expect(result.score).toBe(0);
    expect(result.reasons).toEqual([
      'Add alt text: it describes the image to screen readers and search engines.',
      'Add a caption.',
      'Use a descriptive file name (for example cenote-dos-ojos-cavern.jpg) instead of "IMG_1234.JPG".',
      'The file is 900 KB; 500 KB or less loads faster.',
      'The image is 640 px wide; 1200 px or wider looks sharp in link previews.',
    ]);
  });

  it('checks the alt text length and that it is not the file name', () => {
    expect(scoreImageSeo({ ...good, alt_text: 'Pit' })).toMatchObject({
      score: 90,
      reasons: ['Keep the alt text between 5 and 125 characters (it has 3).'],
    });
    expect(scoreImageSeo({ ...good, alt_text: 'x'.repeat(126) }).score).toBe(90);
    expect(scoreImageSeo({ ...good, alt_text: 'Cenote dos ojos cavern' })).toMatchObject({
      score: 90,
      reasons: ['The alt text repeats the file name; describe what the image shows instead.'],
    });
    expect(scoreImageSeo({ ...good, alt_text: '   ' }).score).toBe(100 - 50);
  });
});

describe('isDescriptiveFilename', () => {
  it.each([
    ['IMG_1234.jpg', false],
    ['DSC01234.JPG', false],
    ['DSCN0042.jpg', false],
    ['PXL_20240101_101010.jpg', false],
    ['GOPR0042.JPG', false],
    ['image.png', false],
    ['photo (3).jpg', false],
    ['Screenshot 2024-01-05 at 10.00.00.png', false],
    ['3f2a9c1d8e7b4a60.jpg', false],
    ['0b6c4a0e-1f7c-4f7e-9c55-3d1f1f0e8a11.jpg', false],
    ['20240105_101010.jpg', false],
    ['cenote-dos-ojos.jpg', true],
    ['Angelita halocline.webp', true],
    ['el_pit_light_beams.png', true],
  ])('%s → %s', (name, expected) => {
    expect(isDescriptiveFilename(name)).toBe(expected);
  });
});

describe('countMediaReferences', () => {
  it('counts strings equal to a media URL and src/href/srcset inside rich text', () => {
    const counts = countMediaReferences({
      backgroundImage: '/media/u/a.jpg',
      images: [{ url: '/media/u/a.webp' }, { url: '/media/u/b.jpg' }, { url: 'https://example.org/x.jpg' }],
      content:
        '<p>See <img src="/media/u/a.jpg" alt=""> and <a href=\'/media/u/b.jpg\'>this</a>, <img srcset="/media/u/c.jpg 1x, /media/u/c.webp 2x"></p>',
      link: 'https://cenoteatlas.org/media/u/d.jpg?v=2',
      text: 'mentions /media/u/e.jpg in prose only',
    });
    expect(Object.fromEntries(counts)).toEqual({
      '/media/u/a.jpg': 2,
      '/media/u/a.webp': 1,
      '/media/u/b.jpg': 2,
      '/media/u/c.jpg': 1,
      '/media/u/c.webp': 1,
      '/media/u/d.jpg': 1,
    });
  });

  it('reads attributes as an HTML parser does: unquoted, upper case, entities, not inside text or comments', () => {
    const counts = countMediaReferences({
      content: [
        '<p><IMG SRC=/media/u/f.jpg alt=x></p>',
        '<a href="/media/u/g&#46;jpg">entity-encoded dot</a>',
        '<a href="/media/u/h.jpg?size=1&amp;v=2">query with an encoded ampersand</a>',
        '<p>data-src="/media/u/i.jpg" typed as text is not an attribute</p>',
        '<!-- <img src="/media/u/j.jpg"> -->',
        '<img data-src="/media/u/k.jpg">',
      ].join(''),
    });
    expect(Object.fromEntries(counts)).toEqual({
      '/media/u/f.jpg': 1,
      '/media/u/g.jpg': 1,
      '/media/u/h.jpg': 1,
    });
  });

  it('reads absolute URLs by their path', () => {
    expect(mediaPathOf('https://cenoteatlas.org/media/seed/dos-ojos.jpg')).toBe('/media/seed/dos-ojos.jpg');
    expect(mediaPathOf('/media/u/a.jpg#top')).toBe('/media/u/a.jpg');
    expect(mediaPathOf('https://cenoteatlas.org/about')).toBeUndefined();
    expect(mediaPathOf('media/u/a.jpg')).toBeUndefined();
  });
});
