import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AccountType } from 'plaid';
import type { RunningPlaidSimulator } from '@budget/plaid-simulator';
import { audit, expectNoFailing } from './axe-audit.js';
import { pickCategory, registerRow } from './ledger-steps.js';
import { withPlaidStack } from './plaid-stack.js';
import { syncAccounts } from './plaid-steps.js';
import { signUp } from './sign-up.js';
import type { Stack } from './stack.js';

/**
 * A typed row on a linked account survives Sync Accounts, and the bank's own row claims it
 * (docs/architecture.md §8), in Chromium against the built services and the Plaid simulator: the
 * cash row is typed in the transaction dialog, stays after a sync (uncleared), and once the
 * simulator's control API puts the bank's row on the account, the next sync leaves ONE row — the
 * typed one, cleared — and the account's header shows nothing uncleared and no difference from the bank.
 */
let sim: RunningPlaidSimulator;
let stack: Stack;
let browser: Browser;

// The simulator's "today" is the current UTC date, as here.
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

withPlaidStack((started) => ({ sim, stack, browser } = started));

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const token = (await page.evaluate("localStorage.getItem('budget.accessToken')")) as string | null;
  const response = await fetch(`${stack.url}/api/v1/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Links the simulated bank through the API (the Link dialog is bank-link.e2e's); answers the institution, item and checking account. */
async function linkBank(page: Page) {
  const token = await fetch(`${sim.url}/sandbox/public_token/create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: 'e2e', secret: 'e2e', institution_id: 'ins_109508', initial_products: ['transactions'] }),
  });
  const { public_token: publicToken } = (await token.json()) as { public_token: string };
  const linked = await api<{ data: { id: string } }>(page, 'POST', 'institution', { publicToken, institutionId: 'ins_109508', startDate: day(-20) });
  expect(linked.status, JSON.stringify(linked.body)).toBe(201);
  const institutionId = linked.body.data.id;
  await expect
    .poll(async () => (await stack.db.pool.query('SELECT item_id FROM bank_items WHERE institution_id = $1 AND cursor IS NOT NULL', [institutionId])).rows.length, { timeout: 30_000, interval: 250 })
    .toBe(1);
  const itemId = (await stack.db.pool.query<{ item_id: string }>('SELECT item_id FROM bank_items WHERE institution_id = $1', [institutionId])).rows[0]!.item_id;
  const plaidAccountId = sim.simulator.itemById(itemId)!.accounts.find((a) => a.template.type === AccountType.Depository)!.account_id;
  const accountId = (await stack.db.pool.query<{ id: string }>('SELECT id::text FROM ledger_accounts WHERE plaid_account_id = $1', [plaidAccountId])).rows[0]!.id;
  return { institutionId, itemId, plaidAccountId, accountId };
}

