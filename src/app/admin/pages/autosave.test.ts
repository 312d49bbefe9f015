import { describe, expect, it, vi } from 'vitest';
import { AutosaveRegistry, combinedStatus, type AutosaveStatus } from './autosave';

function entry(status: AutosaveStatus, options: { dirty?: boolean; error?: string | null; label?: string } = {}) {
  const state = { status, dirty: options.dirty ?? true, error: options.error ?? null, label: options.label ?? '' };
  return {
    state,
    registered: {
      status,
      flush: vi.fn(async () => !['conflict', 'invalid', 'retrying'].includes(state.status)),
      current: () => ({ ...state }),
      reveal: vi.fn(),
    },
  };
}

describe('the editor’s unsaved-edits report', () => {
  it('flushes every part, then names the ones still not saved and why', async () => {
    const registry = new AutosaveRegistry();
    const page = entry('saved', { dirty: false, label: 'Page fields' });
    const hero = entry('conflict', { label: 'Block 1: Hero – Cenote Kukulkan' });
    const text = entry('invalid', { label: 'Block 2: Text – The feathered serpent', error: 'Use a site path' });
    const quote = entry('pending', { label: 'Block 3: Quote' });
    registry.set('page', page.registered);
    registry.set('block:1', hero.registered);
    registry.set('block:2', text.registered);
    registry.set('block:3', quote.registered);
    // The pending quote is sent by its flush and comes back saved.
    quote.registered.flush.mockImplementation(async () => {
      quote.state.status = 'saved';
      quote.state.dirty = false;
      return true;
    });

    const report = await registry.flushAllReport();
    for (const part of [page, hero, text, quote]) expect(part.registered.flush).toHaveBeenCalledOnce();
    expect(report.map(({ id, label, status, reason }) => ({ id, label, status, reason }))).toEqual([
      {
        id: 'block:1',
        label: 'Block 1: Hero – Cenote Kukulkan',
        status: 'conflict',
        reason: 'Someone else changed it since you opened it. Your edits are still on screen.',
      },
      { id: 'block:2', label: 'Block 2: Text – The feathered serpent', status: 'invalid', reason: 'Use a site path' },
    ]);
    report[0]?.reveal?.();
    expect(hero.registered.reveal).toHaveBeenCalledOnce();
    expect(await registry.flushAll()).toBe(false);
    expect(registry.unsaved(['block:2']).map((edit) => edit.id)).toEqual(['block:2']);

    // Reverted by hand: a refused part with nothing left to save is not reported.
    text.state.dirty = false;
    hero.state.dirty = false;
    expect(registry.unsaved()).toEqual([]);
    expect(await registry.flushAll()).toBe(true);
  });

  it('a part that goes away (a deleted block) leaves the report', () => {
    const registry = new AutosaveRegistry();
    registry.set('block:1', entry('retrying', { label: 'Block 1: Hero' }).registered);
    expect(registry.unsaved().map((edit) => edit.reason)).toEqual([
      'The server could not be reached. It is saved again shortly.',
    ]);
    registry.delete('block:1');
    expect(registry.unsaved()).toEqual([]);
  });

  it('the editor shows one state: a problem wins over work in progress over done', () => {
    expect(combinedStatus(['saved', 'pending', 'conflict'])).toBe('conflict');
    expect(combinedStatus(['saved', 'saving'])).toBe('saving');
    expect(combinedStatus([])).toBe('idle');
  });
});
