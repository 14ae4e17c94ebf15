import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { waitForMailTo } from '@budget/platform';
import { launchChromium, startStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

let counter = 0;
async function signUp(page: Page): Promise<{ username: string; email: string }> {
  counter += 1;
  const username = `e2e${Date.now().toString(36)}${counter}`;
  const email = `${username}@example.test`;
  await page.goto(stack.url);
  await page.getByText('We all spend money. Be smart about how you spend it.').waitFor();
  await page.getByRole('link', { name: 'Sign up' }).first().click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByLabel('Confirm Password').fill('Secret123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const mail = await waitForMailTo(stack.outbox, email, { timeoutMs: 20_000 });
  const code = /[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(mail.text)?.[0];
  expect(code, 'the welcome mail carries a code').toBeTruthy();
  await page.getByLabel('Code', { exact: true }).fill(code!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/home');
  return { username, email };
}

async function expectSystemCategories(page: Page): Promise<void> {
  const list = page.getByTestId('category-list');
  await list.getByText('Unassigned').waitFor();
  for (const name of ['Unassigned', 'Funding Pool', 'Account Transfers', 'Category Transfers']) {
    expect(await list.getByText(name, { exact: true }).count(), name).toBeGreaterThan(0);
  }
}

describe('from sign-up to sign-out on the stack npm start runs', () => {
  it('signs up with the mailed code, keeps the session across a reload, signs out to the landing page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const { username } = await signUp(page);
    await expectSystemCategories(page);
    expect(await page.getByTestId('sidebar').isVisible()).toBe(true);

    await page.reload();
    await page.waitForURL('**/home');
    await expectSystemCategories(page);

    await page.getByRole('button', { name: username }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('We all spend money. Be smart about how you spend it.').waitFor();
    await context.close();
  });

  it('shows the bottom bar at 390px width', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signUp(page);
    await expectSystemCategories(page);
    expect(await page.getByTestId('bottom-bar').isVisible()).toBe(true);
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    await context.close();
  });
});
