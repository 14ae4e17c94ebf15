import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAccountBalances, apiCategories, apiGet, apiPatch, shown } from './ledger-api.js';
import { csvFile, isoDaysAgo, ofxFile } from './ledger-fixtures.js';
import { snap } from './ledger-screens.js';
import { addOfflineInstitution, amountIn, chooseFile, fillOfflineInstitution, pickCategory, registerRow, setAmount, typeInto } from './ledger-steps.js';
import { signUp } from './sign-up.js';
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

const startDate = isoDaysAgo(20);
const ofxRows = [
  { id: 'FIT-1', date: isoDaysAgo(4), name: 'Coffee Shop', amount: '-12.34' },
  { id: 'FIT-2', date: isoDaysAgo(3), name: 'Refund', amount: '100.00' },
];
const csvRows = [
  { id: '', date: isoDaysAgo(2), name: 'Bakery', amount: '-8.25' },
  { id: '', date: isoDaysAgo(1), name: 'Paycheck', amount: '500.00' },
];

async function categoryAmount(page: Page, name: string): Promise<string> {
  const categories = await apiCategories(page, stack.url);
  const id = categories.find((c) => c.name === name)?.id;
  return amountIn(page.getByTestId(`category-${id}`));
}

describe('accounts and transactions in the browser, against the services npm start runs', () => {
  it('creates an offline account, enters, edits and reconciles a split transaction, imports OFX and CSV; the screen agrees with the API', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);

    // An offline institution with a checking account at 1,250.00 funds the Funding Pool.
    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    const accountId = await addOfflineInstitution(page, { institution: 'E2E Bank', account: 'Checking', balance: '1250', startDate });
    expect(await amountIn(page.getByTestId(`account-${accountId}`))).toBe('1,250.00');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Home' }).click();
    await page.getByTestId('category-list').getByText('Funding Pool').waitFor();
    expect(await categoryAmount(page, 'Funding Pool')).toBe('1,250.00');
    await snap(page, 'home');

    // The starting balance lands in the Funding Pool's register and cannot be opened.
    await page.getByTestId('category-list').getByText('Funding Pool').click();
    const initial = registerRow(page, 'Initial Funding');
    await initial.waitFor();
    expect(await initial.getAttribute('title')).toBe('A starting balance cannot be edited or deleted');
    await initial.click();
    expect(await page.getByTestId('transaction-dialog').count()).toBe(0);

    // A −45.67 purchase split between Groceries and Dining Out; the amount is typed as an equation.
    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    await page.waitForURL(`**/accounts/${accountId}`);
    await page.getByRole('button', { name: 'Add Transaction' }).click();
    const dialog = page.getByTestId('transaction-dialog');
    await dialog.getByLabel('Date').fill(isoDaysAgo(5));
    await dialog.getByLabel('Name').fill('Market');
    const amountBox = dialog.getByRole('textbox', { name: 'Amount', exact: true });
    const popover = page.getByTestId('equation-popover');
    await typeInto(amountBox, '=1.2.3+4');
    await page.keyboard.press('Enter');
    await popover.getByText('A number has more than one decimal point').waitFor();
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    expect(await amountBox.inputValue()).toBe('0.00');
    expect(await dialog.isVisible()).toBe(true);
    await typeInto(amountBox, '=-(30+15.67)');
    await page.getByTestId('equation-popover').getByText('= -45.67').waitFor();
    await snap(page, 'equation');
    await page.keyboard.press('Enter');
    expect(await dialog.getByRole('textbox', { name: 'Amount', exact: true }).inputValue()).toBe('-45.67');
    await pickCategory(dialog, 1, 'groc');
    await dialog.getByRole('button', { name: '+ Add Category' }).click();
    await typeInto(dialog.getByRole('combobox', { name: 'Category 2' }), 'xyz');
    await page.getByText('No matching categories').waitFor();
    await page.keyboard.press('Escape');
    expect(await dialog.getByRole('combobox', { name: 'Category 2' }).inputValue()).toBe('');
    expect(await dialog.isVisible()).toBe(true);
    await pickCategory(dialog, 2, 'food:din');
    await setAmount(dialog, 'Amount 1', '30');
    await setAmount(dialog, 'Amount 2', '15.67');
    expect(await dialog.getByTestId('splits-left').textContent()).toBe('Split 45.67 of 45.67');
    await snap(page, 'transaction-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const market = registerRow(page, 'Market');
    await market.waitFor();
    expect(await market.textContent()).toContain('-45.67');
    expect(await market.textContent()).toContain('1,204.33');

    // Edit it: a new name and a different split; the sum rule is checked before saving.
    await market.click();
    await dialog.getByLabel('Name').fill('Farmers Market');
    await setAmount(dialog, 'Amount 1', '25');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The sum of the categories does not match the transaction amount.').waitFor();
    await setAmount(dialog, 'Amount 2', '20.67');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const farmers = registerRow(page, 'Farmers Market');
    await farmers.waitFor();

    // Someone else changes it while it is open here: the save is refused, the dialog closes, a notice says why.
    await farmers.click();
    await dialog.getByLabel('Comment').fill('weekly shop');
    type Register = { data: { transactions: { id: string; version: number; accountTransaction: { name: string } }[] } };
    const rows = await apiGet<Register>(page, stack.url, `/api/v1/account/${accountId}/transactions?offset=0&limit=30`);
    const stored = rows.data.transactions.find((t) => t.accountTransaction.name === 'Farmers Market')!;
    expect(await apiPatch(page, stack.url, `/api/v1/transaction/${stored.id}`, { version: stored.version, comment: 'changed elsewhere' })).toBe(200);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const notice = page.getByTestId('changed-transaction');
    await notice.getByText('The transaction was changed by the system or another user.').waitFor();
    expect(await notice.getByRole('heading').textContent()).toBe('Changed Transaction');
    expect(await dialog.count()).toBe(0);
    await snap(page, 'changed-transaction');
    await notice.getByRole('button', { name: 'OK' }).click();

    // Reconcile it against a new statement. Creating the statement takes in the rows of its period;
    // Reconcile None clears them, then the row's checkbox puts it on the statement, off and on again.
    await page.getByRole('tab', { name: 'Statements' }).click();
    await page.getByRole('button', { name: 'New Statement' }).click();
    const statement = page.getByTestId('statement-dialog');
    await statement.getByLabel('Start Date').fill(startDate);
    await statement.getByLabel('End Date').fill(isoDaysAgo(5));
    await statement.getByLabel('Starting Balance').fill('1250');
    await statement.getByLabel('Ending Balance').fill('1204.33');
    await snap(page, 'statement-dialog');
    await statement.getByRole('button', { name: 'Create Statement' }).click();
    await statement.waitFor({ state: 'detached' });
    const debits = page.getByRole('table', { name: 'Statements' }).getByRole('cell').nth(5);
    await debits.getByText('-45.67').waitFor();
    await page.getByRole('button', { name: 'Reconcile None' }).click();
    await debits.getByText('0.00').waitFor();
    await page.getByRole('button', { name: 'Reconcile Transactions' }).click();
    const reconciled = farmers.getByRole('checkbox');
    const difference = page.getByTestId('statement-difference');
    await difference.getByText('-45.67').waitFor();
    await expect.poll(() => reconciled.isEnabled()).toBe(true);
    expect(await reconciled.isChecked()).toBe(false);
    await reconciled.check();
    await difference.getByText('0.00').waitFor();
    await expect.poll(() => reconciled.isEnabled()).toBe(true);
    await reconciled.uncheck();
    await difference.getByText('-45.67').waitFor();
    await expect.poll(() => reconciled.isEnabled()).toBe(true);
    await reconciled.check();
    await difference.getByText('0.00').waitFor();
    await expect.poll(() => reconciled.isChecked()).toBe(true);
    await snap(page, 'reconciled');

    // Import an OFX file (its ledger balance matches), then the same file again: nothing is added.
    const afterOfx = '1,291.99';
    await page.getByRole('button', { name: 'Import OFX' }).click();
    await chooseFile(page, 'OFX or QFX file', 'bank.ofx', ofxFile(ofxRows, '1291.99'), 'application/x-ofx');
    await page.getByTestId('ofx-dialog').getByRole('button', { name: 'Import' }).click();
    const summary = page.getByTestId('import-summary');
    await summary.getByText('2 added, 0 updated, 0 unchanged.').waitFor();
    expect(await page.getByTestId('balance-mismatch').count()).toBe(0);
    expect(await amountIn(summary)).toBe(afterOfx);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Import OFX' }).click();
    await chooseFile(page, 'OFX or QFX file', 'bank.ofx', ofxFile(ofxRows, '1300.00'), 'application/x-ofx');
    await page.getByTestId('ofx-dialog').getByRole('button', { name: 'Import' }).click();
    await summary.getByText('0 added, 0 updated, 2 unchanged.').waitFor();
    expect(await page.getByTestId('balance-mismatch').textContent()).toContain("The file's ledger balance (1,300.00) does not match the account balance (1,291.99)");
    await snap(page, 'ofx-mismatch');
    await page.getByRole('button', { name: 'Done' }).click();

    // Import a CSV file: the suggested mapping is preselected.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await chooseFile(page, 'CSV file', 'bank.csv', csvFile(csvRows), 'text/csv');
    await page.getByRole('button', { name: 'Next' }).click();
    const csv = page.getByTestId('csv-dialog');
    expect(await csv.getByLabel('Date column', { exact: true }).inputValue()).toBe('0');
    expect(await csv.getByLabel('Payee column', { exact: true }).inputValue()).toBe('1');
    expect(await csv.getByLabel('Amount column', { exact: true }).inputValue()).toBe('2');
    expect(await csv.getByLabel('Date format', { exact: true }).inputValue()).toBe('MM/DD/YYYY');
    await snap(page, 'csv-mapping');
    await csv.getByRole('button', { name: 'Import 2 Rows' }).click();
    await summary.getByText('2 added, 0 updated, 0 unchanged.').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await registerRow(page, 'Paycheck').waitFor();
    await snap(page, 'register');

    // The balances on screen are the API's.
    const accounts = await apiAccountBalances(page, stack.url);
    expect(shown(accounts.get(accountId)!)).toBe('1,783.74');
    await page.getByTestId(`account-${accountId}`).getByText('1,783.74').waitFor();
    expect(await amountIn(page.getByTestId(`account-${accountId}`))).toBe(shown(accounts.get(accountId)!));

    await page.getByTestId('sidebar').getByRole('link', { name: 'Home' }).click();
    await page.getByTestId('category-list').getByText('Groceries').waitFor();
    const categories = await apiCategories(page, stack.url);
    for (const name of ['Funding Pool', 'Groceries', 'Dining Out', 'Unassigned']) {
      const api = categories.find((c) => c.name === name)!;
      expect(await categoryAmount(page, name), name).toBe(shown(api.balance));
    }
    expect(shown(categories.find((c) => c.name === 'Groceries')!.balance)).toBe('-25.00');
    const unassigned = categories.find((c) => c.name === 'Unassigned')!;
    const register = await apiGet<{ data: { transactionsCount: number } }>(page, stack.url, `/api/v1/category/${unassigned.id}/transactions?pending=2&offset=0&limit=1`);
    expect(await page.getByTestId('unassigned-count').textContent()).toBe(String(register.data.transactionsCount));
    await snap(page, 'home-after');
    await context.close();
  });

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
