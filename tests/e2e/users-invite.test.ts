import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUserWithRole, mailsTo, uniqueEmail } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { launchBrowser, seriousA11yViolations, watchPageErrors } from '../helpers/browser';

let server: TestApp;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('an admin invites an editor from Team → Users; the invitee sets a name and password and lands in the admin without Team', async () => {
  const admin = await createUserWithRole(server, 'admin');
  const adminContext = await browser.newContext();
  const page = await adminContext.newPage();
  const errors = watchPageErrors(page);
  await page.goto(`${server.url}/auth?next=/admin`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).last().click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin'));

  await page.getByRole('link', { name: 'Team' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/team/users');
  await page.getByRole('heading', { name: 'Users', level: 2 }).waitFor();
  const ownRow = page.getByRole('row').filter({ hasText: admin.email });
  await ownRow.getByText('You', { exact: true }).waitFor();

  const invitee = uniqueEmail('invitee');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('Email').fill(invitee);
  await expect(dialog.getByLabel('Role').inputValue()).resolves.toBe('editor');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByText(`Invitation sent to ${invitee}`).waitFor();
  const invitations = page.getByRole('region', { name: 'Pending invitations' });
  await invitations.getByText(invitee, { exact: true }).waitFor();
  await invitations.getByText(/^Editor · invited by /).waitFor();

  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
  expect(await seriousA11yViolations(page)).toEqual([]);

  const [mail] = await mailsTo(server, invitee);
  const link = mail?.links.find((candidate) => new URL(candidate).pathname === '/auth/invitation');
  expect(link).toBeTruthy();
  const inviteeContext = await browser.newContext();
  const joining = await inviteeContext.newPage();
  const joiningErrors = watchPageErrors(joining);
  await joining.goto(`${server.url}${new URL(link ?? '').pathname}${new URL(link ?? '').search}`);
  await joining.getByRole('heading', { name: 'Join Cenote Atlas' }).waitFor();
  await expect(joining.getByLabel('Email').inputValue()).resolves.toBe(invitee);
  expect(await seriousA11yViolations(joining)).toEqual([]);
  await joining.getByLabel('Full Name').fill('Itzel Canul');
  await joining.getByLabel('Password', { exact: true }).fill('sinkhole-diver-7');
  await joining.getByRole('button', { name: 'Create account' }).click();
  await joining.waitForURL((url) => url.pathname.startsWith('/admin'));
  await joining.getByRole('link', { name: 'Pages' }).first().waitFor();
  await joining.getByRole('link', { name: 'Itzel Canul' }).waitFor();
  await expect(joining.getByRole('link', { name: 'Team' }).count()).resolves.toBe(0);

  expect(errors).toEqual([]);
  expect(joiningErrors).toEqual([]);
  await Promise.all([adminContext.close(), inviteeContext.close()]);
});
