/**
 * Maps `items` through `task` with at most `limit` tasks in flight, keeping the results in the
 * items' order: for work that is worth overlapping (file copies, encodes) but not all at once.
 */
export async function mapConcurrently<Item, Result>(
  items: readonly Item[],
  limit: number,
  task: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  const results = new Array<Result>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
