/**
 * Loads under way, by key, shared by every caller who asks for the same key meanwhile: after a
 * publish, all the readers of a page miss at once and wait for one load instead of each making it.
 * `forget()` (called by every invalidation) makes later callers start a new load, and a load that
 * began before it is not stored: it read what the change replaced.
 */
export class SharedLoads<T> {
  private readonly loading = new Map<string, Promise<T>>();
  private generation = 0;

  run(key: string, load: () => Promise<T>, store: (value: T) => void): Promise<T> {
    const underWay = this.loading.get(key);
    if (underWay) return underWay;
    const generation = this.generation;
    const pending: Promise<T> = load()
      .then((value) => {
        if (generation === this.generation) store(value);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === pending) this.loading.delete(key);
      });
    this.loading.set(key, pending);
    return pending;
  }

  forget(): void {
    this.generation += 1;
    this.loading.clear();
  }
}
