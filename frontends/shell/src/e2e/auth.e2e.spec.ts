import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildFrontends } from './build.js';
import { fakeApi, VALID_CODE } from './fake-api.js';
import { launchChromium, serveSite, type Site } from './harness.js';

describe('signing up and signing in', () => {
  let browser: Browser;
  let site: Site;
  const calls: string[] = [];

  beforeAll(async () => {
    buildFrontends();
    browser = await launchChromium();
    site = await serveSite({ api: fakeApi(calls) });
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('shows the landing phrase with Sign up and Sign in links', async () => {
    const page = await browser.newPage();
    await page.goto(site.url);
    await page.getByText('We all spend money. Be smart about how you spend it.').waitFor();
    expect(await page.getByRole('link', { name: 'Sign up' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBeGreaterThan(0);
  });

  it('signs up: Enter Info, Verify Code with a resend, then the home screen', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/signup`);
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Email').fill('Alice@Example.com');
    await page.getByLabel('Password', { exact: true }).fill('Secret123');
    await page.getByLabel('Confirm Password').fill('Secret123');
    expect(await page.getByText('you agree to the Terms and Privacy Statement').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await page.getByRole('textbox', { name: 'Code' }).fill('WRONG');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('This code is not valid.').waitFor();

    await page.getByRole('button', { name: 'Resend code' }).click();
    await page.getByText('A new code has been sent to the email address you provided.').waitFor();

    await page.getByRole('textbox', { name: 'Code' }).fill(VALID_CODE);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/home');
    await page.getByTestId('category-20').waitFor();
    // The row's link names the category; its balance is the button beside it (it explains the balance).
    expect(await page.getByTestId('category-20').textContent()).toBe('Groceries');
    expect(await page.getByTestId('category-balance-20').textContent()).toBe('125.50');
    expect(calls).toContain('POST /api/v1/register');
    expect(calls).toContain('POST /api/v1/code-request');
  });

  it('shows server validation errors on their fields', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/signup`);
    await page.getByLabel('Username').fill('taken');
    await page.getByLabel('Email').fill('bob@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Secret123');
    await page.getByLabel('Confirm Password').fill('Secret123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const username = page.getByLabel('Username');
    await page.getByText('The username has already been taken').waitFor();
    expect(await username.getAttribute('aria-invalid')).toBe('true');
  });

  it('signs in after a rejected password, and signs out to the landing page', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/signin`);
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill('nope');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('The username or password does not match our records.').first().waitFor();

    await page.getByLabel('Password').fill('Secret123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/home');

    await page.getByRole('button', { name: 'alice' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(`${site.url}/`);
    expect(await page.evaluate(() => localStorage.getItem('budget.refreshToken'))).toBeNull();
    expect(calls).toContain('POST /api/v1/logout');
  });

  it('shows the sign-in form on an authenticated route when signed out', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/bills`);
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/bills');
  });
});
