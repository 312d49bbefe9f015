import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, clearRateLimits, createUserWithRole, latestTokenFor, mailsTo, uniqueEmail } from '../helpers/auth';
import { seriousA11yViolations, watchPageErrors } from '../helpers/browser';
import { intersects, settledToastBox } from '../helpers/layout-fit';
import {
  phoneViewport,
  signInContext,
  useBrowserTest,
  waitForHydration,
  withApiSignedInPage,
  withContext,
  withPage,
} from '../helpers/e2e';

const e2e = useBrowserTest();
// Every test signs in, up or resets from 127.0.0.1: each starts with clean rate limits.
beforeEach(async () => {
  await clearRateLimits(e2e.server);
});

const desktop = { width: 1280, height: 860 };

/**
 * Page and console errors, minus Chromium's line for every 4xx answer: refused sign-ins (401,
 * 403) and the 403 admin screen are expected here.
 */
function unexpectedErrors(errors: string[]): string[] {
  return errors.filter((error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error));
}

/** The sonner toast with this title; waits until it is on screen and checks its description. */
async function expectToast(page: Page, title: string, description?: string): Promise<Locator> {
  const toast = page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: title })
    .first();
  await toast.waitFor({ state: 'visible', timeout: 5000 });
  if (description !== undefined) expect(await toast.textContent()).toContain(description);
  return toast;
}

const tabPanel = (page: Page, name: 'Sign In' | 'Sign Up' | 'Reset') => page.getByRole('tabpanel', { name });

async function openAuth(page: Page, query = ''): Promise<void> {
  await page.goto(`${e2e.server.url}/auth${query}`);
  await page.getByRole('tab', { name: 'Sign In' }).waitFor();
}

/** Fills and submits the Sign In tab of the page (already on /auth). */
async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  const form = tabPanel(page, 'Sign In');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

async function sessionUser(context: BrowserContext): Promise<{ email: string } | null> {
  const response = await context.request.get(`${e2e.server.url}/api/v1/auth/session`);
  return ((await response.json()) as { user: { email: string } | null }).user;
}

