import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getJson } from '../helpers/build-app';
import { watchPageErrors } from '../helpers/browser';
import { useBrowserTest, withPage } from '../helpers/e2e';

const e2e = useBrowserTest({ seed: false });

interface Document {
  info: { title: string };
  paths: Record<string, Record<string, { operationId: string; summary: string }>>;
}

describe('the API reference at /api/docs', () => {
  it('renders every operation of the document with its summary and operationId', async () => {
    const { body: document } = await getJson<Document>(`${e2e.server.url}/api/v1/openapi.json`);
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(operations.length).toBeGreaterThan(30);

    await withPage(e2e.browser, { viewport: { width: 1280, height: 900 } }, async (page) => {
      const errors = watchPageErrors(page);
      await page.goto(`${e2e.server.url}/api/docs`);
      await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
      await expect.poll(() => page.locator('.opblock').count()).toBe(operations.length);
      await expect.poll(() => page.locator('.info .title').first().textContent()).toContain(document.info.title);

      const shown = await page.locator('.opblock-summary-operation-id').allTextContents();
      expect(shown.map((text) => text.trim()).sort()).toEqual(
        operations.map((operation) => operation.operationId).sort(),
      );
      const tree = page.locator('.opblock', { hasText: 'getNavigation' }).first();
      await expect.poll(() => tree.textContent()).toContain('The active items of one menu as a tree');

      // The document's security schemes are offered for authorization.
      await expect.poll(() => page.locator('button.authorize').count()).toBe(1);
      await page.screenshot({ path: path.join(tmpdir(), 'cenote-api-docs.png') });
      expect(errors).toEqual([]);
    });
  });
});
