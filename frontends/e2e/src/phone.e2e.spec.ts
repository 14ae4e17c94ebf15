import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiCategories, apiOk } from './ledger-api.js';
import { injectAxe } from './axe-audit.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';
import { networkQuiet } from './network-quiet.js';

/**
 * The product on a phone (docs/architecture.md §9; docs/spec/product-spec.md §2 Navigation): at 390px
 * the bottom bar and its More menu, the header with the page title, the list that slides a details
 * pane in, a transaction dialog that fits, pull-to-refresh on a register; every main page at phone
 * and desktop width in light and dark, kept as screenshots under frontends/e2e/artifacts/screenshots;
 * the manifest and the service worker, which never keeps an /api/ answer.
 */
let stack: Stack;
let browser: Browser;
withStack((started) => ({ stack, browser } = started));

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;
const SCREENSHOTS = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
const DARK_BG = 'rgb(20, 23, 28)';
/* Expressions evaluated in the page (the e2e project has no DOM types). */
const SCROLL_WIDTH = 'document.documentElement.scrollWidth';
const BODY_BG = 'getComputedStyle(document.body).backgroundColor';
const THEME = 'document.documentElement.dataset.theme';
const LIGHT_BG = 'rgb(246, 247, 249)';

interface Seeded {
  session: Awaited<ReturnType<BrowserContext['storageState']>>;
  username: string;
  accountId: string;
  unassignedId: string;
}

const api = (page: Page, method: string, path: string, body?: unknown): Promise<unknown> => apiOk(page, stack.url, method, path, body);

const addTransaction = (page: Page, accountId: string, date: string, name: string, amount: number) =>
  api(page, 'POST', `account/${accountId}/transactions`, { date, name, amount, categories: [] });

/** A user with a checking account and three rows waiting in Unassigned, signed up at desktop width. */
async function seed(): Promise<Seeded> {
  const context = await browser.newContext(DESKTOP);
  const page = await context.newPage();
  const { username } = await signUp(page, stack);
  const institution = (await api(page, 'POST', 'institution', {
    institution: { name: 'Town Bank' },
    accounts: [{ name: 'Everyday Checking', balance: 500, tracking: 'Transactions' }],
    startDate: '2025-01-01',
  })) as { data: { accounts: { id: string }[] } };
  const accountId = institution.data.accounts[0]!.id;
  await addTransaction(page, accountId, '2025-03-05', 'Corner Cafe', -4.5);
  await addTransaction(page, accountId, '2025-03-06', 'Book Nook', -9.99);
  await addTransaction(page, accountId, '2025-03-07', 'Paycheck', 1200);
  const unassignedId = (await apiCategories(page, stack.url)).find((c) => c.name === 'Unassigned')!.id;
  const session = await context.storageState();
  await context.close();
  return { session, username, accountId, unassignedId };
}

/** The left edge of the details pane against the left and right edges of its list-detail box. */
async function paneEdges(page: Page): Promise<{ pane: number; left: number; right: number }> {
  return page.locator('.ui-list-detail').first().evaluate((box) => {
    const pane = box.querySelector('.ui-list-detail__detail')!.getBoundingClientRect();
    const outer = box.getBoundingClientRect();
    return { pane: Math.round(pane.left), left: Math.round(outer.left), right: Math.round(outer.right) };
  });
}

async function expectPaneIn(page: Page): Promise<void> {
  await expect.poll(async () => { const e = await paneEdges(page); return e.pane === e.left; }, { timeout: 5_000 }).toBe(true);
}
async function expectPaneOut(page: Page): Promise<void> {
  await expect.poll(async () => { const e = await paneEdges(page); return e.pane >= e.right; }, { timeout: 5_000 }).toBe(true);
}

/** Drags a finger down the element from near its top by `distance` pixels (Chromium touch events). */
async function pullDown(page: Page, selector: string, distance: number, release: () => Promise<void>): Promise<void> {
  const box = (await page.locator(selector).first().boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const x = box.x + box.width / 2;
  const y = box.y + 10;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let moved = 20; moved <= distance; moved += 20) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + moved }] });
  }
  await release();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Waits for a page to settle: no request in flight, no spinner, transitions done. */
