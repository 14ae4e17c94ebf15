import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

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
    const { username } = await signUp(page, stack);
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

  it('shows every field\'s message at once, the password mismatch under Confirm Password, and changes nothing', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${stack.url}/signup`);
    const form = page.getByRole('form', { name: 'Enter info' });
    await form.getByLabel('Email').fill('not an address');
    await form.getByLabel('Password', { exact: true }).fill('Secret123');
    await form.getByLabel('Confirm Password').fill('Secret124');
    await form.getByRole('button', { name: 'Sign Up' }).click();
    // Each message is the field's description, so a screen reader reads it with the field.
    const describedBy = async (label: string, exact = false) => {
      const id = await form.getByLabel(label, { exact }).getAttribute('aria-describedby');
      return id ? (await page.locator(`[id="${id}"]`).textContent())?.trim() : null;
    };
    await expect.poll(() => describedBy('Username')).toBe('A username is required');
    expect(await describedBy('Email')).toBe('The email field must be a valid email address');
    expect(await describedBy('Confirm Password')).toBe('Passwords must match the confirmed password');
    expect(await describedBy('Password', true)).toBeNull();
    // Still on the form: nothing was registered.
    expect(new URL(page.url()).pathname).toBe('/signup');
    await context.close();
  });

  it('shows the bottom bar at 390px width', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signUp(page, stack);
    await expectSystemCategories(page);
    expect(await page.getByTestId('bottom-bar').isVisible()).toBe(true);
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    await context.close();
  });
});
