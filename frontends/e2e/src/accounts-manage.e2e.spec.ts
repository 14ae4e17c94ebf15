import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiCategories, apiGet, shown } from './ledger-api.js';
import { categoryAmountOnScreen } from './ledger-checks.js';
import { isoDaysAgo } from './ledger-fixtures.js';
import { snap } from './ledger-screens.js';
import { addOfflineInstitution, amountIn, pickCategory, setAmount } from './ledger-steps.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

interface ConnectedAccounts {
  data: { id: string; name: string; accounts: { id: string; name: string; balance: number; startDate?: string | null }[] }[];
}

type Register = { data: { transactions: { accountTransaction: { name: string; amount: number; principle: number | null } }[] } };

const sidebarLink = (page: Page, name: string) => page.getByTestId('sidebar').getByRole('link', { name });

/** On /home the Funding Pool shows what the API answers, and that is `dollars`. */
async function expectFundingPool(page: Page, dollars: number): Promise<void> {
  await sidebarLink(page, 'Home').click();
  await page.getByTestId('category-list').getByText('Funding Pool').waitFor();
  const api = async () => (await apiCategories(page, stack.url)).find((c) => c.name === 'Funding Pool')?.balance;
  await expect.poll(api).toBe(dollars);
  await expect.poll(() => categoryAmountOnScreen(page, stack.url, 'Funding Pool')).toBe(shown(dollars));
  await sidebarLink(page, 'Accounts').click();
  await page.getByTestId('institution-list').waitFor();
}

