import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiAccountBalances, shown } from './ledger-api.js';
import { csvFile, isoDaysAgo } from './ledger-fixtures.js';
import { snap } from './ledger-screens.js';
import { addOfflineInstitution, amountIn, chooseFile, fillOfflineInstitution, pickCategory, registerRow, setAmount } from './ledger-steps.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

const startDate = isoDaysAgo(20);

describe('the register and dialogs on a phone and with many rows, against the services npm start runs', () => {
  it('works at 390px: actions in one menu, the account slides over the list, dialogs fit', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signUp(page, stack);
    await page.getByTestId('bottom-bar').getByRole('link', { name: 'Accounts' }).click();
    await page.getByRole('button', { name: 'Actions…' }).click();
    await page.getByRole('menuitem', { name: 'Add Offline Institution' }).click();
    await snap(page, 'mobile-institution-dialog');
    await page.getByTestId('offline-institution-dialog').getByRole('button', { name: 'Add Institution' }).click();
    await page.getByText('Institution name is required').waitFor();
    expect(await page.getByText('Account name is required').isVisible()).toBe(true);
    const accountId = await fillOfflineInstitution(page, { institution: 'Pocket', account: 'Wallet', balance: '80', startDate });
    await page.getByTestId('account-detail').getByRole('heading', { name: 'Wallet' }).waitFor();

    await page.getByRole('button', { name: 'Actions…' }).click();
    await page.getByRole('menuitem', { name: 'Add Transaction' }).click();
    const dialog = page.getByTestId('transaction-dialog');
    await dialog.getByLabel('Date').fill(isoDaysAgo(1));
    await dialog.getByLabel('Name').fill('Lunch');
    await setAmount(dialog, 'Amount', '-12.5');
    await pickCategory(dialog, 1, 'dining');
    await snap(page, 'mobile-transaction-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await registerRow(page, 'Lunch').waitFor();
    expect(await amountIn(page.getByTestId('account-detail'))).toBe('67.50');
    await snap(page, 'mobile-register');
    const balances = await apiAccountBalances(page, stack.url);
    expect(shown(balances.get(accountId)!)).toBe('67.50');

    // Delete it after confirming: the balance goes back.
    await registerRow(page, 'Lunch').click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('confirm-dialog').getByText('Are you sure you want to delete this transaction?').waitFor();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'detached' });
    await registerRow(page, 'Lunch').waitFor({ state: 'detached' });
    await page.getByTestId('account-detail').getByText('80.00').first().waitFor();
    await context.close();
  });

  it('draws only the register rows in view and loads 30 more as the bottom comes near', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    await addOfflineInstitution(page, { institution: 'Bulk Bank', account: 'Everyday', balance: '1000', startDate });
    const many = Array.from({ length: 95 }, (_, i) => ({ id: '', date: isoDaysAgo(1), name: `Row ${String(i + 1).padStart(3, '0')}`, amount: '-1.00' }));
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await chooseFile(page, 'CSV file', 'many.csv', csvFile(many), 'text/csv');
    await page.getByRole('button', { name: 'Next' }).click();
    const pages: string[] = [];
    page.on('request', (request) => {
      const offset = /\/transactions\?offset=(\d+)&limit=30$/.exec(request.url())?.[1];
      if (offset !== undefined) pages.push(offset);
    });
    await page.getByRole('button', { name: 'Import 95 Rows' }).click();
    await page.getByTestId('import-summary').getByText('95 added').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await registerRow(page, 'Row 095').waitFor();
    expect(await page.getByTestId('register-row').count()).toBeLessThan(40);

    const scroller = page.getByTestId('register').locator('.ui-register__scroller');
    for (let i = 0; i < 10 && (await registerRow(page, 'Row 001').count()) === 0; i++) {
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await page.waitForTimeout(300);
    }
    await registerRow(page, 'Row 001').waitFor();
    expect(await page.getByTestId('register-row').count()).toBeLessThan(40);
    expect(pages).toEqual(expect.arrayContaining(['0', '30', '60', '90']));
    expect(pages.filter((offset) => offset === '120')).toEqual([]);
    expect(await amountIn(page.getByTestId('account-detail'))).toBe('905.00');
    await snap(page, 'register-scrolled');
    await context.close();
  });
});