async function settle(page: Page): Promise<void> {
  await networkQuiet(page);
  await expect.poll(() => page.locator('.ui-spinner').count(), { timeout: 15_000 }).toBe(0);
  await page.waitForTimeout(350);
}

describe('the product on a phone (390px)', () => {
  it('signs in, browses categories and a register (the pane slides in and back), opens a transaction, pulls to refresh, uses More', async () => {
    const seeded = await seed();
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    // The change feed is down for this page (a proxy that drops streams, say): a row added elsewhere
    // then waits for a pull to refresh (with the feed it appears by itself: change-feed.e2e.spec.ts).
    await page.route('**/api/v1/events**', (route) => route.abort());
    await page.goto(`${stack.url}/signin`);
    await page.getByLabel('Username').fill(seeded.username);
    await page.getByLabel('Password').fill('Secret123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/home');

    // The header names the page; the bottom bar holds Categories, Bills, Accounts, Reports and More.
    const bar = page.getByTestId('bottom-bar');
    await bar.waitFor();
    // React Router renders a navigation in a transition: the URL changes before the new page (and its title) commits.
    await expect.poll(() => page.getByTestId('mobile-title').textContent()).toBe('Categories');
    expect(await bar.locator('.ui-bottom-bar__item').allTextContents()).toEqual(['Categories', 'Bills', 'Accounts', 'Reports', 'More']);
    expect(await page.getByTestId('sidebar').count()).toBe(0);

    // The list shows; the details pane waits off to the right until a category is chosen.
    await page.getByTestId('category-list').waitFor();
    await expectPaneOut(page);
    await page.getByTestId(`category-${seeded.unassignedId}`).click();
    await page.waitForURL(`**/home/${seeded.unassignedId}`);
    await expectPaneIn(page);
    const rows = page.getByTestId('register-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
    expect(await rows.first().textContent()).toContain('Paycheck');

    // Pull-to-refresh (the feed down): a row added elsewhere appears after a pull past the threshold, not before.
    await addTransaction(page, seeded.accountId, '2025-03-08', 'Farm Stand', -7.25);
    await page.waitForTimeout(500);
    expect(await rows.filter({ hasText: 'Farm Stand' }).count()).toBe(0);
    await pullDown(page, '.ui-list-detail__detail .ui-register__scroller', 300, async () => {
      await page.getByText('Release to refresh').waitFor();
    });
    await rows.filter({ hasText: 'Farm Stand' }).waitFor({ timeout: 15_000 });
    expect(await rows.count()).toBe(4);

    // A transaction opens in a dialog that fits the screen, its buttons in reach.
    await rows.filter({ hasText: 'Corner Cafe' }).click();
    const dialog = page.getByTestId('transaction-dialog');
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.width).toBeGreaterThanOrEqual(360);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    await cancel.scrollIntoViewIfNeeded();
    const cancelBox = (await cancel.boundingBox())!;
    expect(cancelBox.y + cancelBox.height).toBeLessThanOrEqual(844);
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Corner Cafe');
    expect(await page.evaluate<number>(SCROLL_WIDTH)).toBeLessThanOrEqual(390);
    await cancel.click();
    await dialog.waitFor({ state: 'detached' });

    // Categories on the bar returns to the remembered category; Back slides the pane out to the list.
    await bar.getByRole('link', { name: 'Bills' }).click();
    await page.waitForURL('**/bills');
    await expect.poll(() => page.getByTestId('mobile-title').textContent()).toBe('Bills');
    expect(await bar.getByRole('link', { name: 'Categories' }).getAttribute('href')).toBe(`/home/${seeded.unassignedId}`);
    await bar.getByRole('link', { name: 'Categories' }).click();
    await page.waitForURL(`**/home/${seeded.unassignedId}`);
    await expectPaneIn(page);
    await page.locator('.ui-list-detail__detail').getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    await expectPaneOut(page);
    await page.getByTestId('category-list').getByRole('link').first().waitFor();

    // Accounts: the account's details slide in; its tab strip scrolls sideways instead of clipping.
    await bar.getByRole('link', { name: 'Accounts' }).click();
    await page.getByTestId(`account-${seeded.accountId}`).click();
    await page.waitForURL(`**/accounts/${seeded.accountId}`);
    await expectPaneIn(page);
    const tabs = page.locator('.ui-list-detail__detail [role="tablist"]').first();
    await tabs.waitFor();
    const strip = await tabs.evaluate((el) => ({ overflow: el.ownerDocument.defaultView!.getComputedStyle(el).overflowX, right: el.getBoundingClientRect().right }));
    expect(['auto', 'scroll']).toContain(strip.overflow);
    expect(strip.right).toBeLessThanOrEqual(390);
    const lastTab = tabs.getByRole('tab').last();
    await lastTab.scrollIntoViewIfNeeded();
    const lastBox = (await lastTab.boundingBox())!;
    expect(lastBox.x + lastBox.width).toBeLessThanOrEqual(390.5);
    expect(await page.evaluate<number>(SCROLL_WIDTH)).toBeLessThanOrEqual(390);

    // More holds Month, Account, Auto Assign, Search and Logs.
    await bar.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Logs' }).waitFor(); // the menu's parts load on first use
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Month', 'Schedules', 'Account', 'Auto Assign', 'Search', 'Logs']);
    await page.getByRole('menuitem', { name: 'Search' }).click();
    await page.waitForURL('**/search');
    await expect.poll(() => page.getByTestId('mobile-title').textContent()).toBe('Search');
    await page.getByLabel('Search transactions').fill('book');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('register-row').filter({ hasText: 'Book Nook' }).waitFor();
    await bar.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Logs' }).click();
    await page.waitForURL('**/logs');
    await expect.poll(() => page.getByTestId('mobile-title').textContent()).toBe('Logs');
    await context.close();
  });

  // One test per colour scheme: twenty pages a scheme, each well inside the e2e time limit on a shared machine.
  it.each(['light', 'dark'] as const)('shows every main page at phone and desktop width in %s, without sideways overflow on the phone', async (scheme) => {
    const seeded = await seed();
    const pages: [string, string][] = [
      ['home', '/home'],
      ['category', `/home/${seeded.unassignedId}`],
      ['bills', '/bills'],
      ['accounts', '/accounts'],
      ['account', `/accounts/${seeded.accountId}`],
      ['search', '/search?q=cafe'],
      ['reports', '/reports'],
      ['auto-assignments', '/auto-assignments'],
      ['logs', '/logs'],
      ['user', '/user'],
    ];
    mkdirSync(SCREENSHOTS, { recursive: true });
    const overflowing: string[] = [];
    for (const [width, options] of [[390, PHONE], [1280, DESKTOP]] as const) {
      const context = await browser.newContext({ ...options, colorScheme: scheme, storageState: seeded.session });
      const page = await context.newPage();
      for (const [name, path] of pages) {
        await page.goto(`${stack.url}${path}`);
        await page.locator('main').waitFor();
        await settle(page);
        // The user's choice is "system" (the default): the browser's scheme decides.
        expect(await page.evaluate<string>(BODY_BG), `${name} ${scheme}`).toBe(scheme === 'dark' ? DARK_BG : LIGHT_BG);
        expect((await page.locator('main').innerText()).trim().length, `${name} shows something`).toBeGreaterThan(0);
        const file = `${SCREENSHOTS}${name}-${width}-${scheme}.png`;
        await page.screenshot({ path: file });
        expect(statSync(file).size, file).toBeGreaterThan(2_000);
        const png = readFileSync(file);
        expect(png.readUInt32BE(16), `${file} width`).toBe(width);
        if (width === 390) {
          const scrollWidth = await page.evaluate<number>(SCROLL_WIDTH);
          if (scrollWidth > 390) overflowing.push(`${name} (${scheme}): ${scrollWidth}px`);
        }
      }
      await context.close();
    }
    expect(overflowing).toEqual([]);
  });

  it("follows the user's theme choice over the browser's setting, and dark text keeps its contrast (axe colour-contrast)", async () => {
    const seeded = await seed();
    const context = await browser.newContext({ ...DESKTOP, colorScheme: 'light', storageState: seeded.session });
    const page = await context.newPage();
    await page.goto(`${stack.url}/home/${seeded.unassignedId}`);
    await settle(page);
    await api(page, 'PATCH', 'user/preferences', { theme: 'dark' });
    await page.reload();
    await expect.poll(() => page.evaluate<string | undefined>(THEME)).toBe('dark');
    await expect.poll(() => page.evaluate<string>(BODY_BG)).toBe(DARK_BG);
    await settle(page);

    const contrast = async (target: Page) => {
      await injectAxe(target);
      // axe.run over the page with the one rule; each violation as its rule and the elements' selectors.
      return target.evaluate<string[]>(`axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] } }).then((result) =>
        result.violations.flatMap((v) => v.nodes.map((n) => v.id + ' ' + JSON.stringify(n.target) + ' ' + (n.failureSummary || ''))))`);
    };
    expect(await contrast(page), 'dark category register').toEqual([]);
    await page.goto(`${stack.url}/accounts/${seeded.accountId}`);
    await settle(page);
    expect(await contrast(page), 'dark account').toEqual([]);

    // Light chosen in a dark browser: light.
    await api(page, 'PATCH', 'user/preferences', { theme: 'light' });
    const darkBrowser = await browser.newContext({ ...PHONE, colorScheme: 'dark', storageState: await context.storageState() });
    const phone = await darkBrowser.newPage();
    await phone.goto(`${stack.url}/home`);
    await expect.poll(() => phone.evaluate<string | undefined>(THEME), { timeout: 15_000 }).toBe('light');
    // The device keeps the last choice: the next load paints light before the preferences answer.
    await phone.route('**/api/v1/user/preferences', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await phone.reload();
    await phone.locator('main').waitFor();
    expect(await phone.evaluate<string | undefined>(THEME)).toBe('light');
    expect(await phone.evaluate<string>(BODY_BG)).toBe(LIGHT_BG);
    await phone.unrouteAll({ behavior: 'wait' });
    await expect.poll(() => phone.evaluate<string>(BODY_BG)).toBe(LIGHT_BG);
    await settle(phone);
    expect(await contrast(phone), 'light phone home').toEqual([]);
    await darkBrowser.close();
    await context.close();
  });
});

describe('dialogs on a 390px screen', () => {
  /** The open dialog fits the screen's width and height, and its Cancel button can be reached. */
  async function expectUsable(page: Page, name: string): Promise<void> {
    const dialog = page.getByRole('dialog').last();
    await dialog.waitFor();
    await page.waitForTimeout(250);
    const box = (await dialog.boundingBox())!;
    expect(box.x, `${name} left edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} right edge`).toBeLessThanOrEqual(390);
    expect(box.width, `${name} uses the width`).toBeGreaterThanOrEqual(360);
    expect(box.y + box.height, `${name} height`).toBeLessThanOrEqual(844);
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    await cancel.scrollIntoViewIfNeeded();
    const cancelBox = (await cancel.boundingBox())!;
    expect(cancelBox.y + cancelBox.height, `${name} Cancel in reach`).toBeLessThanOrEqual(844);
    expect(await page.evaluate<number>(SCROLL_WIDTH), `${name} overflow`).toBeLessThanOrEqual(390);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}dialog-${name}-390.png` });
    await cancel.click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('fit the screen, scroll inside, and keep their buttons in reach', async () => {
    const seeded = await seed();
    const context = await browser.newContext({ ...PHONE, storageState: seeded.session });
    const page = await context.newPage();
    await page.goto(`${stack.url}/home`);
    await page.getByTestId('category-list').waitFor();
    const home: [string, () => Promise<void>][] = [
      ['fund', () => page.getByRole('button', { name: 'Fund', exact: true }).click()],
      ['rebalance', () => page.getByRole('button', { name: 'Rebalance' }).click()],
      ...(['Group', 'Category', 'Bill', 'Goal'] as const).map((item): [string, () => Promise<void>] => [
        `add-${item.toLowerCase()}`,
        async () => {
          await page.getByRole('button', { name: 'Add…' }).click();
          await page.getByRole('menuitem', { name: item, exact: true }).click();
        },
      ]),
    ];
    for (const [name, open] of home) {
      await open();
      await expectUsable(page, name);
    }
    await page.goto(`${stack.url}/accounts/${seeded.accountId}`);
    await page.getByTestId('register-row').first().waitFor();
    for (const item of ['Add Offline Institution', 'Add Transaction', 'Import OFX', 'Import CSV']) {
      await page.getByRole('button', { name: 'Actions…' }).click();
      await page.getByRole('menuitem', { name: item }).click();
      await expectUsable(page, item.toLowerCase().replace(/ /g, '-'));
    }
    await context.close();
  });
});

describe('auth pages (docs/spec/product-spec.md §9: 350px and 1224px)', () => {
  it('use the whole width under 350px, a 350px card up to 1224px and a wider one beyond, never overflowing', async () => {
    const cards: Record<number, number> = {};
    for (const width of [320, 390, 1000, 1300]) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, hasTouch: width < 600, isMobile: width < 600 });
      const page = await context.newPage();
      await page.goto(`${stack.url}/signin`);
      const card = page.locator('.auth-page__card');
      await card.waitFor();
      cards[width] = Math.round((await card.boundingBox())!.width);
      expect(await page.evaluate<number>(SCROLL_WIDTH), `sign-in at ${width}px`).toBeLessThanOrEqual(width);
      await page.goto(`${stack.url}/signup`);
      await page.getByLabel('Username').waitFor();
      expect(await page.evaluate<number>(SCROLL_WIDTH), `sign-up at ${width}px`).toBeLessThanOrEqual(width);
      await context.close();
    }
    // 320 − 2 × 8px of page padding; then the 350px card; 420px from 1224px on.
    expect(cards).toEqual({ 320: 304, 390: 350, 1000: 350, 1300: 420 });
  });
});

describe('installable', () => {
  it('serves the manifest; the service worker registers, caches the shell and the remotes, and never an /api/ answer', async () => {
    const manifestResponse = await fetch(`${stack.url}/manifest.webmanifest`);
    expect(manifestResponse.status).toBe(200);
    expect(manifestResponse.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await manifestResponse.json()) as { start_url: string; display: string; icons: { src: string; sizes: string }[] };
    expect(manifest).toMatchObject({ start_url: '/home', display: 'standalone' });
    for (const icon of manifest.icons) {
      const png = await fetch(`${stack.url}${icon.src}`);
      expect(png.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await png.arrayBuffer());
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
    }

    const seeded = await seed();
    const context = await browser.newContext({ ...DESKTOP, storageState: seeded.session });
    const page = await context.newPage();
    await page.goto(`${stack.url}/home`);
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const scope = await page.evaluate<string>('navigator.serviceWorker.ready.then((registration) => registration.scope)');
    expect(scope).toBe(`${stack.url}/`);
    // The first page was loaded without it; from the next load on it answers the page's requests.
    await page.reload();
    await expect.poll(() => page.evaluate<string | null>('navigator.serviceWorker.controller?.scriptURL ?? null')).toBe(`${stack.url}/sw.js`);
    const apiCalls: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) apiCalls.push(response.url());
    });
    await page.goto(`${stack.url}/home/${seeded.unassignedId}`);
    await expect.poll(() => page.getByTestId('register-row').count(), { timeout: 15_000 }).toBe(3);
    await page.goto(`${stack.url}/accounts/${seeded.accountId}`);
    await settle(page);
    expect(apiCalls.length).toBeGreaterThan(0);

    const cached = await page.evaluate<string[]>(`(async () => {
      const urls = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    })()`);
    expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);
    expect(cached).toContain('/index.html');
    expect(cached).toContain('/manifest.webmanifest');
    expect(cached.some((path) => /^\/main\.[0-9a-f]{8}\.js$/.test(path)), 'the shell entry').toBe(true);
    expect(cached.some((path) => /^\/remotes\/home\/.+\.[0-9a-f]{8}\.js$/.test(path)), "the home remote's scripts").toBe(true);
    expect(cached.some((path) => /^\/remotes\/accounts\/.+\.[0-9a-f]{8}\.js$/.test(path)), "the accounts remote's scripts").toBe(true);

    // Offline, the page still opens from the cached shell (the data, never cached, does not).
    await context.setOffline(true);
    await page.reload();
    await page.locator('#root').waitFor({ state: 'attached' });
    expect(await page.title()).toBe('Budget');
    await context.setOffline(false);
    await context.close();
  });
});
