import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { waitForMailTo } from '@budget/platform';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

const NEW_PASSWORD = 'Changed456';

async function codeIn(to: string): Promise<string> {
  const mail = await waitForMailTo(stack.outbox, to, { timeoutMs: 20_000 });
  const code = /[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(mail.text)?.[0];
  expect(code, `a code mailed to ${to}`).toBeTruthy();
  return code!;
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${stack.url}/signin`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

const background = (page: Page) => page.evaluate('getComputedStyle(document.body).backgroundColor') as Promise<string>;
const theme = (page: Page) => page.evaluate('document.documentElement.dataset.theme') as Promise<string | undefined>;

/**
 * The user page (product-spec §2 User page) in Chromium against the stack `npm start`
 * runs: change the e-mail and verify it with the mailed code, change the password (the current one
 * asked: a wrong one refused) and sign in with the new one, switch the theme (kept by the server), the notifications button's reason when the
 * browser can't, and Delete Account back to `/`.
 */
describe('the /user page', () => {
  it('changes and verifies the e-mail, changes the password, switches the theme, and deletes the account', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { username, email } = await signUp(page, stack);
    await page.goto(`${stack.url}/user`);
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe(username);
    expect(await page.getByLabel('Username').getAttribute('readonly')).not.toBeNull();

    // E-mail: Change → pending block → the code mailed to the new address → the address is changed.
    const next = `moved-${email}`;
    const emailForm = page.getByRole('form', { name: 'Change email' });
    await emailForm.getByLabel('Email').fill(next);
    await emailForm.getByRole('button', { name: 'Change' }).click();
    const pending = page.getByTestId('pending-email');
    await pending.getByText(next).first().waitFor();
    // The field keeps the confirmed address, and the page says once that the new one is waiting.
    await expect.poll(() => emailForm.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByText(/waiting for verification/i).count()).toBe(1);
    await pending.getByLabel('Code', { exact: true }).fill(await codeIn(next));
    await pending.getByRole('button', { name: 'Verify' }).click();
    await pending.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('form', { name: 'Change email' }).getByLabel('Email').inputValue()).toBe(next);

    // Password: it asks for the current one (a wrong one is refused on its field), then changes it;
    // sign out, the old one is refused and the new one signs in.
    const passwordForm = page.getByRole('form', { name: 'Change password' });
    await passwordForm.getByLabel('Current Password').fill('Wrong1234');
    await passwordForm.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await passwordForm.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await passwordForm.getByRole('button', { name: 'Change Password' }).click();
    await passwordForm.getByText('The current password is not correct.').waitFor();
    await passwordForm.getByLabel('Current Password').fill('Secret123');
    await passwordForm.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Your password was changed.').waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await signIn(page, username, 'Secret123');
    await page.getByRole('form', { name: 'Sign in' }).getByText('The username or password does not match our records.').first().waitFor();
    await signIn(page, username, NEW_PASSWORD);
    await page.waitForURL('**/home');

    // Theme: dark is applied at once (data-theme on <html>, the palette's variables) and kept by the server.
    await page.goto(`${stack.url}/user`);
    const light = await background(page);
    await page.getByLabel('Theme').selectOption('dark');
    await expect.poll(() => theme(page)).toBe('dark');
    expect(await background(page)).toBe('rgb(20, 23, 28)');
    expect(light).not.toBe('rgb(20, 23, 28)');
    await page.getByLabel('Date format').selectOption('YYYY-MM-DD');
    await page.reload();
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    await expect.poll(() => theme(page)).toBe('dark');
    expect(await page.getByLabel('Theme').inputValue()).toBe('dark');
    expect(await page.getByLabel('Date format').inputValue()).toBe('YYYY-MM-DD');
    await page.getByLabel('Theme').selectOption('light');
    await expect.poll(() => background(page)).toBe(light);

    // Delete Account: confirm, and the browser is back on / with the account gone.
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('dialog', { name: 'Delete Account' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('We all spend money. Be smart about how you spend it.').waitFor();
    const { rows } = await stack.db.pool.query('SELECT 1 FROM identity_users WHERE username = $1', [username]);
    expect(rows).toHaveLength(0);
    await context.close();
  }, 120_000);

  it('a session signed in more than 5 minutes ago is asked for the current password to change the e-mail and to delete the account', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { username, email } = await signUp(page, stack);
    // The session was opened 10 minutes ago, as far as the server knows (its own record, aged).
    await stack.db.pool.query(
      `UPDATE identity_sessions SET created_at = created_at - interval '10 minutes' WHERE user_id = (SELECT id FROM identity_users WHERE username = $1)`,
      [username],
    );
    await page.goto(`${stack.url}/user`);
    await page.getByRole('heading', { name: 'Account' }).waitFor();

    // E-mail: the address alone is refused; the form then asks for the password, and it goes through.
    const next = `later-${email}`;
    const emailForm = page.getByRole('form', { name: 'Change email' });
    await emailForm.getByLabel('Email').fill(next);
    await emailForm.getByRole('button', { name: 'Change' }).click();
    await emailForm.getByText('Enter your current password').waitFor();
    expect(await page.getByTestId('pending-email').count()).toBe(0);
    await emailForm.getByLabel('Current Password').fill('Secret123');
    await emailForm.getByRole('button', { name: 'Change' }).click();
    await page.getByTestId('pending-email').getByText(next).first().waitFor();

    // Delete Account: the confirmation alone is refused (nothing erased); a wrong password is refused; the right one deletes.
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText('Enter your current password').waitFor();
    expect((await stack.db.pool.query('SELECT 1 FROM identity_users WHERE username = $1', [username])).rows).toHaveLength(1);
    await dialog.getByLabel('Current Password').fill('Wrong1234');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText('The current password is not correct.').waitFor();
    await dialog.getByLabel('Current Password').fill('Secret123');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await stack.db.pool.query('SELECT 1 FROM identity_users WHERE username = $1', [username])).rows).toHaveLength(0);
    await context.close();
  }, 120_000);

  it('the notifications button says why when the browser can\'t: no PushManager, or notifications not allowed', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signUp(page, stack);

    // A browser without the Push API: the button is disabled and the reason is shown.
    await page.addInitScript('delete window.PushManager;');
    await page.goto(`${stack.url}/user`);
    const notifications = page.getByTestId('notifications');
    await notifications.getByText('This browser does not support push notifications.').waitFor();
    expect(await notifications.getByRole('button', { name: 'Enable Notifications' }).isDisabled()).toBe(true);
    await context.close();

    // Headless Chromium has the Push API but no permission to notify: enabling says so.
    const denied = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const second = await denied.newPage();
    await signUp(second, stack);
    await second.goto(`${stack.url}/user`);
    const button = second.getByTestId('notifications').getByRole('button', { name: 'Enable Notifications' });
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await second.getByTestId('notifications').getByText(/Notifications are blocked for this site|could not turn notifications on/).waitFor();
    await denied.close();
  }, 120_000);
});
