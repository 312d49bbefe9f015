import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/helpers/build-app';
import { logCompleteness } from './startup.server';

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp({ seed: false, captureLogs: true });
}, 60_000);
afterAll(async () => server?.close());

const emptyPageLines = (lines: string[]) =>
  lines
    .map((line) => (JSON.parse(line) as { msg: string }).msg)
    .filter((message) => / has no content blocks$/.test(message));

describe('the completeness check at start (decision 4)', () => {
  it('logs one line for each of 450 pages without blocks, written over several turns of the event loop', async () => {
    await server.app.db.execute(
      sql`insert into pages (slug, title) select 'empty-' || n, 'Empty ' || n from generate_series(1, 450) as n`,
    );
    const before = emptyPageLines(server.logs()).length;
    // What each turn of the event loop saw: all lines written in one go, it would see 0 or 450 only.
    const seenBetweenTurns: number[] = [];
    let watching = true;
    const watch = () => {
      seenBetweenTurns.push(emptyPageLines(server.logs()).length - before);
      if (watching) setImmediate(watch);
    };
    setImmediate(watch);
    await logCompleteness(server.app);
    watching = false;
    const lines = emptyPageLines(server.logs()).slice(before);
    expect(lines).toHaveLength(450);
    expect(new Set(lines).size).toBe(450);
    expect(lines[0]).toMatch(/^Page [0-9a-f-]{36} has no content blocks$/);
    expect(seenBetweenTurns.some((count) => count > 0 && count < 450)).toBe(true);
  });
});
