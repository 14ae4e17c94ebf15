import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { csvFile, isoDaysAgo } from './ledger-fixtures.js';
import { uploadCsv } from './ledger-imports.js';
import { addOfflineInstitution, amountIn, pickCategory, registerRow, setAmount } from './ledger-steps.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

const startDate = isoDaysAgo(20);
/** A date as the register shows it by default: MM/DD/YYYY, four-digit year. */
const shownDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

describe('the small things a YNAB or Actual user notices', () => {
  it('refuses a date before the start date, names transfers, ticks statement rows with a live difference, says Import 1 Row, asks before deleting an account', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    const savingsId = await addOfflineInstitution(page, { institution: 'Savings Bank', account: 'Savings', balance: '100', startDate });
    const checkingId = await addOfflineInstitution(page, { institution: 'Small Bank', account: 'Checking', balance: '1000', startDate });

    // Before any row, the register already explains the 1,000.00: its Starting Balance line, not "No transactions yet".
    const opening = registerRow(page, 'Starting Balance');
    await opening.waitFor();
    expect(await opening.textContent()).toContain('1,000.00');
    expect(await page.getByText('No transactions yet').count()).toBe(0);

    // A date before the account's start date is refused on the Date field; the message goes as soon as the date is corrected.
    await page.getByRole('button', { name: 'Add Transaction' }).click();
    const dialog = page.getByTestId('transaction-dialog');
    await dialog.getByLabel('Date').fill(isoDaysAgo(25));
    await dialog.getByLabel('Name').fill('Market');
    await setAmount(dialog, 'Amount', '-40');
    await pickCategory(dialog, 1, 'groc');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const refusal = dialog.getByText(`The date is before the account's start date (${startDate}).`);
    await refusal.waitFor();
    await dialog.getByLabel('Date').fill(isoDaysAgo(10));
    expect(await refusal.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const market = registerRow(page, 'Market');
    await market.waitFor();
    expect(await market.textContent()).toContain(shownDate(isoDaysAgo(10)));

    // Paying 250.00 into Savings is a transfer, named as one on both sides.
    await page.getByRole('button', { name: 'Add Transaction' }).click();
    await dialog.getByLabel('Date').fill(isoDaysAgo(8));
    await setAmount(dialog, 'Amount', '-250');
    await dialog.getByLabel('Transfer to/from account').selectOption({ label: 'Savings' });
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Transfer to Savings');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const transfer = registerRow(page, 'Transfer to Savings');
    await transfer.waitFor();
    expect(await transfer.textContent()).toContain('Account Transfer');

    // The starting balance closes the register: 1,000.00 on the start date.
    const starting = registerRow(page, 'Starting Balance');
    await starting.waitFor();
    expect(await starting.textContent()).toContain(shownDate(startDate));
    expect(await starting.textContent()).toContain('1,000.00');

    // A new statement ticks nothing; each tick moves the difference: 710 − 1,000 = −290.00, then −250.00, then 0.00.
    await page.getByRole('tab', { name: 'Statements' }).click();
    await page.getByRole('button', { name: 'New Statement' }).click();
    const statement = page.getByTestId('statement-dialog');
    await statement.getByLabel('Start Date').fill(startDate);
    await statement.getByLabel('End Date').fill(isoDaysAgo(1));
    await statement.getByLabel('Starting Balance').fill('1000');
    await statement.getByLabel('Ending Balance').fill('710');
    await statement.getByRole('button', { name: 'Create Statement' }).click();
    await statement.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Reconcile Transactions' }).click();
    const difference = page.getByTestId('statement-difference');
    await difference.getByText('-290.00', { exact: true }).waitFor();
    const marketBox = market.getByRole('checkbox');
    const transferBox = transfer.getByRole('checkbox');
    await expect.poll(() => marketBox.isEnabled()).toBe(true);
    expect([await marketBox.isChecked(), await transferBox.isChecked()]).toEqual([false, false]);
    await marketBox.check();
    await difference.getByText('-250.00', { exact: true }).waitFor();
    // The first tick's PATCH has its answer (the box is no longer busy) before the next one.
    await expect.poll(() => marketBox.getAttribute('aria-disabled')).toBe(null);
    await expect.poll(() => transferBox.isEnabled()).toBe(true);
    await transferBox.check();
    await difference.getByText('0.00', { exact: true }).waitFor();
    await expect.poll(() => transferBox.isChecked()).toBe(true);

    // A one-row CSV: the button says "Import 1 Row".
    const csv = await uploadCsv(page, csvFile([{ id: '', date: isoDaysAgo(2), name: 'Bakery', amount: '-8.25' }]));
    await csv.getByRole('button', { name: 'Import 1 Row' }).click();
    await page.getByTestId('import-summary').getByText('1 added, 0 updated, 0 unchanged.').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await registerRow(page, 'Bakery').waitFor();

    // The other side of the transfer, in Savings: "Transfer from Checking", +250.00.
    await page.getByTestId(`account-${savingsId}`).click();
    await page.waitForURL(`**/accounts/${savingsId}`);
    const received = registerRow(page, 'Transfer from Checking');
    await received.waitFor();
    expect(await received.textContent()).toContain('250.00');
    expect(await amountIn(page.getByTestId(`account-balance-${savingsId}`))).toBe('350.00');

    // The Unassigned register names each row's account.
    await page.getByTestId('sidebar').getByRole('link', { name: 'Home' }).click();
    await page.getByTestId('category-list').getByText('Unassigned').first().click();
    const bakery = page.getByTestId('category-register').getByTestId('register-row').filter({ hasText: 'Bakery' });
    await bakery.waitFor();
    expect(await bakery.textContent()).toContain('Checking');

    // Deleting an account asks first; Cancel keeps it.
    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    await page.getByTestId(`account-${savingsId}`).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.getByText('Are you sure you want to delete this account and all of its transactions?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByTestId(`account-${savingsId}`).count()).toBe(1);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    // The kept account never leaves the screen while the deleted one's route sends back to /accounts
    // (it did: the page rendered nothing for a moment): every change of the page is watched.
    await page.evaluate(`(() => {
      window.keptAccountVanished = false;
      new MutationObserver(() => {
        if (!document.querySelector('[data-testid="account-${checkingId}"]')) window.keptAccountVanished = true;
      }).observe(document.body, { childList: true, subtree: true });
    })()`);
    await confirm.getByRole('button', { name: 'Delete Account' }).click();
    await expect
      .poll(async () => [await page.getByTestId(`account-${savingsId}`).count(), await page.getByTestId(`account-${checkingId}`).count()])
      .toEqual([0, 1]);
    await page.waitForURL(`**/accounts`);
    expect(await page.evaluate('window.keptAccountVanished')).toBe(false);

    // Terms and Privacy lead somewhere.
    await page.goto(`${stack.url}/terms`);
    await page.getByTestId('terms').waitFor();
    await page.getByRole('link', { name: 'Privacy Statement' }).click();
    await page.getByTestId('privacy').waitFor();
    await context.close();
  });

  it('shows a wrong password once, not under both fields', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${stack.url}/signin`);
    await page.getByLabel('Username').fill('nobody-here');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const message = page.getByText('The username or password does not match our records.');
    await message.first().waitFor();
    expect(await message.count()).toBe(1);
    await context.close();
  });
});