describe('sign up, verify, sign in and out', () => {
  it('validates the form, creates the account, confirms the e-mail and signs in and out', async () => {
    const email = uniqueEmail('signup');
    const password = 'blue-hole-42';
    const fullName = 'Marina Reyes';
    await withPage(e2e.browser, { viewport: desktop }, async (page, context) => {
      const errors = watchPageErrors(page);
      await openAuth(page);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Cenote Atlas');
      expect(await page.getByText('Access your diving experience').isVisible()).toBe(true);
      expect(await page.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');

      await page.getByRole('tab', { name: 'Sign Up' }).click();
      const form = tabPanel(page, 'Sign Up');
      await form.getByLabel('Full Name').fill(fullName);
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Password', { exact: true }).fill(password);
      await form.getByLabel('Confirm Password').fill('blue-hole-43');
      await form.getByRole('button', { name: 'Sign Up' }).click();
      await expectToast(page, 'Password Mismatch', 'Passwords do not match.');

      await form.getByLabel('Password', { exact: true }).fill('abc');
      await form.getByLabel('Confirm Password').fill('abc');
      await form.getByRole('button', { name: 'Sign Up' }).click();
      await expectToast(page, 'Password Too Short', 'Password must be at least 6 characters long.');
      expect(await mailsTo(e2e.server, email)).toEqual([]);

      await form.getByLabel('Password', { exact: true }).fill(password);
      await form.getByLabel('Confirm Password').fill(password);
      await form.getByRole('button', { name: 'Sign Up' }).click();
      await expectToast(page, 'Account Created!', 'Please check your email to verify your account.');
      // Back on Sign In, with the address already filled in.
      await expect.poll(() => page.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
      expect(await tabPanel(page, 'Sign In').getByLabel('Email').inputValue()).toBe(email);

      const token = await latestTokenFor(e2e.server, email, '/auth/verify');
      await page.goto(`${e2e.server.url}/auth/verify?token=${token}`);
      await page.waitForURL(`${e2e.server.url}/`);
      await expectToast(page, 'E-mail confirmed', 'Your email address is verified. You can now sign in.');

      await openAuth(page);
      await submitSignIn(page, email, password);
      await page.waitForURL(`${e2e.server.url}/`);
      const welcome = await expectToast(page, 'Welcome back!', 'You have successfully signed in.');
      // The toast leaves the header free: its account button is where a visitor now looks (at the
      // top right, the toast covered it, and a click there could land on the toast).
      const welcomeBox = await settledToastBox(welcome);
      for (const part of [page.getByRole('banner'), page.getByRole('navigation', { name: 'Language' })]) {
        expect(intersects(welcomeBox, (await part.boundingBox())!)).toBe(false);
      }

      await waitForHydration(page);
      const account = page.getByRole('button', { name: `Account: ${fullName}` });
      await account.click();
      expect(await account.getAttribute('aria-expanded')).toBe('true');
      const panel = page.locator(`[id="${await account.getAttribute('aria-controls')}"]`);
      expect(await panel.getByText(fullName, { exact: true }).isVisible()).toBe(true);
      expect(await panel.getByText(email, { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('banner').getByRole('link', { name: 'Admin' }).count()).toBe(0);
      await panel.getByRole('button', { name: 'Sign Out' }).click();

      await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
      expect(await sessionUser(context)).toBeNull();
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  });

  it('shows the name and Sign Out in the mobile menu', async () => {
    const user = await createUserWithRole(e2e.server, 'admin');
    await withApiSignedInPage(e2e, user, { viewport: phoneViewport }, async ({ page }) => {
      await page.goto(`${e2e.server.url}/safety-guidelines`);
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Menu' }).click();
      const menu = page.locator('#mobile-menu');
      await menu.getByRole('button', { name: 'Sign Out' }).waitFor();
      expect(await menu.getByText(user.email, { exact: true }).isVisible()).toBe(true);
      expect(await menu.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    });
  });
});

describe('sign in before verifying', () => {
  it('explains the address is not verified and sends the link again', async () => {
    const email = uniqueEmail('unverified');
    const password = 'cavern-line-7';
    const signUp = await new ApiClient(e2e.server.url).post('/api/v1/auth/sign-up', { email, password });
    expect(signUp.status).toBe(201);
    expect(await mailsTo(e2e.server, email)).toHaveLength(1);

    await withPage(e2e.browser, { viewport: desktop }, async (page, context) => {
      const errors = watchPageErrors(page);
      await openAuth(page);
      await submitSignIn(page, email, password);
      await expectToast(page, 'Sign In Failed', 'Please verify your email address before signing in.');
      expect(await page.getByText('Your e-mail address is not verified yet.').isVisible()).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/auth');

      await page.getByRole('button', { name: 'Send the verification e-mail again' }).click();
      await expectToast(page, 'Verification e-mail sent', 'a new link is on its way');
      const mails = await mailsTo(e2e.server, email);
      expect(mails).toHaveLength(2);
      expect(mails[1]?.subject).toBe('Confirm Your Email');

      // The new link works, and then so does signing in.
      const token = await latestTokenFor(e2e.server, email, '/auth/verify');
      await page.goto(`${e2e.server.url}/auth/verify?token=${token}`);
      await page.waitForURL(`${e2e.server.url}/`);
      await openAuth(page);
      await submitSignIn(page, email, password);
      await page.waitForURL(`${e2e.server.url}/`);
      expect((await sessionUser(context))?.email).toBe(email);
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  });
});

describe('password reset', () => {
  it('sends the link, sets the new password, signs out other sessions', async () => {
    const user = await createUserWithRole(e2e.server, 'viewer');
    const newPassword = 'new-lights-3x';
    await withContext(e2e.browser, { viewport: desktop }, async (elsewhere) => {
      await signInContext(elsewhere, e2e.server, user);
      expect((await sessionUser(elsewhere))?.email).toBe(user.email);

      await withPage(e2e.browser, { viewport: desktop }, async (page, context) => {
        const errors = watchPageErrors(page);
        await openAuth(page);
        await page.getByRole('tab', { name: 'Reset' }).click();
        const form = tabPanel(page, 'Reset');
        await form.getByRole('button', { name: 'Send Reset Email' }).click();
        await expectToast(page, 'Email Required', 'Please enter your email address.');

        await form.getByLabel('Email').fill(user.email);
        await form.getByRole('button', { name: 'Send Reset Email' }).click();
        await expectToast(page, 'Reset Email Sent', 'Check your email for password reset instructions.');

        const token = await latestTokenFor(e2e.server, user.email, '/auth/reset-password');
        await page.goto(`${e2e.server.url}/auth/reset-password?token=${token}`);
        const update = page.getByRole('button', { name: 'Update Password' });
        await update.waitFor();
        expect(await page.getByRole('link', { name: 'Back to Sign In' }).isVisible()).toBe(true);

        await page.getByLabel('New Password', { exact: true }).fill(newPassword);
        await page.getByLabel('Confirm New Password').fill('new-lights-4x');
        await update.click();
        await expectToast(page, 'Password Mismatch', 'Passwords do not match.');

        await page.getByLabel('New Password', { exact: true }).fill('short');
        await page.getByLabel('Confirm New Password').fill('short');
        await update.click();
        await expectToast(page, 'Password Too Short', 'Password must be at least 6 characters long.');

        await page.getByLabel('New Password', { exact: true }).fill(newPassword);
        await page.getByLabel('Confirm New Password').fill(newPassword);
        await update.click();
        await page.waitForURL(`${e2e.server.url}/auth`);
        await expectToast(
          page,
          'Password Updated',
          'Your password has been successfully updated. You can now sign in with your new password.',
        );

        // The other browser was signed out by the reset.
        expect(await sessionUser(elsewhere)).toBeNull();

        await submitSignIn(page, user.email, user.password);
        await expectToast(page, 'Sign In Failed', 'Invalid email or password.');
        expect(new URL(page.url()).pathname).toBe('/auth');

        await submitSignIn(page, user.email, newPassword);
        await page.waitForURL(`${e2e.server.url}/`);
        await expectToast(page, 'Welcome back!');
        expect((await sessionUser(context))?.email).toBe(user.email);

        // The link is used up.
        await page.goto(`${e2e.server.url}/auth/reset-password?token=${token}`);
        await page.getByLabel('New Password', { exact: true }).fill('another-one-9');
        await page.getByLabel('Confirm New Password').fill('another-one-9');
        await page.getByRole('button', { name: 'Update Password' }).click();
        await expectToast(
          page,
          'Update Failed',
          'Failed to update password. The reset link may be invalid or expired.',
        );
        expect(unexpectedErrors(errors)).toEqual([]);
      });
    });
  });

  it('without a token says the link is invalid and returns to /auth', async () => {
    await withPage(e2e.browser, { viewport: desktop }, async (page) => {
      const errors = watchPageErrors(page);
      await page.goto(`${e2e.server.url}/auth/reset-password`);
      await page.waitForURL(`${e2e.server.url}/auth`);
      await expectToast(
        page,
        'Invalid Reset Link',
        'This password reset link is invalid or missing required information.',
      );
      expect(await page.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  });
});

describe('admin guard', () => {
  it('sends a signed-out visitor to sign in, then on to the admin', async () => {
    const admin = await createUserWithRole(e2e.server, 'admin');
    await withPage(e2e.browser, { viewport: desktop }, async (page) => {
      const errors = watchPageErrors(page);
      await page.goto(`${e2e.server.url}/admin`);
      expect(page.url()).toBe(`${e2e.server.url}/auth?next=%2Fadmin`);

      await page.getByRole('tab', { name: 'Sign In' }).waitFor();
      await submitSignIn(page, admin.email, admin.password);
      await page.waitForURL(/\/admin(\/|$)/);
      await page.getByRole('heading', { name: 'Content Management System' }).waitFor();
      await expectToast(page, 'Welcome back!', 'You have successfully signed in.');

      // The public header offers the way back in.
      await page.goto(`${e2e.server.url}/`);
      await waitForHydration(page);
      await page.getByRole('button', { name: /^Account: / }).click();
      expect(await page.getByRole('banner').getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  });

  it('shows a viewer the 403 screen, also when signing in with ?next=/admin', async () => {
    const viewer = await createUserWithRole(e2e.server, 'viewer');
    await withPage(e2e.browser, { viewport: desktop }, async (page) => {
      await openAuth(page, '?next=%2Fadmin');
      await submitSignIn(page, viewer.email, viewer.password);
      await page.waitForURL(`${e2e.server.url}/admin`);
      const heading = page.getByRole('heading', { name: "You don't have access to the admin area" });
      await heading.waitFor();

      const response = await page.goto(`${e2e.server.url}/admin`);
      expect(response?.status()).toBe(403);
      expect(await heading.isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'Content Management System' }).count()).toBe(0);
    });
  });
});

describe('signed-in visitors on /auth', () => {
  it('are sent to /, or to a safe same-site next', async () => {
    const viewer = await createUserWithRole(e2e.server, 'viewer');
    await withApiSignedInPage(e2e, viewer, { viewport: desktop }, async ({ page }) => {
      await page.goto(`${e2e.server.url}/auth`);
      await page.waitForURL(`${e2e.server.url}/`);

      await page.goto(`${e2e.server.url}/auth?next=${encodeURIComponent('/safety-guidelines')}`);
      await page.waitForURL(`${e2e.server.url}/safety-guidelines`);

      // Off-site and looping destinations fall back to /.
      for (const next of ['//example.org/', '/\\example.org', '/\t/example.org', 'https://example.org/', '/auth']) {
        await page.goto(`${e2e.server.url}/auth?next=${encodeURIComponent(next)}`);
        await page.waitForURL(`${e2e.server.url}/`);
      }
    });
  });
});

describe('sign-in form details', () => {
  it('toggles the password visibility and shows a busy, disabled button while signing in', async () => {
    await withPage(e2e.browser, { viewport: desktop }, async (page) => {
      await openAuth(page);
      const form = tabPanel(page, 'Sign In');
      const password = form.getByLabel('Password', { exact: true });
      const toggle = form.getByRole('button', { name: 'Show password' });
      await password.fill('secret-words');
      expect(await password.getAttribute('type')).toBe('password');
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await toggle.click();
      expect(await password.getAttribute('type')).toBe('text');
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
      await toggle.click();
      expect(await password.getAttribute('type')).toBe('password');

      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/v1/auth/sign-in', async (route) => {
        await held;
        await route.continue();
      });
      await form.getByLabel('Email').fill('nobody@example.com');
      const submit = form.getByRole('button', { name: 'Sign In' });
      await submit.click();
      await expect.poll(() => submit.getAttribute('aria-busy')).toBe('true');
      expect(await submit.isDisabled()).toBe(true);
      expect(await submit.locator('svg.animate-spin').count()).toBe(1);

      release();
      await expectToast(page, 'Sign In Failed', 'Invalid email or password.');
      expect(await submit.getAttribute('aria-busy')).toBeNull();
      expect(await submit.isEnabled()).toBe(true);
    });
  });
});

describe('accessibility (axe-core)', () => {
  it.each(['Sign In', 'Sign Up', 'Reset'] as const)('/auth, %s tab: no serious or critical violations', async (tab) => {
    await withPage(e2e.browser, { viewport: desktop }, async (page) => {
      await openAuth(page);
      await page.getByRole('tab', { name: tab }).click();
      await tabPanel(page, tab).getByRole('button').last().waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  });

  it('/auth/reset-password?token=x: no serious or critical violations', async () => {
    await withPage(e2e.browser, { viewport: desktop }, async (page) => {
      await page.goto(`${e2e.server.url}/auth/reset-password?token=x`);
      await page.getByRole('button', { name: 'Update Password' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  });

  it('a failed sign-in (toast and not-verified notice): no serious or critical violations', async () => {
    const email = uniqueEmail('axe');
    const signUp = await new ApiClient(e2e.server.url).post('/api/v1/auth/sign-up', { email, password: 'axe-check-1' });
    expect(signUp.status).toBe(201);
    await withPage(e2e.browser, { viewport: desktop }, async (page) => {
      await openAuth(page);
      await submitSignIn(page, email, 'axe-check-1');
      await expectToast(page, 'Sign In Failed');
      await page.getByRole('button', { name: 'Send the verification e-mail again' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  });

  it('the 403 admin screen and the open account panel: no serious or critical violations', async () => {
    const viewer = await createUserWithRole(e2e.server, 'viewer');
    await withApiSignedInPage(e2e, viewer, { viewport: desktop }, async ({ page }) => {
      await page.goto(`${e2e.server.url}/admin`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.goto(`${e2e.server.url}/`);
      await waitForHydration(page);
      await page.getByRole('button', { name: /^Account: / }).click();
      await page.getByRole('button', { name: 'Sign Out' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  });
});