describe('a typed row on a linked account (Plaid simulator)', () => {
  it('stays after Sync Accounts, and the bank\'s row claims it: one row, cleared, nothing uncleared, no difference from the bank', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    const { itemId, plaidAccountId, accountId } = await linkBank(page);

    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    await page.getByTestId(`account-${accountId}`).click();
    await page.waitForURL(`**/accounts/${accountId}`);
    const balances = page.getByTestId('bank-balances');
    await balances.getByTestId('uncleared-balance').getByText('0.00').waitFor();

    // Type the cash row in the transaction dialog.
    await page.getByRole('button', { name: 'Add Transaction' }).click();
    const dialog = page.getByTestId('transaction-dialog');
    await dialog.getByLabel('Date').fill(day(-1));
    await dialog.getByLabel('Name').fill('ATM cash');
    await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('-10');
    await pickCategory(dialog, 1, 'groc');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await registerRow(page, 'ATM cash').waitFor();
    await balances.getByTestId('uncleared-balance').getByText('-10.00').waitFor();
    const working = (await balances.getByTestId('working-balance').textContent())!.trim();

    // Sync Accounts before the bank has it: the row stays, still uncleared, and the account did not move.
    await syncAccounts(page);
    await page.getByTestId(`account-${accountId}`).click();
    await registerRow(page, 'ATM cash').waitFor();
    await balances.getByTestId('uncleared-balance').getByText('-10.00').waitFor();
    expect((await balances.getByTestId('working-balance').textContent())!.trim()).toBe(working);
    expect(await balances.getByTestId('bank-difference').count()).toBe(0);

    // The bank's own row, put on the account through the simulator's control API; then Sync Accounts.
    const added = await fetch(`${sim.url}/simulator/items/${itemId}/transactions`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ transactions: [{ account_id: plaidAccountId, amount: 10, description: 'ATM WITHDRAWAL 0042', date: day(0) }], webhook: false }),
    });
    expect(added.status).toBe(201);
    await syncAccounts(page);
    await page.getByTestId(`account-${accountId}`).click();
    await balances.getByTestId('uncleared-balance').getByText('0.00').waitFor();
    expect((await balances.getByTestId('working-balance').textContent())!.trim()).toBe(working);
    expect(await balances.getByTestId('bank-difference').count()).toBe(0);
    await registerRow(page, 'ATM cash').waitFor();
    expect(await registerRow(page, 'ATM WITHDRAWAL 0042').count()).toBe(0);

    // The API agrees: one live row of −10.00 on the account, the typed one, now the bank's.
    const register = await api<{ data: { transactions: { date: string; accountTransaction: { name: string; amount: number } | null }[] } }>(page, 'GET', `account/${accountId}/transactions?offset=0&limit=100`);
    const tens = register.body.data.transactions.filter((r) => r.accountTransaction?.amount === -10);
    expect(tens).toMatchObject([{ date: day(0), accountTransaction: { name: 'ATM cash' } }]);
    await context.close();
  }, 180_000);

  it('the tipped bill: a typed row the bank posts at another amount says so in its dialog (typed and bank amounts), and Mark reviewed clears it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    const { institutionId, itemId, plaidAccountId } = await linkBank(page);
    // The simulator's account ids repeat across items: this user's account is the one of this institution.
    const accountId = (await stack.db.pool.query<{ id: string }>('SELECT id::text FROM ledger_accounts WHERE plaid_account_id = $1 AND institution_id = $2::uuid', [plaidAccountId, institutionId])).rows[0]!.id;
    const categories = await api<{ data: { categories: { id: string; name: string }[] } }>(page, 'GET', 'groups');
    const dining = categories.body.data.categories.find((c) => c.name === 'Dining Out')!.id;
    const typed = await api<{ transaction: { id: string } }>(page, 'POST', `account/${accountId}/transactions`, { date: day(0), name: 'Pizza night', amount: -30, categories: [{ categoryId: dining, amount: -30 }] });
    expect(typed.status, JSON.stringify(typed.body)).toBe(201);
    const typedId = typed.body.transaction.id;
    const bankRow = async (row: Record<string, unknown>) => {
      const added = await fetch(`${sim.url}/simulator/items/${itemId}/transactions`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ transactions: [{ account_id: plaidAccountId, description: 'PIZZERIA 7', date: day(0), ...row }], webhook: false }),
      });
      expect(added.status).toBe(201);
      return ((await added.json()) as { transactions: { transaction_id: string }[] }).transactions[0]!.transaction_id;
    };
    /** Syncs until `done` (a sync asked during another of the item's is folded into it). */
    const syncUntil = async (done: () => Promise<boolean>) => {
      await expect.poll(async () => {
        await api(page, 'POST', `institution/${institutionId}`);
        return done();
      }, { timeout: 60_000, interval: 500 }).toBe(true);
    };
    const claims = async () => (await stack.db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM es_events WHERE type = 'BankRowClaimed'")).rows[0]!.n;
    const claimed = await claims();
    const pending = await bankRow({ amount: 30, pending: true });
    await syncUntil(async () => (await claims()) > claimed);
    const typedRow = async () => (await api<{ accountTransaction: { amount: number } | null; newReason?: string | null }>(page, 'GET', `transaction/${typedId}`)).body;
    expect(await typedRow()).toMatchObject({ accountTransaction: { amount: -30 } });
    await bankRow({ amount: 36.5, pending_transaction_id: pending });
    await syncUntil(async () => {
      const row = await typedRow();
      return row.accountTransaction?.amount === -36.5 && row.newReason === 'amount';
    });

    await page.goto(`${stack.url}/accounts/${accountId}`);
    await registerRow(page, 'Pizza night').click();
    const dialog = page.getByTestId('transaction-dialog');
    const note = dialog.getByTestId('tipped-bill');
    await note.waitFor({ timeout: 30_000 });
    expect((await note.innerText()).split('\n')[0]).toBe("The bank's amount differed from what you typed (typed -30.00, bank -36.50).");
    expectNoFailing(await audit(page, 'the tipped bill in the transaction dialog'));
    await note.getByRole('button', { name: 'Mark reviewed' }).click();
    await note.waitFor({ state: 'detached' });
    await expect.poll(async () => (await api<{ isNew?: boolean }>(page, 'GET', `transaction/${typedId}`)).body.isNew, { timeout: 30_000 }).toBe(false);
    await context.close();
  }, 240_000);
});

