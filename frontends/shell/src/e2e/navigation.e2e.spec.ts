import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildFrontends } from './build.js';
import { fakeApi, TOKENS, VALID_CODE } from './fake-api.js';
import { launchChromium, serveSite, signedInPage, type Site } from './harness.js';

describe('navigating the signed-in app', () => {
  let browser: Browser;
  let site: Site;

  const calls: string[] = [];

  beforeAll(async () => {
    buildFrontends();
    browser = await launchChromium();
    site = await serveSite({ api: fakeApi(calls, { crashOnce: ['GET /api/v1/transaction-logs'] }) });
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('lists the desktop menu in the order of spec §2 (Plaid Logs: the fake user is an admin), and follows the path prefix', async () => {
    const page = await signedInPage(browser, `${site.url}/accounts`, TOKENS);
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByRole('link', { name: 'Logs', exact: true }).waitFor();
    const labels = await sidebar.getByRole('link').allTextContents();
    expect(labels).toEqual(['Home', 'Month', 'Bills', 'Schedules', 'Accounts', 'Search', 'Reports', 'Auto Assign', 'Logs', 'Plaid Logs']);
    expect(await sidebar.locator('[aria-current="page"]').textContent()).toBe('Accounts');
    await page.getByTestId('institutions-empty').waitFor();
    expect(await page.getByTestId('institutions-empty').textContent()).toBe('No institutions yet');
  });

  it('returns Home to the remembered category and redirects unknown ones', async () => {
    const page = await signedInPage(browser, `${site.url}/home/21`, TOKENS);
    await page.getByTestId('category-register').waitFor();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Bills' }).click();
    // A React Aria grid once its code has arrived (a plain table until then): its empty state shows.
    await page.getByRole('grid', { name: 'Bills' }).getByText('No bills').waitFor();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Home' }).click();
    await page.waitForURL('**/home/21');

    await page.goto(`${site.url}/home/999`);
    await page.waitForURL((url) => url.pathname === '/home');
  });

  it('opens Reports from the sidebar: the list of the six reports (spec §2) and the spending breakdown, without running one', async () => {
    const page = await signedInPage(browser, `${site.url}/home`, TOKENS);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL((url) => url.pathname === '/reports');
    const list = page.getByRole('list', { name: 'Reports' });
    await list.waitFor();
    expect(await list.getByRole('link').allTextContents()).toEqual([
      'Net Worth', 'Payee', 'Category', 'Income Vs. Expenses', 'Funding History', 'Budget Progress', 'Spending Breakdown',
    ]);
    expect(await page.getByText('not available yet').count()).toBe(0);
    expect(calls.filter((call) => call.includes('/reports/'))).toEqual([]);
  });

  it('uses the bottom bar on a phone: Reports goes to /reports; Auto Assign, Search, and Plaid Logs for an admin, are under More', async () => {
    const page = await signedInPage(browser, `${site.url}/home`, TOKENS, { width: 390, height: 800 });
    const bar = page.getByTestId('bottom-bar');
    await bar.waitFor();
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    await bar.getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL((url) => url.pathname === '/reports');
    // The URL changes before the navigation's transition commits the bar's current link.
    await expect.poll(() => bar.getByRole('link', { name: 'Reports' }).getAttribute('aria-current')).toBe('page');
    await bar.getByRole('button', { name: 'More' }).click();
    // The menu's code may still be arriving when the button is pressed: its items follow.
    await expect.poll(() => page.getByRole('menuitem').allTextContents()).toEqual(['Month', 'Schedules', 'Account', 'Auto Assign', 'Search', 'Logs', 'Plaid Logs']);
    expect(await page.getByRole('menuitem', { name: 'Plaid Logs' }).isVisible()).toBe(true);
  });

  it('shows a server crash as the server error screen, then the failed load with a retry, not an empty list', async () => {
    const page = await signedInPage(browser, `${site.url}/logs`, TOKENS);
    const message = page.getByTestId('server-error-message');
    await message.waitFor();
    expect(await message.textContent()).toBe('Error: boom');
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await message.waitFor({ state: 'detached' });
    const failed = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await failed.waitFor();
    expect(await page.getByText('No log entries').count()).toBe(0);
    await failed.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('No log entries').waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'could not be loaded' }).count()).toBe(0);
  });

  it('shows an unknown page as "Page not found" with a way home: the front page signed out, the budget signed in', async () => {
    const signedOut = await browser.newPage();
    await signedOut.goto(`${site.url}/no-such-page`);
    await signedOut.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await signedOut.getByTestId('not-found').textContent()).toContain('There is no page at /no-such-page.');
    await signedOut.getByRole('link', { name: 'Back to home' }).click();
    await signedOut.waitForURL((url) => url.pathname === '/');
    await signedOut.close();

    const page = await signedInPage(browser, `${site.url}/no-such-page`, TOKENS);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByTestId('sidebar').waitFor();
  });

  it('changes the email through a pending address and its code', async () => {
    const page = await signedInPage(browser, `${site.url}/user`, TOKENS);
    expect(await page.getByLabel('Username').inputValue()).toBe('alice');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('alice@new.example');
    await page.getByRole('button', { name: 'Change', exact: true }).click();
    const pending = page.getByTestId('pending-email');
    await pending.getByText('Waiting for verification').waitFor();
    expect(await pending.textContent()).toContain('alice@new.example');
    await pending.getByRole('textbox', { name: 'Code' }).fill(VALID_CODE);
    await pending.getByRole('button', { name: 'Verify' }).click();
    await pending.waitFor({ state: 'detached' });
  });
});
