/**
 * What differs between two snapshots of a page (decision 31): a revision and the current draft.
 * Pure, so the Revisions panel can run it in the browser and tests can pin it down.
 *
 * Direction: `before` is the revision, `after` the current draft. A block "added" is in the
 * draft but not in the revision; "removed" text is in the revision only (restoring brings it back).
 */
import { blockLabel } from '../blocks/block-label';
import { htmlToText } from '../search/search-text';
import { snapshotPageFields, type PageSnapshot, type SnapshotBlock, type SnapshotPageField } from './page-snapshot';

export type RunKind = 'same' | 'added' | 'removed';

/** A stretch of words that both texts share, or that only one of them has. */
export interface TextRun {
  kind: RunKind;
  text: string;
}

/** Texts longer than this (in words, either side) are reported as changed, without word runs. */
export const maxDiffWords = 5000;
/**
 * The comparison table's size limit once the shared start and end are set aside: one cell per pair
 * of words, two bytes each, so 4 million cells is 8 MB of memory at most in the editor's tab.
 */
export const maxDiffCells = 4_000_000;

export interface FieldChange {
  /** A page field ('meta_title') or a path into block_data ('cards[2].title'). */
  name: string;
  /** As an editor reads it: 'Meta title', 'Card 3 › Title'. */
  label: string;
  /** 'added'/'removed' for a list item (a card, an image) that only one side has. */
  change: 'changed' | 'added' | 'removed';
  /** The value as text ('' when empty); rich text as its visible text, objects as JSON. */
  before: string;
  after: string;
  /** The word-level difference for prose; null for addresses, settings, JSON, or texts too long to compare. */
  runs: TextRun[] | null;
  /** Rich text whose words are the same and whose markup (bold, links, lists) is not. */
  formattingOnly: boolean;
  /** How to show before/after: prose, a short setting value, or JSON (structured data). */
  format: 'text' | 'value' | 'json';
}

export interface BlockRef {
  id: string;
  blockType: string;
  /** 'Block 3: Hero – Dive the cenotes', numbered as in the draft (as in the revision when removed). */
  label: string;
}

export interface BlockChanges {
  /** In the current draft, not in the revision. */
  added: Array<BlockRef & { position: number }>;
  /** In the revision, not in the current draft. */
  removed: Array<BlockRef & { position: number }>;
  /** Blocks whose order among the shared blocks changed: positions in the revision and in the draft. */
  moved: Array<BlockRef & { from: number; to: number }>;
  /** Hidden in the revision, shown in the draft. */
  activated: BlockRef[];
  /** Shown in the revision, hidden in the draft. */
  deactivated: BlockRef[];
  /** Blocks in both whose content differs. */
  changed: Array<BlockRef & { fields: FieldChange[] }>;
}

export interface RevisionDiff {
  fields: FieldChange[];
  blocks: BlockChanges;
  /** Nothing differs at all. */
  identical: boolean;
}

// ---------------------------------------------------------------------------------------------
// Sequences and words

type Op<T> = { kind: RunKind; item: T };

/**
 * A longest-common-subsequence alignment of two sequences; null when the table would be too big.
 * The shared start and end are set aside first: most edits touch one place, so the table stays small.
 */
export function alignSequences<T>(before: readonly T[], after: readonly T[], limit = maxDiffCells): Op<T>[] | null {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  const a = before.slice(start, endBefore);
  const b = after.slice(start, endAfter);
  const n = a.length;
  const m = b.length;
  if ((n + 1) * (m + 1) > limit) return null;

  // lengths[i * width + j]: the LCS length of a[i..] and b[j..]. Uint32 because a caller may lift
  // the limit; the default limit keeps the table small either way.
  const width = m + 1;
  const lengths = new Uint32Array((n + 1) * width);
  const at = (i: number, j: number) => lengths[i * width + j] ?? 0;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * width + j] = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }

  const ops: Op<T>[] = before.slice(0, start).map((item) => ({ kind: 'same', item }));
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      ops.push({ kind: 'same', item: a[i]! });
      i++;
      j++;
    } else if (at(i + 1, j) >= at(i, j + 1)) {
      ops.push({ kind: 'removed', item: a[i]! });
      i++;
    } else {
      ops.push({ kind: 'added', item: b[j]! });
      j++;
    }
  }
  for (; i < n; i++) ops.push({ kind: 'removed', item: a[i]! });
  for (; j < m; j++) ops.push({ kind: 'added', item: b[j]! });
  for (const item of before.slice(endBefore)) ops.push({ kind: 'same', item });
  return ops;
}

