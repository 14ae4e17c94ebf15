import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildFrontends } from './build.js';
import { fakeApi, TOKENS, VALID_CODE } from './fake-api.js';
import { launchChromium, serveSite, signedInPage, type Site } from './harness.js';

describe('navigating the signed-in app', () => {
  let browser: Browser;
  let site: Site;

  beforeAll(async () => {
    buildFrontends();
    browser = await launchChromium();
    site = await serveSite({ api: fakeApi() });
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('lists the desktop menu with Admin for admins and follows the path prefix', async () => {
    const page = await signedInPage(browser, `${site.url}/accounts`, TOKENS);
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByRole('link', { name: 'Admin' }).waitFor();
    const labels = await sidebar.getByRole('link').allTextContents();
    expect(labels).toEqual(['Home', 'Bills', 'Accounts', 'Search', 'Reports', 'Auto Assign', 'Logs', 'Admin']);
    expect(await sidebar.locator('[aria-current="page"]').textContent()).toBe('Accounts');
    await page.getByTestId('institutions-empty').waitFor();
    expect(await page.getByTestId('institutions-empty').textContent()).toBe('No institutions yet');
  });

  it('returns Home to the remembered category and redirects unknown ones', async () => {
    const page = await signedInPage(browser, `${site.url}/home/21`, TOKENS);
    await page.getByTestId('category-register').waitFor();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Bills' }).click();
    await page.getByRole('table', { name: 'Bills' }).waitFor();
    expect(await page.getByText('No bills').isVisible()).toBe(true);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Home' }).click();
    await page.waitForURL('**/home/21');

    await page.goto(`${site.url}/home/999`);
    await page.waitForURL((url) => url.pathname === '/home');
  });

  it('validates the search string', async () => {
    const page = await signedInPage(browser, `${site.url}/search`, TOKENS);
    await page.getByLabel('Search').fill('   ');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('A non-empty search string must be provided').waitFor();
  });

  it('opens a report form with dates defaulting to the last year', async () => {
    const page = await signedInPage(browser, `${site.url}/reports`, TOKENS);
    await page.getByRole('link', { name: 'Income Vs. Expenses' }).click();
    const start = await page.getByLabel('Start Date').inputValue();
    const end = await page.getByLabel('End Date').inputValue();
    expect(Number(end.slice(0, 4)) - Number(start.slice(0, 4))).toBe(1);
    expect(end.slice(4)).toBe(start.slice(4));
  });

  it('uses the bottom bar on a phone, where Reports only logs', async () => {
    const page = await signedInPage(browser, `${site.url}/home`, TOKENS, { width: 390, height: 800 });
    const bar = page.getByTestId('bottom-bar');
    await bar.waitFor();
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    const logged = page.waitForEvent('console', (message) => message.text() === 'not implemented');
    await bar.getByRole('button', { name: 'Reports' }).click();
    await logged;
    expect(new URL(page.url()).pathname).toBe('/home');
    await bar.getByRole('button', { name: 'More' }).click();
    const more = await page.getByRole('menuitem').allTextContents();
    expect(more).toEqual(['Account', 'Auto Assign', 'Search', 'Logs', 'Plaid Logs']);
  });

  it('shows a server crash as the server error screen', async () => {
    const page = await signedInPage(browser, `${site.url}/auto-assignments`, TOKENS);
    const message = page.getByTestId('server-error-message');
    await message.waitFor();
    expect(await message.textContent()).toBe('Error: boom');
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await message.waitFor({ state: 'detached' });
    expect(await page.getByText('No auto-assignment rules').isVisible()).toBe(true);
  });

  it('changes the email through a pending address and its code', async () => {
    const page = await signedInPage(browser, `${site.url}/user`, TOKENS);
    expect(await page.getByLabel('Username').inputValue()).toBe('alice');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('alice@new.example');
    await page.getByRole('button', { name: 'Change' }).click();
    const pending = page.getByTestId('pending-email');
    await pending.getByText('Waiting for verification').waitFor();
    expect(await pending.textContent()).toContain('alice@new.example');
    await pending.getByRole('textbox', { name: 'Code' }).fill(VALID_CODE);
    await pending.getByRole('button', { name: 'Verify' }).click();
    await pending.waitFor({ state: 'detached' });
  });
});
