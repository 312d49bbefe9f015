import { describe, expect, it } from 'vitest';
import { mapConcurrently } from './map-concurrently';

describe('mapConcurrently', () => {
  it('keeps the order of the items and never runs more than the limit at once', async () => {
    let inFlight = 0;
    let most = 0;
    const results = await mapConcurrently([30, 5, 20, 1, 10, 2], 2, async (ms) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, ms));
      inFlight--;
      return ms * 2;
    });
    expect(results).toEqual([60, 10, 40, 2, 20, 4]);
    expect(most).toBe(2);
  });

  it('answers an empty list with an empty list', async () => {
    expect(await mapConcurrently([], 8, async () => 1)).toEqual([]);
  });
});
