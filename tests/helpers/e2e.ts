import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Role } from '../../src/features/auth/auth.dto';
import { pages } from '../../src/features/pages/pages.table';
import { createUserWithRole } from './auth';
import { startTestApp, type TestApp, type TestAppOptions } from './build-app';
import { launchBrowser, watchPageErrors } from './browser';
import { pageWithSlug } from './pages';

/** The server and the Chromium of one test file. */
export interface BrowserTest {
  readonly server: TestApp;
  readonly browser: Browser;
}

/**
 * Starts the file's server and Chromium together before its tests and closes both after them.
 * The two are getters: they exist only once beforeAll has run, so read them in tests and hooks.
 */
export function useBrowserTest(options: TestAppOptions = {}): BrowserTest {
  let server: TestApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // Each is kept as soon as it is up, so afterAll closes it even when the other failed to start.
    await Promise.all([
      startTestApp(options).then((started) => (server = started)),
      launchBrowser().then((launched) => (browser = launched)),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('The test server is not started yet: use it inside a test or a hook.');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('Chromium is not started yet: use it inside a test or a hook.');
      return browser;
    },
  };
}

/** The admin's desktop size in most tests. */
export const desktopViewport = { width: 1440, height: 1000 };
export const phoneViewport = { width: 390, height: 844 };
/** A phone as a touch screen, where handles and menu buttons take their finger-sized form. */
export const touchPhone = { viewport: phoneViewport, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** Runs `run` in a fresh browser context, closed afterwards even when `run` fails. */
export async function withContext<T>(
  browser: Browser,
  options: BrowserContextOptions,
  run: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext(options);
  try {
    return await run(context);
  } finally {
    await context.close();
  }
}

/** Runs `run` on a page of a fresh browser context, closed afterwards even when `run` fails. */
export function withPage<T>(
  browser: Browser,
  options: BrowserContextOptions,
  run: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  return withContext(browser, options, async (context) => run(await context.newPage(), context));
}

export interface Credentials {
  email: string;
  password: string;
}

/** An account, or a role to sign in as a fresh account of. */
export type SignInAs = Credentials | Role;

function accountFor(server: TestApp, user: SignInAs): Promise<Credentials> {
  return typeof user === 'string' ? createUserWithRole(server, user) : Promise.resolve(user);
}

/** Signs the context in over the API (its cookies land in the context), for tests about other things. */
export async function signInContext(context: BrowserContext, server: TestApp, user: Credentials): Promise<void> {
  const session = await context.request.get(`${server.url}/api/v1/auth/session`);
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const response = await context.request.post(`${server.url}/api/v1/auth/sign-in`, {
    data: { email: user.email, password: user.password },
    headers: { 'x-csrf-token': csrfToken },
  });
  expect(response.status()).toBe(200);
}

export interface SignInFormOptions {
  /** 'Enter' submits from the password field, as a keyboard user does; the default clicks Sign In. */
  submitBy?: 'click' | 'Enter';
}

/** Opens /auth with `next` and submits the Sign In form, without waiting for where it leads. */
export async function submitSignInForm(
  page: Page,
  server: TestApp,
  user: Credentials,
  next: string,
  { submitBy = 'click' }: SignInFormOptions = {},
): Promise<void> {
  await page.goto(`${server.url}/auth?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(user.email);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill(user.password);
  if (submitBy === 'Enter') await password.press('Enter');
  else await page.getByRole('button', { name: 'Sign In' }).last().click();
}

/** Signs in with the form and waits until the browser has arrived at `next` (or below it). */
export async function signInThroughForm(
  page: Page,
  server: TestApp,
  user: Credentials,
  next: string,
  options: SignInFormOptions = {},
): Promise<void> {
  await submitSignInForm(page, server, user, next, options);
  // Below it as well: /admin itself moves on to the first admin screen.
  const destination = new URL(next, server.url).pathname;
  await page.waitForURL((url) => url.pathname.startsWith(destination));
}

/** A signed-in page and what it logged: page errors, console errors and refused native dialogs. */
export interface PageSession {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

export interface SignedInPageOptions extends BrowserContextOptions, SignInFormOptions {
  /** Where the sign-in form sends the browser. */
  next: string;
  /** The context's timeout for each step, to fail at the step that hangs rather than at the test's end. */
  stepTimeout?: number;
  /**
   * The admin asks in its own dialogs: a window.alert/confirm/prompt is a bug, dismissed and
   * added to the session's errors.
   */
  refuseNativeDialogs?: boolean;
}

type SessionSetup = Omit<SignedInPageOptions, keyof BrowserContextOptions>;

function splitOptions(options: SignedInPageOptions): [BrowserContextOptions, SessionSetup] {
  const { next, stepTimeout, refuseNativeDialogs, submitBy, ...contextOptions } = options;
  return [contextOptions, { next, stepTimeout, refuseNativeDialogs, submitBy }];
}

async function signInNewPage(
  context: BrowserContext,
  server: TestApp,
  user: SignInAs,
  { next, stepTimeout, refuseNativeDialogs, submitBy }: SessionSetup,
): Promise<PageSession> {
  const account = await accountFor(server, user);
  if (stepTimeout !== undefined) context.setDefaultTimeout(stepTimeout);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  if (refuseNativeDialogs) {
    page.on('dialog', (dialog) => {
      errors.push(`native ${dialog.type()} dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
  }
  await signInThroughForm(page, server, account, next, { submitBy });
  return { context, page, errors };
}

/** A new context signed in as `user` through the form; the caller closes `context`. */
export async function openSignedInPage(
  test: BrowserTest,
  user: SignInAs,
  options: SignedInPageOptions,
): Promise<PageSession> {
  const [contextOptions, setup] = splitOptions(options);
  const context = await test.browser.newContext(contextOptions);
  try {
    return await signInNewPage(context, test.server, user, setup);
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** Runs `run` signed in as `user` through the form, in a context closed afterwards. */
export function withSignedInPage<T>(
  test: BrowserTest,
  user: SignInAs,
  options: SignedInPageOptions,
  run: (session: PageSession) => Promise<T>,
): Promise<T> {
  const [contextOptions, setup] = splitOptions(options);
  return withContext(test.browser, contextOptions, async (context) =>
    run(await signInNewPage(context, test.server, user, setup)),
  );
}

/** Runs `run` on a page of a context signed in as `user` over the API, closed afterwards. */
export function withApiSignedInPage<T>(
  test: BrowserTest,
  user: SignInAs,
  options: BrowserContextOptions,
  run: (session: PageSession) => Promise<T>,
): Promise<T> {
  return withContext(test.browser, options, async (context) => {
    await signInContext(context, test.server, await accountFor(test.server, user));
    const page = await context.newPage();
    return run({ context, page, errors: watchPageErrors(page) });
  });
}

/**
 * Whether `target` has the focus; false when it is not on the page. `timeout` bounds the wait for
 * it to appear, so that asking after every key press fails soon on a missing element.
 */
export function isFocused(target: Locator, { timeout }: { timeout?: number } = {}): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement, undefined, { timeout }).catch(() => false);
}

export interface TabToOptions {
  key?: 'Tab' | 'Shift+Tab';
  maxPresses?: number;
  /** Passed to isFocused after each press. */
  timeout?: number;
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves. */
export async function tabTo(
  page: Page,
  target: Locator,
  { key = 'Tab', maxPresses = 60, timeout }: TabToOptions = {},
): Promise<void> {
  for (let presses = 0; presses < maxPresses; presses++) {
    if (await isFocused(target, { timeout })) return;
    await page.keyboard.press(key);
  }
  throw new Error(`the focus did not reach ${target.toString()} in ${maxPresses} presses of ${key}`);
}

/** The public pages are server-rendered; their islands answer once hydration marks <html> with `js`. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.classList.contains('js'));
}

/** Opens a page of the site, expects a 200 and waits for hydration. */
export async function openSitePage(page: Page, server: TestApp, path: string): Promise<void> {
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
}

/** The id of the page with this slug, read from the database. */
export async function pageIdBySlug(server: TestApp, slug: string): Promise<string> {
  const [row] = await server.app.db.select({ id: pages.id }).from(pages).where(pageWithSlug(slug));
  if (!row) throw new Error(`no page with the slug ${slug}`);
  return row.id;
}

/**
 * Saves an image's caption from inside the page with the page's own session, as a second editor
 * would between our read and our save; answers the HTTP status.
 */
export function saveCaptionAsAnotherEditor(
  page: Page,
  image: { id: string; version: number },
  caption: string,
): Promise<number> {
  return page.evaluate(
    async ({ image, caption }) => {
      const session = (await (await fetch('/api/v1/auth/session')).json()) as { csrfToken: string };
      const response = await fetch(`/api/v1/media/${image.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
        body: JSON.stringify({ version: image.version, caption }),
      });
      return response.status;
    },
    { image: { id: image.id, version: image.version }, caption },
  );
}
