import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { waitForMailTo } from '@budget/platform';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

const LINK = /https?:\/\/\S+\/user\/verify-email\?\S+/;

/** The verification link in the newest e-mail-change mail to `to` written at or after `since`. */
async function linkIn(to: string, since: Date): Promise<string> {
  const mail = await waitForMailTo(stack.outbox, to, { since, timeoutMs: 20_000 });
  expect(mail.subject).toBe('Confirm your new e-mail address');
  const link = LINK.exec(mail.text)?.[0];
  expect(link, `a verification link mailed to ${to}`).toBeTruthy();
  // The code is in the mail too, for typing, and it is the link's code.
  const code = /[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(mail.text.replace(LINK, ''))?.[0];
  expect(new URL(link!).searchParams.get('code')).toBe(code);
  return link!;
}

async function changeEmail(page: Page, base: string, next: string): Promise<Date> {
  await page.goto(`${base}/user`);
  const since = new Date(Date.now() - 1000);
  const emailForm = page.getByRole('form', { name: 'Change email' });
  await emailForm.getByLabel('Email').fill(next);
  await emailForm.getByRole('button', { name: 'Change' }).click();
  await page.getByTestId('pending-email').getByText(next).first().waitFor();
  return since;
}

async function expectAddressOnUserPage(page: Page, email: string): Promise<void> {
  await page.getByRole('link', { name: 'Back to your account' }).click();
  await page.getByRole('heading', { name: 'Account' }).waitFor();
  await expect.poll(() => page.getByRole('form', { name: 'Change email' }).getByLabel('Email').inputValue()).toBe(email);
  expect(await page.getByTestId('pending-email').count()).toBe(0);
}

/**
 * The e-mail-change mail's link (product-spec §4 "Pending email") in Chromium against
 * the stack `npm start` runs: the mail links to PUBLIC_URL (by default http://localhost:<PORT>,
 * another origin than the 127.0.0.1 the test signed in on, so the link is opened signed out),
 * sign-in comes back to the link, and the address is changed; an expired code and a wrong one
 * show the server's error with Resend, whose new link works.
 */
describe('the e-mail verification link', () => {
  it('opened signed out: sign in, the link applies the change, /user shows the new address without the pending block', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { username, email } = await signUp(page, stack);
    const next = `link-${email}`;
    const since = await changeEmail(page, stack.url, next);
    const link = await linkIn(next, since);
    const port = new URL(stack.url).port;
    expect(link.startsWith(`http://localhost:${port}/user/verify-email?email=${encodeURIComponent(next)}&code=`)).toBe(true);

    await page.goto(link);
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Username').fill(username);
    await signIn.getByLabel('Password').fill('Secret123');
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('verify-email-done').getByText(`Your e-mail address is now ${next}.`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/verify-email');
    await expectAddressOnUserPage(page, next);

    // The link again: its code is used, so the server's refusal shows, and nothing is pending to resend.
    await page.goto(link);
    const failed = page.getByTestId('verify-email-failed');
    await failed.getByText('This code is not valid.').waitFor();
    await failed.getByText('No e-mail change is waiting for verification.').waitFor();
    await context.close();
  }, 120_000);

  it('an expired code and a wrong one show the error with Resend, and the resent link works', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { email } = await signUp(page, stack);
    const next = `late-${email}`;
    const link = await linkIn(next, await changeEmail(page, stack.url, next));
    // The same-origin link, so the session the test signed up with is used.
    const sameOrigin = (url: string) => `${stack.url}${new URL(url).pathname}${new URL(url).search}`;

    // Expired: the code's ten minutes are over (moved into the past in the database).
    const expired = await stack.db.pool.query(
      `UPDATE identity_codes SET expires_at = now() - interval '1 minute' WHERE purpose = 'email-change' AND address = $1`,
      [next],
    );
    expect(expired.rowCount).toBe(1);
    await page.goto(sameOrigin(link));
    const failed = page.getByTestId('verify-email-failed');
    await failed.getByRole('alert').getByText('This code has expired.').waitFor();
    await failed.getByText(next).waitFor();

    // Resend: a new mail with a new link to the pending address. Mails count from this moment on,
    // after the first one was read: a second's slack before it (as the first mail's wait has) let the
    // first mail count when these steps took less than a second, and the test read its link again.
    const since = new Date();
    await failed.getByRole('button', { name: 'Resend' }).click();
    await failed.getByText(`A new link and code have been sent to ${next}.`).waitFor();
    const resent = await linkIn(next, since);
    expect(resent).not.toBe(link);

    // Wrong code: the server's refusal, with Resend still offered.
    const wrong = new URL(sameOrigin(resent));
    wrong.searchParams.set('code', wrong.searchParams.get('code') === 'ZZZZ-ZZZZ' ? 'YYYY-YYYY' : 'ZZZZ-ZZZZ');
    await page.goto(wrong.toString());
    await failed.getByRole('alert').getByText('This code is not valid.').waitFor();
    await failed.getByRole('button', { name: 'Resend' }).waitFor();

    // The resent link (one wrong guess does not kill its code) applies the change.
    await page.goto(sameOrigin(resent));
    await page.getByTestId('verify-email-done').getByText(`Your e-mail address is now ${next}.`).waitFor();
    await expectAddressOnUserPage(page, next);
    await context.close();
  }, 120_000);
});
