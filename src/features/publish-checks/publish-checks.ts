import { isReservedPath } from '../redirects/redirect-paths';
import type { RenderedMarkup } from './rendered-markup';

/**
 * The publish check (decision 37): what an editor should know about a page before it goes on the
 * site. Pure: the server gathers the page as it renders and what the site holds, this decides.
 * Errors are links that lead visitors nowhere; everything else is a warning. Nothing here blocks
 * a publish: the editor decides.
 */

export const findingCodes = [
  'image_missing_alt',
  'meta_title_missing',
  'meta_title_too_long',
  'meta_title_duplicate',
  'meta_description_missing',
  'meta_description_too_long',
  'meta_description_duplicate',
  'heading_skipped',
  'link_missing_page',
  'link_unpublished_page',
  'link_redirected',
  'insecure_link',
  'page_too_heavy',
] as const;
export type FindingCode = (typeof findingCodes)[number];

export interface Finding {
  level: 'error' | 'warning';
  code: FindingCode;
  message: string;
  block_id?: string;
}

/** Search engines show about this many characters of a title, and of a description. */
export const metaTitleMaxLength = 60;
export const metaDescriptionMaxLength = 160;

export interface CheckedBlock {
  id: string;
  /** The number the editor shows for the block ('Block 3'). */
  number: number;
  typeLabel: string;
  /** Images shown as content (not decorative backgrounds) with the alt text they render with. */
  contentImages: Array<{ url: string; alt: string }>;
  /** The block as rendered: its headings and links. */
  markup: Pick<RenderedMarkup, 'headings' | 'links'>;
}

export interface CheckedPage {
  id: string;
  title: string;
  meta_title: string | null;
  meta_description: string | null;
}

/** Another page, for duplicate titles and descriptions. */
export interface OtherPage {
  id: string;
  title: string;
  meta_title: string | null;
  meta_description: string | null;
}

/** What the site holds, to tell where an internal link leads. Paths are as the site serves them ('/', '/dos-ojos'). */
export interface SiteLinks {
  /** The site's public origin ('https://cenote-atlas.example'): absolute links to it are internal. */
  origin: string;
  /** Paths that answer with a live page. */
  livePaths: ReadonlySet<string>;
  /** Pages that are not on the site at their path: drafts never published, and pages in Trash. */
  offlinePages: ReadonlyMap<string, { title: string; inTrash: boolean }>;
  /** Redirects by their from-path (lowercased, no trailing slash), to their target. */
  redirects: ReadonlyMap<string, string>;
}

export interface PageWeight {
  htmlBytes: number;
  imageBytes: number;
  budgetBytes: number;
}

export interface CheckInput {
  page: CheckedPage;
  /** The site renders the page's title as the h1 above the blocks (the first block does not carry it). */
  titleAboveBlocks: boolean;
  blocks: CheckedBlock[];
  otherPages: OtherPage[];
  site: SiteLinks;
  weight?: PageWeight;
}

export function runPageChecks(input: CheckInput): Finding[] {
  const findings = [
    ...checkLinks(input),
    ...checkAltText(input.blocks),
    ...checkMeta(input.page, input.otherPages),
    ...checkHeadings(input.blocks, input.titleAboveBlocks),
    ...(input.weight ? checkWeight(input.weight) : []),
  ];
  // Errors first, each level in page order (the order they were found).
  return [...findings.filter((f) => f.level === 'error'), ...findings.filter((f) => f.level === 'warning')];
}

const blockName = (block: CheckedBlock) => `Block ${block.number} (${block.typeLabel})`;

function checkAltText(blocks: CheckedBlock[]): Finding[] {
  const findings: Finding[] = [];
  for (const block of blocks) {
    const missing = block.contentImages.filter((image) => image.alt.trim() === '').length;
    if (missing === 0) continue;
    const what = missing === 1 ? '1 image has' : `${missing} images have`;
    findings.push({
      level: 'warning',
      code: 'image_missing_alt',
      message: `${blockName(block)}: ${what} no alt text. Describe ${missing === 1 ? 'it' : 'them'} in the Media Library.`,
      block_id: block.id,
    });
  }
  return findings;
}

