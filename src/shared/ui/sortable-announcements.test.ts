import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { createDndAnnouncer, sortableSpeech, spokenWhere } from './sortable-announcements';

const hero = 'Hero block “Cenote Nicte Ha”';
// What dnd-kit passes to its announcement functions; the announcer never reads it (names come from labels).
const active = { id: 'a5ef6b1c-2d1e-4f7a-9b0c-3e4d5f6a7b8c' } as unknown as Active;
const over = { id: 'b6f07c2d-3e2f-4a8b-8c1d-4f5e6a7b8c9d' } as unknown as Over;

describe('spoken positions', () => {
  it('says list positions from 1, and where in a tree', () => {
    expect(spokenWhere({ index: 2, count: 5 })).toBe('at position 3 of 5');
    expect(spokenWhere({ index: 2, count: 5 }, 'to')).toBe('to position 3 of 5');
    expect(spokenWhere({ index: 0, count: 3, parentLabel: null }, 'to')).toBe('to the top level, position 1 of 3');
    expect(spokenWhere({ index: 1, count: 2, parentLabel: 'Guides' }, 'to')).toBe('inside Guides, position 2 of 2');
  });

  it('names the item in every sentence of a drag', () => {
    const from = { index: 1, count: 5 };
    const to = { index: 2, count: 5 };
    expect(sortableSpeech.pickedUp(hero, from)).toBe('Picked up Hero block “Cenote Nicte Ha” at position 2 of 5.');
    expect(sortableSpeech.movedTo(hero, to)).toBe('Hero block “Cenote Nicte Ha” moved to position 3 of 5.');
    expect(sortableSpeech.dropped(hero, to)).toBe('Hero block “Cenote Nicte Ha” dropped at position 3 of 5.');
    expect(sortableSpeech.backWhereItWas(hero, from)).toBe(
      'Hero block “Cenote Nicte Ha” is back where it was, at position 2 of 5.',
    );
    expect(sortableSpeech.droppedWhereItWas(hero, from)).toBe(
      'Hero block “Cenote Nicte Ha” dropped where it was, at position 2 of 5.',
    );
    expect(sortableSpeech.cancelled(hero, from)).toBe(
      'Moving cancelled. Hero block “Cenote Nicte Ha” is back at position 2 of 5.',
    );
    expect(sortableSpeech.notMoved('Gear', 'Menus have at most 3 levels.')).toBe(
      'Gear was not moved. Menus have at most 3 levels.',
    );
    expect(sortableSpeech.instructions('block', false)).toMatch(/^To move this block, press Space or Enter/);
    expect(sortableSpeech.instructions('menu item', true)).toContain('Right arrow puts it inside the item above');
  });
});

describe('the dnd-kit announcer', () => {
  it('hands dnd-kit the sentence said for the event, once, and nothing for events with nothing new', () => {
    const { say, announcements } = createDndAnnouncer();
    expect(announcements.onDragStart({ active })).toBeUndefined();
    say(sortableSpeech.pickedUp(hero, { index: 1, count: 5 }));
    expect(announcements.onDragStart({ active })).toBe('Picked up Hero block “Cenote Nicte Ha” at position 2 of 5.');
    // dnd-kit keeps its region as it is when the function returns undefined.
    expect(announcements.onDragMove?.({ active, over })).toBeUndefined();
    say(sortableSpeech.movedTo(hero, { index: 2, count: 5 }));
    expect(announcements.onDragOver({ active, over })).toBe('Hero block “Cenote Nicte Ha” moved to position 3 of 5.');
    say(sortableSpeech.dropped(hero, { index: 2, count: 5 }));
    const dropped = announcements.onDragEnd({ active, over });
    expect(dropped).toBe('Hero block “Cenote Nicte Ha” dropped at position 3 of 5.');
    expect(dropped).not.toContain(String(active.id));
  });

  it('only the newest sentence is handed over when several are said before an event', () => {
    const { say, announcements } = createDndAnnouncer();
    say('First.');
    say('Second.');
    expect(announcements.onDragMove?.({ active, over })).toBe('Second.');
  });

  it('the same sentence twice in a row differs by an invisible space, so it is read again', () => {
    const { say, announcements } = createDndAnnouncer();
    say('Gear moved to position 2 of 3.');
    const first = announcements.onDragMove?.({ active, over });
    say('Gear moved to position 2 of 3.');
    const second = announcements.onDragMove?.({ active, over });
    say('Gear moved to position 2 of 3.');
    const third = announcements.onDragMove?.({ active, over });
    expect(first).toBe('Gear moved to position 2 of 3.');
    expect(second).toBe('Gear moved to position 2 of 3.\u00a0');
    expect(third).toBe('Gear moved to position 2 of 3.');
    say('Gear dropped at position 2 of 3.');
    expect(announcements.onDragEnd({ active, over })).toBe('Gear dropped at position 2 of 3.');
  });

  it('an empty sentence says nothing', () => {
    const { say, announcements } = createDndAnnouncer();
    say('');
    expect(announcements.onDragCancel({ active, over: null })).toBeUndefined();
  });
});