/** Joins aligned items into runs; between two shared stretches, what was removed comes before what was added. */
function runsOf(ops: Op<string>[], separator: string): TextRun[] {
  const runs: TextRun[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const push = (kind: RunKind, items: string[]) => {
    if (items.length === 0) return;
    const last = runs.at(-1);
    if (last && last.kind === kind) last.text += separator + items.join(separator);
    else runs.push({ kind, text: items.join(separator) });
  };
  const flush = () => {
    push('removed', removed);
    push('added', added);
    removed = [];
    added = [];
  };
  for (const op of ops) {
    if (op.kind === 'removed') removed.push(op.item);
    else if (op.kind === 'added') added.push(op.item);
    else {
      flush();
      push('same', [op.item]);
    }
  }
  flush();
  return runs;
}

function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== '');
}

/**
 * The word-level difference of two plain texts, as runs of shared, removed and added words
 * (words separated by single spaces). Null when either text is over maxDiffWords words.
 */
export function diffWords(before: string, after: string): TextRun[] | null {
  const a = wordsOf(before);
  const b = wordsOf(after);
  if (a.length > maxDiffWords || b.length > maxDiffWords) return null;
  const ops = alignSequences(a, b);
  return ops ? runsOf(ops, ' ') : null;
}

// ---------------------------------------------------------------------------------------------
// Values

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * JSON with object keys sorted: the database (jsonb) does not keep key order, so two equal values
 * may come back with their keys in different orders. Empty (null, undefined) counts as ''.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return '""';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys(value[key])]),
  );
}

function plainValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(sortedKeys(value));
}

/** Any element tag: such a value is rich text, compared by its visible words. */
const htmlTag = /<\/?[a-z][a-z0-9-]*\b[^<>]*>/i;

/**
 * Keys whose values are addresses or presentation settings, not prose: compared as whole values.
 * A key matches by itself or by its last camelCase word (backgroundImage, ctaLink, bgColor).
 */
const settingKeys = new Set([
  'url',
  'link',
  'href',
  'src',
  'image',
  'icon',
  'color',
  'colour',
  'position',
  'overlay',
  'columns',
  'align',
  'variant',
  'layout',
  'style',
  'class',
  'id',
]);

function isSettingKey(key: string): boolean {
  const lastWord = key.split(/(?=[A-Z])|[_-]/).pop() ?? key;
  return settingKeys.has(key.toLowerCase()) || settingKeys.has(lastWord.toLowerCase());
}