/** How titles are compared for duplicates: case, spacing and surrounding blanks do not make them differ. */
const sameText = (value: string) => value.replace(/\s+/g, ' ').trim().toLowerCase();
const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** The title a page shows in search results and the browser tab: its meta title, else its title. */
export function effectiveTitle(page: { title: string; meta_title: string | null }): string {
  return present(page.meta_title) ? page.meta_title.trim() : page.title.trim();
}

function alsoUsedBy(pages: OtherPage[]): string {
  const [first, ...rest] = pages;
  if (!first) return '';
  return `“${first.title}”${rest.length > 0 ? ` and ${rest.length} more ${rest.length === 1 ? 'page' : 'pages'}` : ''}`;
}

function checkMeta(page: CheckedPage, others: OtherPage[]): Finding[] {
  const findings: Finding[] = [];
  const warn = (code: FindingCode, message: string) => findings.push({ level: 'warning', code, message });
  const title = effectiveTitle(page);
  if (!present(page.meta_title)) {
    warn('meta_title_missing', `No meta title: search results show the page title “${title}”.`);
  }
  // Length and duplicates are judged on the title search engines actually get.
  if (title.length > metaTitleMaxLength) {
    warn(
      'meta_title_too_long',
      `The title in search results is ${title.length} characters; keep it to ${metaTitleMaxLength} or fewer so it is not cut off.`,
    );
  }
  const sameTitle = others.filter((other) => sameText(effectiveTitle(other)) === sameText(title));
  if (sameTitle.length > 0) {
    warn('meta_title_duplicate', `The title “${title}” is also the title of ${alsoUsedBy(sameTitle)}.`);
  }
  if (!present(page.meta_description)) {
    warn('meta_description_missing', 'No meta description: search results show the site description instead.');
    return findings;
  }
  const description = page.meta_description.trim();
  if (description.length > metaDescriptionMaxLength) {
    warn(
      'meta_description_too_long',
      `The meta description is ${description.length} characters; keep it to ${metaDescriptionMaxLength} or fewer so it is not cut off.`,
    );
  }
  const sameDescription = others.filter(
    (other) => present(other.meta_description) && sameText(other.meta_description) === sameText(description),
  );
  if (sameDescription.length > 0) {
    warn('meta_description_duplicate', `The meta description is the same as that of ${alsoUsedBy(sameDescription)}.`);
  }
  return findings;
}

function checkHeadings(blocks: CheckedBlock[], titleAboveBlocks: boolean): Finding[] {
  const findings: Finding[] = [];
  // The page's own h1 (the title above the blocks), when the site renders one.
  let previous = titleAboveBlocks ? 1 : 0;
  for (const block of blocks) {
    for (const heading of block.markup.headings) {
      if (heading.level > previous + 1) {
        const quoted = heading.text ? `“${truncate(heading.text, 60)}” ` : '';
        const after = previous === 0 ? 'at the top of the page' : `right after an h${previous}`;
        findings.push({
          level: 'warning',
          code: 'heading_skipped',
          message: `${blockName(block)}: the heading ${quoted}is an h${heading.level} ${after}; make it an h${previous + 1} so no level is skipped.`,
          block_id: block.id,
        });
      }
      previous = heading.level;
    }
  }
  return findings;
}

const truncate = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** Where an internal path leads for a visitor, in the order the site answers: page, own route, redirect, 404. */
export type LinkDestination =
  | { kind: 'page' }
  | { kind: 'site' }
  | { kind: 'redirected'; to: string }
  | { kind: 'offline'; title: string; inTrash: boolean }
  | { kind: 'missing' };

