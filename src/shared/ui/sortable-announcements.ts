import type { Announcements } from '@dnd-kit/core';

/* ------------------------------------------------------------------------------------------------
 * What screen readers hear while an item of a sortable list or tree is dragged: the item by its
 * name ('Hero block “Cenote Nicte Ha”', 'Card “Dos Ojos”', 'Cenote types'), never by its id, and
 * where it is as a position ('position 3 of 5', 'inside Guides, position 2 of 4').
 * --------------------------------------------------------------------------------------------- */

/** Where an item is or would be: index from 0; parentLabel null at a tree's top level, undefined in a list. */
export interface SpokenPosition {
  index: number;
  count: number;
  parentLabel?: string | null;
}

/** 'at position 3 of 5' / 'to position 3 of 5'; in a tree 'at the top level, …' or 'inside Guides, …'. */
export function spokenWhere(position: SpokenPosition, preposition: 'at' | 'to' = 'at'): string {
  const place = `position ${position.index + 1} of ${position.count}`;
  if (position.parentLabel === undefined) return `${preposition} ${place}`;
  if (position.parentLabel === null) return `${preposition} the top level, ${place}`;
  return `inside ${position.parentLabel}, ${place}`;
}

export const sortableSpeech = {
  pickedUp: (name: string, now: SpokenPosition | null) =>
    now ? `Picked up ${name} ${spokenWhere(now)}.` : `Picked up ${name}.`,
  movedTo: (name: string, to: SpokenPosition) => `${name} moved ${spokenWhere(to, 'to')}.`,
  backWhereItWas: (name: string, now: SpokenPosition | null) =>
    now ? `${name} is back where it was, ${spokenWhere(now)}.` : `${name} is back where it was.`,
  notAllowedHere: (reason: string) => `Not allowed here. ${reason}`,
  dropped: (name: string, at: SpokenPosition) => `${name} dropped ${spokenWhere(at)}.`,
  droppedWhereItWas: (name: string, now: SpokenPosition | null) =>
    now ? `${name} dropped where it was, ${spokenWhere(now)}.` : `${name} dropped where it was.`,
  notMoved: (name: string, reason: string) => `${name} was not moved. ${reason}`,
  cancelled: (name: string, now: SpokenPosition | null) =>
    now ? `Moving cancelled. ${name} is back ${spokenWhere(now)}.` : `Moving cancelled. ${name} is back where it was.`,
  instructions: (itemNoun: string, tree: boolean) =>
    tree
      ? `To move this ${itemNoun}, press Space or Enter to pick it up. Up and Down arrows move it between positions, Right arrow puts it inside the item above, Left arrow moves it out a level. Press Space or Enter to drop it, or Escape to cancel.`
      : `To move this ${itemNoun}, press Space or Enter to pick it up. Up and Down arrows move it, Space or Enter drops it, Escape cancels.`,
};

/**
 * Feeds dnd-kit's own live region (accessibility.announcements) with the sentences the sortable
 * composed. dnd-kit calls its announcement functions right after the sortable's own handler of
 * the same event, so `say` in a handler is read out by that event; an event with nothing new
 * to say keeps the region as it is. dnd-kit's region reads a new value only when the text
 * changes, so the same sentence twice in a row alternates an invisible trailing space.
 */
export function createDndAnnouncer(): { say: (text: string) => void; announcements: Announcements } {
  let pending: string | undefined;
  let last = '';
  const take = () => {
    const text = pending;
    pending = undefined;
    if (text !== undefined) last = text;
    return text;
  };
  return {
    say(text: string) {
      if (text === '') return;
      pending = text === last.replace(/\u00a0$/, '') && !last.endsWith('\u00a0') ? `${text}\u00a0` : text;
    },
    announcements: {
      onDragStart: take,
      onDragMove: take,
      onDragOver: take,
      onDragEnd: take,
      onDragCancel: take,
    },
  };
}
