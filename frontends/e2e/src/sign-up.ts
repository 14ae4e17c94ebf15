import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { waitForMailTo } from '@budget/platform';
import type { Stack } from './stack.js';

let counter = 0;

/** Signs a new user up through the screens with the code mailed to the outbox; ends on /home. */
export async function signUp(page: Page, stack: Stack): Promise<{ username: string; email: string }> {
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
