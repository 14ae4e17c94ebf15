import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiAccountBalances, changeElsewhere, shown } from './ledger-api.js';
import { categoryAmountOnScreen, expectCategoriesAsApi } from './ledger-checks.js';
import { csvFile, isoDaysAgo, ofxFile } from './ledger-fixtures.js';
import { snap } from './ledger-screens.js';
import { csvMapping, importOfx, uploadCsv } from './ledger-imports.js';
import { addOfflineInstitution, amountIn, createStatement, pickCategory, registerRow, setAmount, typeInto } from './ledger-steps.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

const startDate = isoDaysAgo(20);
const ofxRows = [
  { id: 'FIT-1', date: isoDaysAgo(4), name: 'Coffee Shop', amount: '-12.34' },
  { id: 'FIT-2', date: isoDaysAgo(3), name: 'Refund', amount: '100.00' },
];
const csvRows = [
  { id: '', date: isoDaysAgo(2), name: 'Bakery', amount: '-8.25' },
  { id: '', date: isoDaysAgo(1), name: 'Paycheck', amount: '500.00' },
];

describe('accounts and transactions in the browser, against the services npm start runs', () => {
  it('creates an offline account, enters, edits and reconciles a split transaction, imports OFX and CSV; the screen agrees with the API', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);

    // An offline institution with a checking account at 1,250.00 funds the Funding Pool.
    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    const accountId = await addOfflineInstitution(page, { institution: 'E2E Bank', account: 'Checking', balance: '1250', startDate });
    expect(await amountIn(page.getByTestId(`account-balance-${accountId}`))).toBe('1,250.00');
    await page.getByTestId('sidebar').getByRole('link', { name: 'Home' }).click();
    await page.getByTestId('category-list').getByText('Funding Pool').waitFor();
    expect(await categoryAmountOnScreen(page, stack.url, 'Funding Pool')).toBe('1,250.00');
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
    expect(await changeElsewhere(page, stack.url, accountId, 'Farmers Market')).toBe(200);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const notice = page.getByTestId('changed-transaction');
    await notice.getByText('The transaction was changed by the system or another user.').waitFor();
    expect(await notice.getByRole('heading').textContent()).toBe('Changed Transaction');
    expect(await dialog.count()).toBe(0);
    await snap(page, 'changed-transaction');
    await notice.getByRole('button', { name: 'OK' }).click();

    // Reconcile it against a new statement. A new statement holds no rows (README "Dates and statements");
    // the row's checkbox puts it on the statement, off and on again.
    await createStatement(page, { startDate, endDate: isoDaysAgo(5), startingBalance: '1250', endingBalance: '1204.33' });
    const debits = page.getByRole('grid', { name: 'Statements' }).locator('td').nth(5);
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
    const summary = await importOfx(page, ofxFile(ofxRows, '1291.99'));
    await summary.getByText('2 added, 0 updated, 0 unchanged.').waitFor();
    expect(await page.getByTestId('balance-mismatch').count()).toBe(0);
    expect(await amountIn(summary)).toBe('1,291.99');
    await page.getByRole('button', { name: 'Done' }).click();
    await importOfx(page, ofxFile(ofxRows, '1300.00'));
    await summary.getByText('0 added, 0 updated, 2 unchanged.').waitFor();
    expect(await page.getByTestId('balance-mismatch').textContent()).toContain("The file's ledger balance (1,300.00) does not match the account balance (1,291.99)");
    await snap(page, 'ofx-mismatch');
    await page.getByRole('button', { name: 'Done' }).click();

    // Import a CSV file: the suggested mapping is preselected.
    const csv = await uploadCsv(page, csvFile(csvRows));
    expect(await csvMapping(csv)).toEqual({ date: '0', payee: '1', amount: '2', dateFormat: 'MM/DD/YYYY' });
    await snap(page, 'csv-mapping');
    await csv.getByRole('button', { name: 'Import 2 Rows' }).click();
    await summary.getByText('2 added, 0 updated, 0 unchanged.').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await registerRow(page, 'Paycheck').waitFor();
    await snap(page, 'register');

    // The balances on screen are the API's.
    const accounts = await apiAccountBalances(page, stack.url);
    expect(shown(accounts.get(accountId)!)).toBe('1,783.74');
    await page.getByTestId(`account-balance-${accountId}`).getByText('1,783.74').waitFor();
    expect(await amountIn(page.getByTestId(`account-balance-${accountId}`))).toBe(shown(accounts.get(accountId)!));

    await page.getByTestId('sidebar').getByRole('link', { name: 'Home' }).click();
    const categories = await expectCategoriesAsApi(page, stack.url, ['Funding Pool', 'Groceries', 'Dining Out', 'Unassigned']);
    expect(shown(categories.get('Groceries')!)).toBe('-25.00');
    await snap(page, 'home-after');
    await context.close();
  });
});
