import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signUp } from './sign-up.js';
import { withPlaidStack, type PlaidStack } from './plaid-stack.js';
import { apiCategories, apiGet, shown } from './ledger-api.js';
import { amountIn } from './ledger-steps.js';
import type { Stack } from './stack.js';

let sim: PlaidStack['sim'];
let stack: Stack;
let browser: Browser;

withPlaidStack((started) => ({ sim, stack, browser } = started));

/** Marks the page's document: still marked later means it was never reloaded. */
async function mark(page: Page): Promise<void> {
  await page.evaluate('window.__notReloaded = true');
}
async function notReloaded(page: Page): Promise<boolean> {
  return (await page.evaluate('window.__notReloaded === true')) as boolean;
}

/**
 * Screens stay current (docs/architecture.md §4.1): a bank is linked in one tab while another tab
 * shows Home's Unassigned register; the change feed brings the first sync's rows into the
 * account's register, the Unassigned register and the category tree, with no reload and no click,
 * and the bank's card says "Syncing…" until that sync has landed.
 */
describe('the change feed in the browser', () => {
  it('links a simulated bank: the register and Home fill in without a reload; the card says Syncing… until the first sync lands', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const home = await context.newPage();
    await signUp(home, stack);
    const unassigned = (await apiCategories(home, stack.url)).find((c) => c.type === 'UNASSIGNED')!;

    // Tab 1: Home, the Unassigned register, empty.
    await home.getByTestId('sidebar').getByRole('link', { name: 'Home' }).click();
    await home.getByTestId(`category-${unassigned.id}`).click();
    const unassignedRegister = home.getByTestId('category-register');
    await unassignedRegister.getByText('No transactions yet').waitFor();
    await mark(home);

    // The bank answers the first sync only after a while, so "Syncing…" can be seen.
    const fault = await fetch(`${sim.url}/simulator/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ endpoint: '/transactions/sync', delayMs: 6000, times: 1 }) });
    expect(fault.status).toBe(201);

    // Tab 2: Accounts, link the bank (its checking account only).
    const accounts = await context.newPage();
    await accounts.goto(`${stack.url}/accounts`);
    await accounts.getByRole('button', { name: 'Add Online Institution' }).click();
    const link = accounts.getByTestId('simulated-link-dialog');
    await link.getByLabel('Bank').selectOption({ label: 'First Platypus Bank' });
    for (const name of ['Plaid Saving', 'Plaid Credit Card', 'Plaid Student Loan', 'Plaid Mortgage', 'Plaid IRA']) {
      await link.getByRole('checkbox', { name: new RegExp(name) }).uncheck();
    }
    await link.getByRole('button', { name: 'Continue' }).click();
    await link.waitFor({ state: 'detached' });
    await mark(accounts);

    // Until the first sync lands: the card says so, and the account's register is empty.
    const institutions = await apiGet<{ data: { id: string; accounts: { id: string }[] }[] }>(accounts, stack.url, '/api/v1/connected-accounts');
    const institutionId = institutions.data[0]!.id;
    const accountId = institutions.data[0]!.accounts[0]!.id;
    const syncing = accounts.getByTestId(`institution-syncing-${institutionId}`);
    await syncing.waitFor();
    expect(await syncing.textContent()).toBe('Syncing…');
    await accounts.getByTestId(`account-${accountId}`).click();
    const accountRegister = accounts.getByRole('grid', { name: 'Transactions' });
    await accounts.getByText('No transactions yet').waitFor();

    // The sync lands: the account's rows arrive, and the mark goes, with no click and no reload.
    await expect.poll(async () => accountRegister.getByRole('row').count(), { timeout: 60_000, interval: 250 }).toBeGreaterThan(1);
    await syncing.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await notReloaded(accounts)).toBe(true);

    // Tab 1, untouched all along: the Unassigned register filled in, and the tree, the register's
    // balance and the API agree on one value.
    const homeRows = home.getByRole('grid', { name: 'Transactions' }).getByRole('row');
    await expect.poll(async () => homeRows.count(), { timeout: 30_000, interval: 250 }).toBeGreaterThan(1);
    const apiBalance = (await apiCategories(home, stack.url)).find((c) => c.id === unassigned.id)!.balance;
    expect(apiBalance).not.toBe(0);
    await expect.poll(async () => amountIn(home.getByTestId('category-list').getByTestId(`category-balance-${unassigned.id}`)), { timeout: 30_000 }).toBe(shown(apiBalance));
    await expect.poll(async () => unassignedRegister.locator('header').textContent(), { timeout: 30_000 }).toContain(shown(apiBalance));
    expect(await home.getByTestId('unassigned-count').textContent()).toMatch(/^[1-9]\d*$/);
    expect(await notReloaded(home)).toBe(true);
    await context.close();
  }, 180_000);
});
