import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/features/auth/auth.table';
import { ApiClient, createUserWithRole, mailsTo, uniqueEmail } from '../helpers/auth';
import { seriousA11yViolations, watchPageErrors } from '../helpers/browser';
import { desktopViewport, useBrowserTest, withPage, withSignedInPage } from '../helpers/e2e';

const e2e = useBrowserTest();

it('an admin invites an editor from Team → Users; the invitee sets a name and password and lands in the admin without Team', async () => {
  const admin = await createUserWithRole(e2e.server, 'admin');
  await withSignedInPage(e2e, admin, { next: '/admin' }, async ({ page, errors }) => {
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

    const [mail] = await mailsTo(e2e.server, invitee);
    const link = mail?.links.find((candidate) => new URL(candidate).pathname === '/auth/invitation');
    expect(link).toBeTruthy();
    await withPage(e2e.browser, {}, async (joining) => {
      const joiningErrors = watchPageErrors(joining);
      await joining.goto(`${e2e.server.url}${new URL(link ?? '').pathname}${new URL(link ?? '').search}`);
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
    });
  });
});

it('an admin changes a role, disables and enables an account, signs a person out everywhere, and resends and revokes an invitation', async () => {
  const admin = await createUserWithRole(e2e.server, 'admin');
  const person = await createUserWithRole(e2e.server, 'editor');
  // The person is signed in elsewhere: their session is what disabling and signing out end.
  const elsewhere = new ApiClient(e2e.server.url);
  expect((await elsewhere.signIn(person.email, person.password)).status).toBe(200);
  const signedInElsewhere = async () => (await elsewhere.session()).body.user !== null;

  const usersScreen = { viewport: desktopViewport, next: '/admin/team/users' };
  await withSignedInPage(e2e, admin, usersScreen, async ({ page, errors }) => {
    const row = page.getByRole('row').filter({ hasText: person.email });
    await row.waitFor();

    // Role: a select per person, saved on change.
    await row.getByLabel(`Role of ${person.email}`).selectOption('viewer');
    await page.getByText(`${person.email} is now viewer`).waitFor();
    await expect
      .poll(async () => (await e2e.server.app.db.select().from(users).where(eq(users.email, person.email)))[0]?.role)
      .toBe('viewer');

    // Disable: asked in the admin's dialog; the person's session ends at once.
    const actions = row.getByRole('button', { name: `Actions for ${person.email}` });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Disable account' }).click();
    const confirmDisable = page.getByRole('alertdialog', { name: `Disable ${person.email}’s account?` });
    await confirmDisable.getByRole('button', { name: 'Disable account' }).click();
    await row.getByText('Disabled', { exact: true }).waitFor();
    expect(await signedInElsewhere()).toBe(false);
    expect((await new ApiClient(e2e.server.url).signIn(person.email, person.password)).status).not.toBe(200);

    // Enable: no question; the person can sign in again.
    await actions.click();
    await page.getByRole('menuitem', { name: 'Enable account' }).click();
    await row.getByText('Active', { exact: true }).waitFor();
    expect((await elsewhere.signIn(person.email, person.password)).status).toBe(200);
    expect(await signedInElsewhere()).toBe(true);

    // Sign out everywhere: asked, then every session of theirs ends.
    await actions.click();
    await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
    await page
      .getByRole('alertdialog', { name: `Sign ${person.email} out everywhere?` })
      .getByRole('button', { name: 'Sign out everywhere' })
      .click();
    await page.getByText(`${person.email} was signed out everywhere`).waitFor();
    expect(await signedInElsewhere()).toBe(false);

    // Invitations: resend sends a second mail; revoke (asked) removes it, and its link stops working.
    const invitee = uniqueEmail('second-invitee');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite user' });
    await dialog.getByLabel('Email').fill(invitee);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    const invitations = page.getByRole('region', { name: 'Pending invitations' });
    await invitations.getByText(invitee, { exact: true }).waitFor();
    await invitations.getByRole('button', { name: `Resend the invitation of ${invitee}` }).click();
    await expect.poll(async () => (await mailsTo(e2e.server, invitee)).length).toBe(2);
    await invitations.getByRole('button', { name: `Revoke the invitation of ${invitee}` }).click();
    await page
      .getByRole('alertdialog', { name: `Revoke the invitation of ${invitee}?` })
      .getByRole('button', { name: 'Revoke invitation' })
      .click();
    await invitations.getByText(invitee, { exact: true }).waitFor({ state: 'detached' });
    const mails = await mailsTo(e2e.server, invitee);
    const link = new URL(mails.at(-1)?.links.find((url) => new URL(url).pathname === '/auth/invitation') ?? '');
    const token = link.searchParams.get('token') ?? '';
    const accept = await new ApiClient(e2e.server.url).post('/api/v1/auth/accept-invitation', {
      token,
      fullName: 'Too Late',
      password: 'revoked-invite-1',
    });
    expect(accept.status).toBe(400);

    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
