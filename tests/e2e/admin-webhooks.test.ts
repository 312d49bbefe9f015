import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSendsSettled } from '../../src/features/webhooks/webhook-sender.server';
import { seriousA11yViolations } from '../helpers/browser';
import { phoneViewport, useBrowserTest, withSignedInPage } from '../helpers/e2e';

const e2e = useBrowserTest({ env: { JOBS_WORKER: 'false', WEBHOOK_ALLOW_PRIVATE: 'true' } });
let receiver: http.Server;
let receiverUrl: string;
const signatures: string[] = [];

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    signatures.push(String(request.headers['x-atlas-signature']));
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/atlas`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('Team → Webhooks', () => {
  it('adds a webhook, shows its secret once, and lists a test delivery', async () => {
    const webhooksScreen = { viewport: phoneViewport, next: '/admin/team/webhooks' };
    await withSignedInPage(e2e, 'admin', webhooksScreen, async ({ page, errors }) => {
      await page.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor();

      await page.getByRole('button', { name: 'Add webhook' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Add webhook' }).click();
      await expect.poll(() => dialog.getByText('Enter the URL that should receive the messages.').count()).toBe(1);
      await dialog.getByLabel('URL').fill(receiverUrl);
      await dialog.getByRole('checkbox', { name: /Deleted/ }).uncheck();
      await dialog.getByRole('button', { name: 'Add webhook' }).click();
      const secret = dialog.getByLabel('Secret');
      await secret.waitFor();
      expect(await secret.inputValue()).toMatch(/^[0-9a-f]{64}$/);
      await dialog.getByRole('button', { name: 'Done' }).click();

      const card = page.getByRole('listitem').filter({ hasText: receiverUrl });
      await card.getByText('Nothing sent yet.').waitFor();
      await card.getByRole('button', { name: 'Send test' }).click();
      await card.getByRole('table').waitFor();
      await e2e.server.app.jobs.runDue();
      await webhookSendsSettled(e2e.server.app);
      await card.getByRole('cell', { name: '204' }).waitFor({ timeout: 15_000 });
      await card.getByText('Delivered').first().waitFor();
      expect(signatures).toHaveLength(1);

      await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});
