import { describe, expect, it } from 'vitest';
import { contentImageUrls } from './content-images';
import { classifyHref, runPageChecks, type CheckInput, type CheckedBlock, type SiteLinks } from './publish-checks';
import { readRenderedMarkup, widestCandidate } from './rendered-markup';

const site: SiteLinks = {
  origin: 'https://atlas.example',
  livePaths: new Set(['/', '/dos-ojos']),
  offlinePages: new Map([
    ['/draft-page', { title: 'Draft Page', inTrash: false }],
    ['/old-news', { title: 'Old News', inTrash: true }],
  ]),
  redirects: new Map([['/cenote-dos-ojos', '/dos-ojos']]),
};

function block(overrides: Partial<CheckedBlock> = {}): CheckedBlock {
  return {
    id: 'b1',
    number: 1,
    typeLabel: 'Text',
    contentImages: [],
    markup: { headings: [], links: [] },
    ...overrides,
  };
}

function input(overrides: Partial<CheckInput> = {}): CheckInput {
  return {
    page: { id: 'p1', title: 'Gear', meta_title: 'Gear for cave diving', meta_description: 'What to bring.' },
    titleAboveBlocks: true,
    blocks: [],
    otherPages: [],
    site,
    ...overrides,
  };
}

const codes = (checks: ReturnType<typeof runPageChecks>) => checks.map((finding) => finding.code);

describe('runPageChecks', () => {
  it('finds nothing on a clean page', () => {
    expect(
      runPageChecks(
        input({ blocks: [block({ markup: { headings: [{ level: 2, text: 'A' }], links: ['/dos-ojos'] } })] }),
      ),
    ).toEqual([]);
  });

  it('tells links to missing, unpublished, trashed and redirected pages apart, errors first', () => {
    const links = [
      'http://other.example/x',
      '/nowhere',
      '/draft-page?x=1',
      '/old-news#top',
      '/cenote-dos-ojos',
      '/search',
      '#top',
      'mailto:a@b.c',
    ];
    const findings = runPageChecks(input({ blocks: [block({ markup: { headings: [], links } })] }));
    expect(codes(findings)).toEqual([
      'link_missing_page',
      'link_unpublished_page',
      'link_unpublished_page',
      'insecure_link',
      'link_redirected',
    ]);
    expect(findings[2]!.message).toContain('which is in Trash');
    expect(findings[4]!.message).toContain('link to /dos-ojos directly');
    expect(findings.every((finding) => finding.block_id === 'b1')).toBe(true);
  });

  it('treats absolute links to the site itself as internal', () => {
    expect(classifyHref('https://atlas.example/nowhere', site.origin)).toEqual({ kind: 'internal', path: '/nowhere' });
    expect(classifyHref('http://elsewhere.example/', site.origin)).toEqual({ kind: 'insecure' });
    expect(classifyHref('https://elsewhere.example/', site.origin)).toEqual({ kind: 'other' });
  });

  it('counts images without alt text per block', () => {
    const findings = runPageChecks(
      input({
        blocks: [
          block({
            number: 3,
            typeLabel: 'Gallery',
            contentImages: [
              { url: 'a', alt: '' },
              { url: 'b', alt: ' ' },
              { url: 'c', alt: 'Divers' },
            ],
          }),
        ],
      }),
    );
    expect(findings).toEqual([
      {
        level: 'warning',
        code: 'image_missing_alt',
        block_id: 'b1',
        message: 'Block 3 (Gallery): 2 images have no alt text. Describe them in the Media Library.',
      },
    ]);
  });

  it('judges the title search engines get: meta title, else the page title', () => {
    const others = [{ id: 'p2', title: 'Safety', meta_title: null, meta_description: 'What to bring.' }];
    const findings = runPageChecks(
      input({
        page: { id: 'p1', title: ' safety ', meta_title: null, meta_description: 'x'.repeat(161) },
        otherPages: others,
      }),
    );
    expect(codes(findings)).toEqual(['meta_title_missing', 'meta_title_duplicate', 'meta_description_too_long']);
    const long = runPageChecks(
      input({ page: { id: 'p1', title: 'T', meta_title: 'y'.repeat(61), meta_description: null } }),
    );
    expect(codes(long)).toEqual(['meta_title_too_long', 'meta_description_missing']);
  });

  it('warns when a heading skips a level, counting the title above the blocks', () => {
    const headings = (...levels: number[]) => ({
      headings: levels.map((level) => ({ level, text: `h${level}` })),
      links: [],
    });
    expect(codes(runPageChecks(input({ blocks: [block({ markup: headings(2, 3, 2, 3) })] })))).toEqual([]);
    expect(codes(runPageChecks(input({ blocks: [block({ markup: headings(3) })] })))).toEqual(['heading_skipped']);
    // The first block carries the h1 itself.
    const own = runPageChecks(input({ titleAboveBlocks: false, blocks: [block({ markup: headings(2) })] }));
    expect(own[0]!.message).toContain('is an h2 at the top of the page; make it an h1');
  });

  it('warns when HTML and images weigh more than the budget', () => {
    const over = runPageChecks(
      input({ weight: { htmlBytes: 100 * 1024, imageBytes: 1500 * 1024, budgetBytes: 1500 * 1024 } }),
    );
    expect(over).toEqual([
      expect.objectContaining({ code: 'page_too_heavy', message: expect.stringContaining('about 1,600 KB') }),
    ]);
    expect(runPageChecks(input({ weight: { htmlBytes: 1024, imageBytes: 0, budgetBytes: 2048 } }))).toEqual([]);
  });
});

describe('readRenderedMarkup', () => {
  it('reads headings, links and the file a browser loads for each image', () => {
    const markup = readRenderedMarkup(
      '<h2>Gear <em>list</em></h2><script>"<h3>no</h3>"</script><p><a href="/x">x</a></p>' +
        '<picture><source type="image/avif" srcset="/media/a.avif 1600w"><source type="image/webp" srcset="/media/a-400.webp 400w, /media/a.webp 1600w"><img src="/media/a.jpg" alt=""></picture>' +
        '<picture><source type="image/webp" srcset="/media/b.webp 800w"><img src="/media/b.jpg"></picture><img src="https://x.example/c.png">',
    );
    expect(markup.headings).toEqual([{ level: 2, text: 'Gear list' }]);
    expect(markup.links).toEqual(['/x']);
    expect(markup.imageFiles).toEqual(['/media/a.avif', '/media/b.webp', 'https://x.example/c.png']);
    expect(widestCandidate('/s.webp 400w, /l.webp 1600w')).toBe('/l.webp');
  });
});

describe('contentImageUrls', () => {
  it('lists gallery, text and card images, never a hero background', () => {
    expect(contentImageUrls('gallery', { images: [{ url: '/media/a.jpg' }, { url: '/media/b.jpg' }] })).toEqual([
      '/media/a.jpg',
      '/media/b.jpg',
    ]);
    expect(contentImageUrls('text', { heading: 'H', image: '/media/c.jpg' })).toEqual(['/media/c.jpg']);
    expect(contentImageUrls('cards', { cards: [{ title: 'A', image: '/media/d.jpg' }, { title: 'B' }] })).toEqual([
      '/media/d.jpg',
    ]);
    expect(contentImageUrls('hero', { title: 'H', backgroundImage: '/media/e.jpg' })).toEqual([]);
    expect(contentImageUrls('unknown', {})).toEqual([]);
  });
});
