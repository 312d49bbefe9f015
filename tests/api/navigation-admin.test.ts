import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { images } from '../../src/features/media/media.table';
import { navigationItems } from '../../src/features/navigation/navigation.table';
import type { ContentChange } from '../../src/platform/content-events.server';
import { ApiClient, clearRateLimits, signedInClient, type ErrorBody } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';

interface Item {
  id: string;
  title: string;
  description: string | null;
  link_url: string;
  display_order: number;
  is_active: boolean;
  menu_type: 'header' | 'footer';
  parent_id: string | null;
  image: { id: string; original_url: string; alt_text: string | null } | null;
  version: number;
}
interface Node extends Item {
  children: Node[];
}

let server: TestApp;
let editor: ApiClient;

beforeAll(async () => {
  server = await startTestApp({ seed: false });
  editor = await signedInClient(server, 'editor');
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.app.db.delete(navigationItems);
  // The file makes more writes than one editor's per-minute write limit allows: each test starts clean.
  await clearRateLimits(server);
});

async function create(body: Record<string, unknown>): Promise<Item> {
  const response = await editor.post<{ item: Item } & ErrorBody>('/api/v1/navigation', {
    link_url: '/cenote-diving',
    menu_type: 'header',
    ...body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.item;
}

const patch = (id: string, body: Record<string, unknown>) =>
  editor.request<{ item: Item } & ErrorBody>('PATCH', `/api/v1/navigation/${id}`, { body });
const move = (id: string, targetId: string, position: string) =>
  editor.post<{ items: Node[] } & ErrorBody>(`/api/v1/navigation/${id}/move`, { targetId, position });
const remove = (id: string) => editor.request('DELETE', `/api/v1/navigation/${id}`);

async function adminTree(menu: 'header' | 'footer'): Promise<Node[]> {
  const response = await editor.get<{ items: Node[] }>(`/api/v1/navigation/admin?menu=${menu}`);
  expect(response.status).toBe(200);
  return response.body.items;
}

/** A tree as nested titles: ['A', ['A1', 'A2', ['A2x']], 'B'] style, easy to compare. */
type Shape = Array<string | Shape>;
function shape(nodes: Node[]): Shape {
  const out: Shape = [];
  for (const node of nodes) {
    out.push(node.title);
    if (node.children.length > 0) out.push(shape(node.children));
  }
  return out;
}

async function rows() {
  return server.app.db.select().from(navigationItems);
}

/** The whole table: every sibling list (per menu and parent) is numbered exactly 1..n. */
async function expectOrdersCompact(): Promise<void> {
  const lists = new Map<string, number[]>();
  for (const row of await rows()) {
    const key = `${row.menu_type}:${row.parent_id ?? 'root'}`;
    lists.set(key, [...(lists.get(key) ?? []), row.display_order]);
  }
  for (const [key, orders] of lists) {
    expect(
      [...orders].sort((a, b) => a - b),
      key,
    ).toEqual(orders.map((_, index) => index + 1));
  }
}

/** Everything a move could change, in a stable order. */
async function snapshot() {
  return (await rows())
    .map(({ id, parent_id, display_order, menu_type, version, title }) => ({
      id,
      title,
      parent_id,
      display_order,
      menu_type,
      version,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * header:            footer:
 *   A                  F1
 *     A1                 F1a
 *     A2               F2
 *       A2x
 *   B
 *   C
 */
async function buildMenus() {
  const A = await create({ title: 'A' });
  const A1 = await create({ title: 'A1', parent_id: A.id });
  const A2 = await create({ title: 'A2', parent_id: A.id });
  const A2x = await create({ title: 'A2x', parent_id: A2.id });
  const B = await create({ title: 'B' });
  const C = await create({ title: 'C' });
  const F1 = await create({ title: 'F1', menu_type: 'footer' });
  const F1a = await create({ title: 'F1a', menu_type: 'footer', parent_id: F1.id });
  const F2 = await create({ title: 'F2', menu_type: 'footer' });
  expect(shape(await adminTree('header'))).toEqual(['A', ['A1', 'A2', ['A2x']], 'B', 'C']);
  expect(shape(await adminTree('footer'))).toEqual(['F1', ['F1a'], 'F2']);
  return { A, A1, A2, A2x, B, C, F1, F1a, F2 };
}

describe('creating, changing and deleting items', () => {
  it('creates active items appended last among their siblings', async () => {
    const first = await create({ title: 'Diving', description: 'How to dive' });
    expect(first).toMatchObject({
      title: 'Diving',
      description: 'How to dive',
      link_url: '/cenote-diving',
      menu_type: 'header',
      parent_id: null,
      display_order: 1,
      is_active: true,
      image: null,
      version: 1,
    });
    const second = await create({ title: 'Safety', link_url: 'https://example.com/safety' });
    expect(second.display_order).toBe(2);
    expect(second.description).toBeNull();
    const child = await create({ title: 'Intro', parent_id: first.id });
    expect(child).toMatchObject({ parent_id: first.id, display_order: 1 });
    const footer = await create({ title: 'Privacy', menu_type: 'footer', link_url: '/privacy-policy' });
    expect(footer.display_order).toBe(1);
    expect(shape(await adminTree('header'))).toEqual(['Diving', ['Intro'], 'Safety']);
  });

  it('creates an item at a chosen place among its siblings: later siblings move down, orders stay 1..n', async () => {
    const diving = await create({ title: 'Diving' });
    const safety = await create({ title: 'Safety' });
    const intro = await create({ title: 'Intro', parent_id: diving.id });
    const gear = await create({ title: 'Gear', parent_id: diving.id });

    // First among the children of Diving.
    const caverns = await create({ title: 'Caverns', parent_id: diving.id, display_order: 1 });
    expect(caverns).toMatchObject({ parent_id: diving.id, display_order: 1 });
    // After Intro (now second): place 3.
    const lights = await create({ title: 'Lights', parent_id: diving.id, display_order: 3 });
    expect(lights.display_order).toBe(3);
    // Past the end: last, without a gap.
    const rules = await create({ title: 'Rules', parent_id: diving.id, display_order: 40 });
    expect(rules.display_order).toBe(5);
    // At the top level, between Diving and Safety.
    const geology = await create({ title: 'Geology', display_order: 2 });
    expect(geology).toMatchObject({ parent_id: null, display_order: 2 });

    expect(shape(await adminTree('header'))).toEqual([
      'Diving',
      ['Caverns', 'Intro', 'Lights', 'Gear', 'Rules'],
      'Geology',
      'Safety',
    ]);
    const orders = new Map((await rows()).map((row) => [row.id, row.display_order]));
    expect([intro.id, gear.id, safety.id].map((id) => orders.get(id))).toEqual([2, 4, 3]);
    await expectOrdersCompact();

    for (const display_order of [0, -1, 1.5, '2']) {
      const refused = await editor.post<ErrorBody>('/api/v1/navigation', {
        title: 'Nowhere',
        link_url: '/x',
        menu_type: 'header',
        display_order,
      });
      expect(refused.status, String(display_order)).toBe(400);
      expect(refused.body.error.field).toBe('display_order');
    }
    expect(await rows()).toHaveLength(8);
  });

  it('changes title, URL, description, active flag and image, returning the joined image', async () => {
    const [image] = await server.app.db
      .insert(images)
      .values({
        filename: 'nav.jpg',
        storage_key: `nav/${Date.now()}.jpg`,
        original_url: '/media/nav/nav.jpg',
        width: 10,
        height: 10,
        file_size: 100,
        alt_text: 'A cave entrance',
      })
      .returning();
    const item = await create({ title: 'Old', description: 'Old text' });
    const changed = await patch(item.id, {
      version: 1,
      title: ' New ',
      link_url: '/types-of-cenotes',
      description: '',
      is_active: false,
      image_id: image!.id,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.item).toMatchObject({
      title: 'New',
      link_url: '/types-of-cenotes',
      description: null,
      is_active: false,
      version: 2,
      image: { id: image!.id, original_url: '/media/nav/nav.jpg', alt_text: 'A cave entrance' },
    });
    const cleared = await patch(item.id, { version: 2, image_id: null });
    expect(cleared.body.item).toMatchObject({ image: null, title: 'New', version: 3 });
    const missingImage = await patch(item.id, { version: 3, image_id: '00000000-0000-4000-8000-000000000000' });
    expect(missingImage.status).toBe(400);
    expect(missingImage.body.error).toMatchObject({ code: 'image_not_found', field: 'image_id' });
  });

  it('answers 404 for an item that does not exist', async () => {
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect((await patch(nobody, { version: 1, title: 'x' })).status).toBe(404);
    expect((await remove(nobody)).status).toBe(404);
    expect((await move(nobody, nobody, 'before')).status).toBe(404);
    const item = await create({ title: 'Real' });
    expect((await move(nobody, item.id, 'before')).status).toBe(404);
  });

  it('tells every committed write to the page cache as a site-wide change', async () => {
    const seen: ContentChange[] = [];
    const listener = (change: ContentChange) => void seen.push(change);
    server.app.contentEvents.on('change', listener);
    try {
      const a = await create({ title: 'A' });
      const b = await create({ title: 'B' });
      await patch(a.id, { version: 1, title: 'A!' });
      await move(a.id, b.id, 'after');
      await remove(a.id);
      await patch(b.id, { version: 99, title: 'stale' });
    } finally {
      server.app.contentEvents.off('change', listener);
    }
    expect(seen).toEqual(Array.from({ length: 5 }, () => ({ scope: 'site' })));
  });
});

describe('validation', () => {
  it('requires title and URL with the spec message, naming the field', async () => {
    for (const [body, field] of [
      [{ title: '', link_url: '/x' }, 'title'],
      [{ title: '   ', link_url: '/x' }, 'title'],
      [{ link_url: '/x' }, 'title'],
      [{ title: 'Has title', link_url: '' }, 'link_url'],
      [{ title: 'Has title', link_url: '  ' }, 'link_url'],
      [{ title: 'Has title' }, 'link_url'],
      [{}, 'title'],
    ] as const) {
      const response = await editor.post<ErrorBody>('/api/v1/navigation', { menu_type: 'header', ...body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error, JSON.stringify(body)).toEqual({
        code: 'missing_information',
        message: 'Please provide both title and URL.',
        field,
      });
    }
    const item = await create({ title: 'Keep' });
    const blanked = await patch(item.id, { version: 1, title: ' ' });
    expect(blanked.status).toBe(400);
    expect(blanked.body.error).toMatchObject({ message: 'Please provide both title and URL.', field: 'title' });
    expect(await rows()).toHaveLength(1);
  });

  it('refuses every link that is neither a site path nor an http(s) address', async () => {
    const refused = [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/path',
      '/\\evil.example',
      'ftp://example.com/file',
      'mailto:someone@example.com',
      'vbscript:msgbox(1)',
      'cenote-diving',
      'https://',
      '/with space',
    ];
    for (const link_url of refused) {
      const response = await editor.post<ErrorBody>('/api/v1/navigation', {
        title: 'Link',
        link_url,
        menu_type: 'header',
      });
      expect(response.status, link_url).toBe(400);
      expect(response.body.error.field, link_url).toBe('link_url');
      expect(response.body.error.code, link_url).toBe('invalid_link');
      expect(response.body.error.message, link_url).toMatch(/site path.*https:\/\//);
    }
    expect(await rows()).toEqual([]);
    for (const link_url of ['/cenote-diving', '/search?q=dos+ojos', 'https://example.com/x', 'http://example.com']) {
      await create({ title: 'Good', link_url });
    }
    const item = await create({ title: 'Patched' });
    const bad = await patch(item.id, { version: 1, link_url: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('link_url');
  });

  it('requires the parent to exist and to be in the same menu', async () => {
    const footer = await create({ title: 'Footer item', menu_type: 'footer' });
    const otherMenu = await editor.post<ErrorBody>('/api/v1/navigation', {
      title: 'Child',
      link_url: '/x',
      menu_type: 'header',
      parent_id: footer.id,
    });
    expect(otherMenu.status).toBe(400);
    expect(otherMenu.body.error).toMatchObject({ code: 'parent_in_other_menu', field: 'parent_id' });
    const missing = await editor.post<ErrorBody>('/api/v1/navigation', {
      title: 'Child',
      link_url: '/x',
      menu_type: 'header',
      parent_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'parent_not_found', field: 'parent_id' });
    const badMenu = await editor.post<ErrorBody>('/api/v1/navigation', {
      title: 'x',
      link_url: '/x',
      menu_type: 'sidebar',
    });
    expect(badMenu.status).toBe(400);
    expect(badMenu.body.error.field).toBe('menu_type');
    expect(await rows()).toHaveLength(1);
  });
});

describe('visibility', () => {
  it('hides inactive items (and their subtree) from visitors but lists them for editors', async () => {
    const about = await create({ title: 'About' });
    const hidden = await create({ title: 'Hidden', parent_id: about.id });
    await create({ title: 'Under hidden', parent_id: hidden.id });
    await create({ title: 'Visible child', parent_id: about.id });
    await patch(hidden.id, { version: 1, is_active: false });

    const visitor = await new ApiClient(server.url).get<{ items: Node[] }>('/api/v1/navigation?menu=header');
    expect(visitor.status).toBe(200);
    expect(shape(visitor.body.items)).toEqual(['About', ['Visible child']]);

    const admin = await adminTree('header');
    expect(shape(admin)).toEqual(['About', ['Hidden', ['Under hidden'], 'Visible child']]);
    expect(admin[0]?.children[0]).toMatchObject({ title: 'Hidden', is_active: false });
  });
});

describe('version conflicts', () => {
  it('refuses a stale version with 409 and changes nothing', async () => {
    const item = await create({ title: 'Original' });
    expect((await patch(item.id, { version: 1, title: 'First save' })).status).toBe(200);
    const second = await patch(item.id, { version: 1, title: 'Second save' });
    expect(second.status).toBe(409);
    expect(second.body.error).toEqual({
      code: 'version_conflict',
      message: 'This was changed by someone else. Reload to see their changes.',
    });
    const [row] = await rows();
    expect(row).toMatchObject({ title: 'First save', version: 2 });
  });

  it('a move does not invalidate an open edit dialog (structure is not versioned)', async () => {
    const a = await create({ title: 'A' });
    const b = await create({ title: 'B' });
    await move(a.id, b.id, 'after');
    expect((await patch(a.id, { version: 1, title: 'A renamed' })).status).toBe(200);
  });
});

describe('moves (spec section 4 drag rules)', () => {
  it('before: becomes the sibling right before the target', async () => {
    const { A, C } = await buildMenus();
    const response = await move(C.id, A.id, 'before');
    expect(response.status).toBe(200);
    expect(shape(response.body.items)).toEqual(['C', 'A', ['A1', 'A2', ['A2x']], 'B']);
    await expectOrdersCompact();
  });

  it('after: becomes the sibling right after the target', async () => {
    const { A, B } = await buildMenus();
    const response = await move(A.id, B.id, 'after');
    expect(shape(response.body.items)).toEqual(['B', 'A', ['A1', 'A2', ['A2x']], 'C']);
    await expectOrdersCompact();
  });

  it('after the last sibling: goes to the last position', async () => {
    const { A, C } = await buildMenus();
    expect(shape((await move(A.id, C.id, 'after')).body.items)).toEqual(['B', 'C', 'A', ['A1', 'A2', ['A2x']]]);
    await expectOrdersCompact();
  });

  it('before the first sibling: goes to the first position', async () => {
    const { A1, A2x } = await buildMenus();
    expect(shape((await move(A2x.id, A1.id, 'before')).body.items)).toEqual(['A', ['A2x', 'A1', 'A2'], 'B', 'C']);
    await expectOrdersCompact();
  });

  it('inside: becomes the last child of the target', async () => {
    const { A, C } = await buildMenus();
    const response = await move(C.id, A.id, 'inside');
    expect(shape(response.body.items)).toEqual(['A', ['A1', 'A2', ['A2x'], 'C'], 'B']);
    const c = response.body.items[0]!.children[2]!;
    expect(c).toMatchObject({ parent_id: A.id, display_order: 3 });
    await expectOrdersCompact();
  });

  it('inside an item without children: order 1', async () => {
    const { B, C } = await buildMenus();
    const response = await move(C.id, B.id, 'inside');
    expect(shape(response.body.items)).toEqual(['A', ['A1', 'A2', ['A2x']], 'B', ['C']]);
    expect(response.body.items[1]!.children[0]).toMatchObject({ display_order: 1, parent_id: B.id });
    await expectOrdersCompact();
  });

  it('out of a parent: the old sibling list closes its gap', async () => {
    const { A1, B } = await buildMenus();
    const response = await move(A1.id, B.id, 'before');
    expect(shape(response.body.items)).toEqual(['A', ['A2', ['A2x']], 'A1', 'B', 'C']);
    expect(response.body.items[0]!.children[0]).toMatchObject({ title: 'A2', display_order: 1 });
    await expectOrdersCompact();
  });

  it('a series of moves keeps every sibling list at 1..n', async () => {
    const { A1, A2, A2x, B, C, F1 } = await buildMenus();
    const steps: Array<[string, string, string]> = [
      [A2x.id, B.id, 'after'],
      [C.id, A1.id, 'inside'],
      [B.id, A2x.id, 'after'],
      [A2.id, A1.id, 'before'],
      [A2.id, F1.id, 'inside'],
      [A1.id, A2x.id, 'before'],
    ];
    for (const [id, target, position] of steps) {
      const response = await move(id, target, position);
      expect(response.status, `${id} ${position} ${target}`).toBe(200);
      await expectOrdersCompact();
    }
    expect(shape(await adminTree('header'))).toEqual(['A', 'A1', ['C'], 'A2x', 'B']);
    expect(shape(await adminTree('footer'))).toEqual(['F1', ['F1a', 'A2'], 'F2']);
  });

  it('across menus: the item and its whole subtree take the target menu', async () => {
    const { A, F1 } = await buildMenus();
    const response = await move(A.id, F1.id, 'after');
    expect(response.status).toBe(200);
    expect(shape(response.body.items)).toEqual(['F1', ['F1a'], 'A', ['A1', 'A2', ['A2x']], 'F2']);
    expect(shape(await adminTree('header'))).toEqual(['B', 'C']);
    const moved = (await rows()).filter((row) => ['A', 'A1', 'A2', 'A2x'].includes(row.title));
    expect(moved.map((row) => row.menu_type)).toEqual(['footer', 'footer', 'footer', 'footer']);
    await expectOrdersCompact();
    const visitor = await new ApiClient(server.url).get<{ items: Node[] }>('/api/v1/navigation?menu=footer');
    expect(shape(visitor.body.items)).toEqual(['F1', ['F1a'], 'A', ['A1', 'A2', ['A2x']], 'F2']);
  });

  it('from the footer inside a header item', async () => {
    const { F1, B } = await buildMenus();
    const response = await move(F1.id, B.id, 'inside');
    expect(shape(response.body.items)).toEqual(['A', ['A1', 'A2', ['A2x']], 'B', ['F1', ['F1a']], 'C']);
    expect(shape(await adminTree('footer'))).toEqual(['F2']);
    await expectOrdersCompact();
  });

  it('refuses dropping onto itself, and changes nothing', async () => {
    const { A } = await buildMenus();
    const before = await snapshot();
    for (const position of ['before', 'after', 'inside']) {
      const response = await move(A.id, A.id, position);
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({
        code: 'move_onto_self',
        message: 'An item cannot be dropped onto itself.',
        field: 'targetId',
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a move into its own subtree (a cycle), and changes nothing', async () => {
    const { A, A1, A2, A2x } = await buildMenus();
    const before = await snapshot();
    for (const [id, target, position] of [
      [A.id, A1.id, 'inside'],
      [A.id, A2x.id, 'inside'],
      [A.id, A2x.id, 'before'],
      [A2.id, A2x.id, 'after'],
    ] as const) {
      const response = await move(id, target, position);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'move_into_descendant', field: 'targetId' });
      expect(response.body.error.message).toBe('An item cannot be moved into one of its own sub-items.');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a missing target or a bad position, and changes nothing', async () => {
    const { A } = await buildMenus();
    const before = await snapshot();
    const missing = await move(A.id, '00000000-0000-4000-8000-000000000000', 'before');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'target_not_found', field: 'targetId' });
    const badPosition = await move(A.id, A.id, 'middle');
    expect(badPosition.status).toBe(400);
    expect(badPosition.body.error.field).toBe('position');
    const noPosition = await editor.post<ErrorBody>(`/api/v1/navigation/${A.id}/move`, { targetId: A.id });
    expect(noPosition.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('concurrent moves run one after another and leave consistent orders', async () => {
    const { A, B, C, A1, A2 } = await buildMenus();
    const responses = await Promise.all([
      move(C.id, A.id, 'before'),
      move(A1.id, B.id, 'after'),
      move(B.id, A2.id, 'inside'),
      move(A.id, C.id, 'after'),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    await expectOrdersCompact();
  });
});

describe('delete', () => {
  it('deletes the subtree with the item and renumbers its siblings', async () => {
    const { A, A1, B, C } = await buildMenus();
    expect((await remove(A.id)).status).toBe(204);
    const left = await rows();
    expect(left.map((row) => row.title).sort()).toEqual(['B', 'C', 'F1', 'F1a', 'F2']);
    expect(left.find((row) => row.id === B.id)?.display_order).toBe(1);
    expect(left.find((row) => row.id === C.id)?.display_order).toBe(2);
    await expectOrdersCompact();
    expect((await remove(A1.id)).status).toBe(404);
  });

  it('deleting a child renumbers the other children only', async () => {
    const { A1 } = await buildMenus();
    await remove(A1.id);
    const tree = await adminTree('header');
    expect(shape(tree)).toEqual(['A', ['A2', ['A2x']], 'B', 'C']);
    expect(tree[0]!.children[0]!.display_order).toBe(1);
    await expectOrdersCompact();
  });
});

describe('access', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const routes: Array<[string, string, unknown]> = [
    ['GET', '/api/v1/navigation/admin?menu=header', undefined],
    ['POST', '/api/v1/navigation', { title: 'x', link_url: '/x', menu_type: 'header' }],
    ['PATCH', `/api/v1/navigation/${id}`, { version: 1, title: 'x' }],
    ['DELETE', `/api/v1/navigation/${id}`, undefined],
    ['POST', `/api/v1/navigation/${id}/move`, { targetId: id, position: 'before' }],
  ];

  it('answers 401 to anonymous callers and 403 to viewers on every write and the admin list', async () => {
    const anonymous = new ApiClient(server.url);
    const viewer = await signedInClient(server, 'viewer');
    for (const [method, route, body] of routes) {
      const a = await anonymous.request<ErrorBody>(method, route, body === undefined ? {} : { body });
      expect(a.status, `${method} ${route}`).toBe(401);
      const v = await viewer.request<ErrorBody>(method, route, body === undefined ? {} : { body });
      expect(v.status, `${method} ${route}`).toBe(403);
    }
    expect(await rows()).toEqual([]);
  });

  it('lets admins in too (editor role or above)', async () => {
    const admin = await signedInClient(server, 'admin');
    const created = await admin.post<{ item: Item }>('/api/v1/navigation', {
      title: 'By admin',
      link_url: '/x',
      menu_type: 'footer',
    });
    expect(created.status).toBe(201);
    expect((await admin.get('/api/v1/navigation/admin?menu=footer')).status).toBe(200);
  });

  it('keeps the public list public', async () => {
    await create({ title: 'Public' });
    const response = await new ApiClient(server.url).get<{ items: Node[] }>('/api/v1/navigation');
    expect(response.status).toBe(200);
    expect(shape(response.body.items)).toEqual(['Public']);
  });
});