/** Site paths, anchors and URLs with a scheme: compared as whole values, never word by word. */
const addressValue = /^(?:\/\S*|#\S*|[a-z][a-z0-9+.-]*:\S*)$/i;

const acronyms: Record<string, string> = { cta: 'CTA', og: 'OG', url: 'URL', id: 'ID', bg: 'background' };

/** 'ctaText' → 'CTA text', 'backgroundImage' → 'Background image', 'highlightBox' → 'Highlight box'. */
export function humanizeKey(key: string): string {
  const words = key
    .split(/(?=[A-Z])|[_-]+/)
    .filter((word) => word !== '')
    .map((word) => acronyms[word.toLowerCase()] ?? word.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 'cards' → 'Card', 'images' → 'Image', 'highlights' → 'Highlight': what one item of a list is called. */
function itemNoun(key: string): string {
  const label = humanizeKey(key);
  return label.endsWith('s') && label.length > 1 ? label.slice(0, -1) : `${label} item`;
}

/** Fields that read first in a block; jsonb does not keep key order, so order them here. */
const leadingKeys = ['title', 'heading', 'subtitle', 'quote', 'author', 'description', 'content', 'text'];

function orderedKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  const rank = (key: string) => {
    const position = leadingKeys.indexOf(key);
    return position === -1 ? leadingKeys.length : position;
  };
  return keys.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** A list item in a few words: its title, heading, text or address. */
function itemSummary(item: unknown): string {
  if (isRecord(item)) {
    for (const key of ['title', 'heading', 'text', 'quote', 'url', 'description']) {
      const value = item[key];
      if (typeof value === 'string' && value.trim() !== '') return htmlTag.test(value) ? htmlToText(value) : value;
    }
  }
  return plainValue(item);
}

/** One value that differs: prose gets word runs, rich text is compared by its visible words. */
function leafChange(name: string, label: string, key: string, before: unknown, after: unknown): FieldChange {
  const rawBefore = plainValue(before);
  const rawAfter = plainValue(after);
  const rich = htmlTag.test(rawBefore) || htmlTag.test(rawAfter);
  const textBefore = rich ? htmlToText(rawBefore) : rawBefore;
  const textAfter = rich ? htmlToText(rawAfter) : rawAfter;
  const prose =
    typeof (after ?? before) === 'string' &&
    !isSettingKey(key) &&
    !addressValue.test(textBefore.trim()) &&
    !addressValue.test(textAfter.trim());
  return {
    name,
    label,
    change: 'changed',
    before: textBefore,
    after: textAfter,
    runs: prose ? diffWords(textBefore, textAfter) : null,
    formattingOnly: rich && textBefore === textAfter,
    format: prose ? 'text' : 'value',
  };
}

function itemChange(name: string, label: string, change: 'added' | 'removed', item: unknown): FieldChange {
  const text = itemSummary(item);
  return {
    name,
    label,
    change,
    before: change === 'removed' ? text : '',
    after: change === 'added' ? text : '',
    runs: text === '' ? [] : [{ kind: change, text }],
    formattingOnly: false,
    format: 'text',
  };
}

/** Compares a list item by item: equal items are matched first, then what is left pairs up in place. */
function diffList(
  before: unknown[],
  after: unknown[],
  name: string,
  key: string,
  label: string,
  out: FieldChange[],
  depth: number,
): void {
  // Lists of plain values (a card's highlights) read as one list of words.
  if (![...before, ...after].some((item) => isRecord(item) || Array.isArray(item))) {
    const ops = alignSequences(before.map(plainValue), after.map(plainValue));
    out.push({
      name,
      label,
      change: 'changed',
      before: before.map(plainValue).join(', '),
      after: after.map(plainValue).join(', '),
      runs: ops ? runsOf(ops, ', ') : null,
      formattingOnly: false,
      format: 'text',
    });
    return;
  }
  // Items are named on their own ('Card 3 › Title'), under the list's parent when it has one.
  const parent = label.includes(' › ') ? `${label.slice(0, label.lastIndexOf(' › '))} › ` : '';
  const noun = itemNoun(key);
  const diffItem = (atBefore: number | null, atAfter: number | null) => {
    const index = atAfter ?? atBefore ?? 0;
    const itemName = `${name}[${index}]`;
    const itemLabel = `${parent}${noun} ${index + 1}`;
    if (atBefore === null) out.push(itemChange(itemName, itemLabel, 'added', after[index]));
    else if (atAfter === null) out.push(itemChange(itemName, itemLabel, 'removed', before[index]));
    else diffValue(before[atBefore], after[atAfter], itemName, itemLabel, key, out, depth + 1);
  };
  const aligned = alignSequences(before.map(canonicalJson), after.map(canonicalJson));
  if (!aligned) {
    // Too long to align: compare item by item in place.
    for (let index = 0; index < Math.max(before.length, after.length); index++) {
      diffItem(index < before.length ? index : null, index < after.length ? index : null);
    }
    return;
  }
  let indexBefore = 0;
  let indexAfter = 0;
  let removed: number[] = [];
  let added: number[] = [];
  const flush = () => {
    const pairs = Math.min(removed.length, added.length);
    for (let k = 0; k < pairs; k++) diffItem(removed[k]!, added[k]!);
    for (const index of removed.slice(pairs)) diffItem(index, null);
    for (const index of added.slice(pairs)) diffItem(null, index);
    removed = [];
    added = [];
  };
  for (const op of aligned) {
    if (op.kind === 'removed') removed.push(indexBefore++);
    else if (op.kind === 'added') added.push(indexAfter++);
    else {
      flush();
      indexBefore++;
      indexAfter++;
    }
  }
  flush();
}

/** Appends what differs between two values of block_data (recursing into objects and lists). */
function diffValue(
  before: unknown,
  after: unknown,
  name: string,
  label: string,
  key: string,
  out: FieldChange[],
  depth: number,
): void {
  if (canonicalJson(before) === canonicalJson(after)) return;
  // Deeper than any block schema goes: report the whole value instead of recursing further.
  if (depth > 8) {
    out.push(leafChange(name, label, key, before, after));
    return;
  }
  if (isRecord(before) && isRecord(after)) {
    for (const child of orderedKeys(before, after)) {
      const childLabel = label === '' ? humanizeKey(child) : `${label} › ${humanizeKey(child)}`;
      diffValue(
        before[child],
        after[child],
        name === '' ? child : `${name}.${child}`,
        childLabel,
        child,
        out,
        depth + 1,
      );
    }
    return;
  }
  const listBefore = Array.isArray(before) ? before : before === undefined || before === null ? [] : null;
  const listAfter = Array.isArray(after) ? after : after === undefined || after === null ? [] : null;
  if (listBefore && listAfter && (Array.isArray(before) || Array.isArray(after))) {
    diffList(listBefore, listAfter, name, key, label, out, depth);
    return;
  }
  out.push(leafChange(name, label, key, before, after));
}

/** The content changes of one block's data, in reading order. */
export function diffBlockData(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const out: FieldChange[] = [];
  diffValue(before, after, '', '', '', out, 0);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Pages

export const pageFieldLabels: Record<SnapshotPageField, string> = {
  slug: 'Slug',
  title: 'Title',
  excerpt: 'Excerpt',
  page_type: 'Page type',
  meta_title: 'Meta title',
  meta_description: 'Meta description',
  og_title: 'OG title',
  og_description: 'OG description',
  og_image: 'OG image',
  twitter_title: 'Twitter title',
  twitter_description: 'Twitter description',
  twitter_image: 'Twitter image',
  canonical_url: 'Canonical URL',
  structured_data: 'Structured data (JSON-LD)',
};

const prosePageFields = new Set<SnapshotPageField>([
  'title',
  'excerpt',
  'meta_title',
  'meta_description',
  'og_title',
  'og_description',
  'twitter_title',
  'twitter_description',
]);

function pageFieldChange(field: SnapshotPageField, before: unknown, after: unknown): FieldChange | null {
  if (canonicalJson(before) === canonicalJson(after)) return null;
  if (field === 'structured_data') {
    const show = (value: unknown) => (isRecord(value) ? JSON.stringify(sortedKeys(value), null, 2) : '');
    return {
      name: field,
      label: pageFieldLabels[field],
      change: 'changed',
      before: show(before),
      after: show(after),
      runs: null,
      formattingOnly: false,
      format: 'json',
    };
  }
  const textBefore = plainValue(before);
  const textAfter = plainValue(after);
  const prose = prosePageFields.has(field);
  return {
    name: field,
    label: pageFieldLabels[field],
    change: 'changed',
    before: textBefore,
    after: textAfter,
    runs: prose ? diffWords(textBefore, textAfter) : null,
    formattingOnly: false,
    format: prose ? 'text' : 'value',
  };
}

function inOrder(blocks: readonly SnapshotBlock[]): SnapshotBlock[] {
  return [...blocks].sort((a, b) => a.block_order - b.block_order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function refOf(block: SnapshotBlock, position: number): BlockRef {
  return { id: block.id, blockType: block.block_type, label: blockLabel(block, position) };
}

/**
 * Compares a revision (`before`) with the current draft (`after`): page fields, then blocks by id
 * (added, removed, moved, shown/hidden, content). Blocks are numbered 1..n in block order, inactive
 * ones included, as in the admin's block list.
 */
export function diffSnapshots(before: PageSnapshot, after: PageSnapshot): RevisionDiff {
  const fields: FieldChange[] = [];
  for (const field of snapshotPageFields) {
    const change = pageFieldChange(field, before.page[field], after.page[field]);
    if (change) fields.push(change);
  }

  const oldBlocks = inOrder(before.blocks);
  const newBlocks = inOrder(after.blocks);
  const oldPosition = new Map(oldBlocks.map((block, index) => [block.id, index + 1]));
  const newPosition = new Map(newBlocks.map((block, index) => [block.id, index + 1]));
  const oldById = new Map(oldBlocks.map((block) => [block.id, block]));

  const blocks: BlockChanges = { added: [], removed: [], moved: [], activated: [], deactivated: [], changed: [] };
  for (const block of newBlocks) {
    const position = newPosition.get(block.id)!;
    if (!oldById.has(block.id)) blocks.added.push({ ...refOf(block, position), position });
  }
  for (const block of oldBlocks) {
    const position = oldPosition.get(block.id)!;
    if (!newPosition.has(block.id)) blocks.removed.push({ ...refOf(block, position), position });
  }

  // Moved: the shared blocks outside the longest run that kept its order. Inserting a block above
  // the others shifts their numbers but does not move them.
  const sharedBefore = oldBlocks.filter((block) => newPosition.has(block.id)).map((block) => block.id);
  const sharedAfter = newBlocks.filter((block) => oldById.has(block.id)).map((block) => block.id);
  const order = alignSequences(sharedBefore, sharedAfter);
  // A page with thousands of blocks: count as moved what changed its place among the shared blocks.
  const kept = new Set(
    order
      ? order.filter((op) => op.kind === 'same').map((op) => op.item)
      : sharedAfter.filter((id, index) => sharedBefore[index] === id),
  );
  for (const block of newBlocks) {
    const old = oldById.get(block.id);
    if (!old) continue;
    const position = newPosition.get(block.id)!;
    const ref = refOf(block, position);
    if (!kept.has(block.id)) blocks.moved.push({ ...ref, from: oldPosition.get(block.id)!, to: position });
    if (old.is_active && !block.is_active) blocks.deactivated.push(ref);
    if (!old.is_active && block.is_active) blocks.activated.push(ref);
    const changes: FieldChange[] = [];
    if (old.block_type !== block.block_type) {
      changes.push({
        name: 'block_type',
        label: 'Block type',
        change: 'changed',
        before: old.block_type,
        after: block.block_type,
        runs: null,
        formattingOnly: false,
        format: 'value',
      });
    }
    changes.push(...diffBlockData(old.block_data, block.block_data));
    if (changes.length > 0) blocks.changed.push({ ...ref, fields: changes });
  }

  const identical =
    fields.length === 0 &&
    blocks.added.length === 0 &&
    blocks.removed.length === 0 &&
    blocks.moved.length === 0 &&
    blocks.activated.length === 0 &&
    blocks.deactivated.length === 0 &&
    blocks.changed.length === 0;
  return { fields, blocks, identical };
}