/** Chooses an entry of an institution's menu on its heading. */
async function institutionAction(page: Page, institution: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `${institution} actions` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function confirm(page: Page, label: string, message: string, shot: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: label });
  await dialog.getByText(message).waitFor();
  await snap(page, shot);
  await dialog.getByRole('button', { name: label }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Fills and sends the Add Account dialog of an institution; answers the new account's id. */
async function addAccount(page: Page, institution: string, fields: { name: string; balance: string; type?: string; shot?: string }): Promise<string> {
  await institutionAction(page, institution, 'Add Account');
  const dialog = page.getByTestId('add-account-dialog');
  await dialog.getByLabel('Account Name').fill(fields.name);
  await dialog.getByLabel('Balance').fill(fields.balance);
  await dialog.getByLabel('Start Date').fill(isoDaysAgo(10));
  if (fields.type) await dialog.getByLabel('Type', { exact: true }).selectOption(fields.type);
  if (fields.shot) await snap(page, fields.shot);
  await dialog.getByRole('button', { name: 'Add Account' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: fields.name }).waitFor();
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

const listed = (page: Page): Locator => page.getByTestId('institution-list');

describe('managing institutions and accounts in the browser, against the services npm start runs', () => {
  it('renames an institution, adds, re-dates and deletes an account, enters a loan payment, deletes the institution; the Funding Pool follows', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    await sidebarLink(page, 'Accounts').click();
    const checkingId = await addOfflineInstitution(page, { institution: 'Manage Bank', account: 'Checking', balance: '1000', startDate: isoDaysAgo(20) });
    await expectFundingPool(page, 1000);

    // Rename: a blank name is refused, then the list shows the new name.
    await institutionAction(page, 'Manage Bank', 'Rename');
    const rename = page.getByTestId('rename-institution-dialog');
    await rename.getByLabel('Institution Name').fill(' ');
    await rename.getByRole('button', { name: 'Save' }).click();
    await rename.getByText('Institution name is required').waitFor();
    await rename.getByLabel('Institution Name').fill('Renamed Bank');
    await snap(page, 'rename-institution');
    await rename.getByRole('button', { name: 'Save' }).click();
    await rename.waitFor({ state: 'detached' });
    await listed(page).getByText('Renamed Bank').waitFor();
    expect(await listed(page).getByText('Manage Bank').count()).toBe(0);

    // A second account of 500.00 in the same institution adds to the Funding Pool.
    const savingsId = await addAccount(page, 'Renamed Bank', { name: 'Savings', balance: '500', shot: 'add-account' });
    expect(await amountIn(page.getByTestId(`account-balance-${savingsId}`))).toBe('500.00');
    await expectFundingPool(page, 1500);

    // A new start date (Account Settings sends it with the tracking, unchanged here) recomputes the
    // starting balance; the account balance stays.
    await page.getByTestId(`account-${savingsId}`).click();
    await page.getByRole('button', { name: 'Account Settings' }).click();
    const dating = page.getByTestId('account-settings-dialog');
    await dating.getByText('The starting balance is recomputed so that the account balance stays the same.').waitFor();
    await dating.getByLabel('Start Date').fill(isoDaysAgo(30));
    await snap(page, 'start-date');
    await dating.getByRole('button', { name: 'Save' }).click();
    await dating.waitFor({ state: 'detached' });
    const accounts = async () => (await apiGet<ConnectedAccounts>(page, stack.url, '/api/v1/connected-accounts')).data.flatMap((i) => i.accounts);
    await expect.poll(async () => (await accounts()).find((a) => a.id === savingsId)?.startDate?.slice(0, 10)).toBe(isoDaysAgo(30));
    expect((await accounts()).find((a) => a.id === savingsId)?.balance).toBe(500);
    await expectFundingPool(page, 1500);

    // Deleting the account deselects it and takes its money out of the Funding Pool.
    await page.getByTestId(`account-${savingsId}`).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await confirm(page, 'Delete Account', 'Are you sure you want to delete this account and all of its transactions?', 'delete-account');
    await page.waitForURL(/\/accounts$/);
    await expect.poll(() => page.getByTestId(`account-${savingsId}`).count()).toBe(0);
    expect(await page.getByTestId(`account-${checkingId}`).count()).toBe(1);
    await expectFundingPool(page, 1000);

    // A loan account's transaction carries its principle; the interest is what is left of the amount.
    const loanId = await addAccount(page, 'Renamed Bank', { name: 'Car Loan', balance: '0', type: 'loan' });
    await page.getByRole('button', { name: 'Add Transaction' }).click();
    const transaction = page.getByTestId('transaction-dialog');
    await transaction.getByLabel('Name').fill('Loan Payment');
    await setAmount(transaction, 'Amount', '-500');
    await setAmount(transaction, 'Principal', '-420');
    await expect.poll(() => transaction.getByRole('textbox', { name: 'Interest' }).inputValue()).toBe('-80.00');
    await pickCategory(transaction, 1, 'groc');
    await snap(page, 'loan-transaction');
    await transaction.getByRole('button', { name: 'Save' }).click();
    await transaction.waitFor({ state: 'detached' });
    const register = await apiGet<Register>(page, stack.url, `/api/v1/account/${loanId}/transactions?offset=0&limit=30`);
    const payment = register.data.transactions.find((t) => t.accountTransaction.name === 'Loan Payment');
    expect(payment?.accountTransaction).toMatchObject({ amount: -500, principle: -420 });

    // Deleting the institution takes all of its accounts away.
    await institutionAction(page, 'Renamed Bank', 'Delete Institution');
    await confirm(page, 'Delete Institution', 'Are you sure you want to delete this institution and all of its accounts?', 'delete-institution');
    await page.getByTestId('institutions-empty').getByText('No institutions yet').waitFor();
    await page.waitForURL(/\/accounts$/);
    expect(await apiGet<ConnectedAccounts>(page, stack.url, '/api/v1/connected-accounts')).toMatchObject({ data: [] });
    await sidebarLink(page, 'Home').click();
    await page.getByTestId('category-list').getByText('Funding Pool').waitFor();
    await expect.poll(async () => (await apiCategories(page, stack.url)).find((c) => c.name === 'Funding Pool')?.balance).toBe(0);
    await expect.poll(() => categoryAmountOnScreen(page, stack.url, 'Funding Pool')).toBe(shown(0));
    await context.close();
  });
});