/** `/Dos-Ojos/?x#y` → `/Dos-Ojos`; the root stays `/`. Undefined when the path cannot be decoded. */
export function pathOfLink(href: string): string | undefined {
  const raw = href.replace(/[?#].*$/, '');
  const trimmed = raw.length > 1 ? raw.replace(/\/+$/, '') : raw;
  try {
    return decodeURI(trimmed === '' ? '/' : trimmed);
  } catch {
    return undefined;
  }
}

export function resolveInternalPath(path: string, site: SiteLinks): LinkDestination {
  if (site.livePaths.has(path)) return { kind: 'page' };
  const lower = path.toLowerCase();
  if (lower !== '/' && isReservedPath(lower)) return { kind: 'site' };
  const redirect = site.redirects.get(lower);
  if (redirect !== undefined) return { kind: 'redirected', to: redirect };
  const offline = site.offlinePages.get(path);
  if (offline) return { kind: 'offline', ...offline };
  return { kind: 'missing' };
}

/** An href as the check sees it: a path on this site, an insecure address elsewhere, or nothing to check. */
export function classifyHref(
  href: string,
  origin: string,
): { kind: 'internal'; path: string } | { kind: 'insecure' } | { kind: 'other' } {
  const value = href.trim();
  if (value.startsWith('/') && !value.startsWith('//')) {
    const path = pathOfLink(value);
    return path === undefined ? { kind: 'other' } : { kind: 'internal', path };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { kind: 'other' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'other' };
  if (url.origin === origin) {
    const path = pathOfLink(url.pathname);
    return path === undefined ? { kind: 'other' } : { kind: 'internal', path };
  }
  return url.protocol === 'http:' ? { kind: 'insecure' } : { kind: 'other' };
}

function checkLinks(input: CheckInput): Finding[] {
  const findings: Finding[] = [];
  for (const block of input.blocks) {
    const name = blockName(block);
    for (const href of new Set(block.markup.links)) {
      const link = classifyHref(href, input.site.origin);
      if (link.kind === 'insecure') {
        findings.push({
          level: 'warning',
          code: 'insecure_link',
          message: `${name}: the link to ${href} is not secure (http:); use https:// if that site offers it.`,
          block_id: block.id,
        });
        continue;
      }
      if (link.kind !== 'internal') continue;
      const destination = resolveInternalPath(link.path, input.site);
      if (destination.kind === 'missing') {
        findings.push({
          level: 'error',
          code: 'link_missing_page',
          message: `${name}: the link to ${link.path} leads nowhere: no page has that address.`,
          block_id: block.id,
        });
      } else if (destination.kind === 'offline') {
        findings.push({
          level: 'error',
          code: 'link_unpublished_page',
          message: `${name}: the link to ${link.path} leads to “${destination.title}”, which ${
            destination.inTrash ? 'is in Trash' : 'is not published'
          }; visitors get “page not found”.`,
          block_id: block.id,
        });
      } else if (destination.kind === 'redirected') {
        findings.push({
          level: 'warning',
          code: 'link_redirected',
          message: `${name}: ${link.path} is an old address that redirects to ${destination.to}; link to ${destination.to} directly.`,
          block_id: block.id,
        });
      }
    }
  }
  return findings;
}

const kilobytes = (bytes: number) => Math.round(bytes / 1024).toLocaleString('en-US');

function checkWeight(weight: PageWeight): Finding[] {
  const total = weight.htmlBytes + weight.imageBytes;
  if (total <= weight.budgetBytes) return [];
  return [
    {
      level: 'warning',
      code: 'page_too_heavy',
      message: `The page weighs about ${kilobytes(total)} KB (HTML ${kilobytes(weight.htmlBytes)} KB, images ${kilobytes(
        weight.imageBytes,
      )} KB), over the budget of ${kilobytes(weight.budgetBytes)} KB. Fewer or smaller images load faster.`,
    },
  ];
}
