import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AccountType } from 'plaid';
import type { RunningPlaidSimulator } from '@budget/plaid-simulator';
import { withPlaidStack } from './plaid-stack.js';
import { signUp } from './sign-up.js';
import type { Stack } from './stack.js';

let sim: RunningPlaidSimulator;
let stack: Stack;
let browser: Browser;

// The simulator's "today" is the current UTC date, as here.
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const TODAY = day(0);

withPlaidStack((started) => ({ sim, stack, browser } = started));

/** The API as the signed-in page's user (its access token from localStorage). */
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

interface Row { id: string; duplicateOfTransactionId: string | null; accountTransaction: { name: string } | null }

/** Links the simulated bank through the API (the Link dialog is not what this test is about); answers the institution, item and checking account. */
async function linkBank(page: Page): Promise<{ institutionId: string; itemId: string; accountId: string }> {
  const token = await fetch(`${sim.url}/sandbox/public_token/create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: 'e2e', secret: 'e2e', institution_id: 'ins_109508', initial_products: ['transactions'] }),
  });
  const { public_token: publicToken } = (await token.json()) as { public_token: string };
  const linked = await api<{ data: { id: string } }>(page, 'POST', 'institution', { publicToken, institutionId: 'ins_109508', startDate: day(-20) });
  expect(linked.status, JSON.stringify(linked.body)).toBe(201);
  const institutionId = linked.body.data.id;
  // The link's first sync (the worker's) has stored the item's cursor.
  await expect
    .poll(async () => (await stack.db.pool.query('SELECT item_id FROM bank_items WHERE institution_id = $1 AND cursor IS NOT NULL', [institutionId])).rows.length, { timeout: 30_000, interval: 250 })
    .toBe(1);
  const itemId = (await stack.db.pool.query<{ item_id: string }>('SELECT item_id FROM bank_items WHERE institution_id = $1', [institutionId])).rows[0]!.item_id;
  // The simulator adds custom rows to the item's first depository account.
  const plaidAccountId = sim.simulator.itemById(itemId)!.accounts.find((a) => a.template.type === AccountType.Depository)!.account_id;
  const accountId = (await stack.db.pool.query<{ id: string }>('SELECT id::text FROM ledger_accounts WHERE plaid_account_id = $1', [plaidAccountId])).rows[0]!.id;
  return { institutionId, itemId, accountId };
}

describe('duplicates in the browser (Plaid simulator)', () => {
  it('a bank row like a manual one is marked; the dialog shows the pair; Cancel keeps it, No clears the mark, Yes makes them one row (the typed one takes the bank\'s date)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    const { institutionId, itemId, accountId } = await linkBank(page);

    // Two transactions typed by hand yesterday, each with a twin typed the day before, then the bank's
    // own rows for them today: each bank row has two candidates, which is ambiguous, so it is marked
    // (a bank row like one typed row alone claims it: bank-claims.e2e.spec.ts).
    for (const [name, amount, offset] of [['Corner shop, by hand', -42.17, -1], ['Gym, by hand', -30, -1], ['Corner shop again, by hand', -42.17, -2], ['Gym again, by hand', -30, -2]] as const) {
      const typed = await api(page, 'POST', `account/${accountId}/transactions`, { date: day(offset), name, amount, categories: [] });
      expect(typed.status).toBe(201);
    }
    sim.simulator.addCustom(sim.simulator.itemById(itemId)!, [
      { date_transacted: TODAY, date_posted: TODAY, amount: 42.17, description: 'CORNER SHOP 0042' },
      { date_transacted: TODAY, date_posted: TODAY, amount: 30, description: 'GYM MONTHLY' },
    ]);
    const bankRows = async () => {
      await api(page, 'POST', `institution/${institutionId}`);
      const register = await api<{ data: { transactions: Row[] } }>(page, 'GET', `account/${accountId}/transactions?offset=0&limit=30`);
      return register.body.data.transactions.filter((r) => r.duplicateOfTransactionId !== null).map((r) => r.accountTransaction?.name).sort();
    };
    await expect.poll(bankRows, { timeout: 30_000, interval: 500 }).toEqual(['CORNER SHOP 0042', 'GYM MONTHLY']);

    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    await page.getByTestId(`account-${accountId}`).click();
    await page.waitForURL(`**/accounts/${accountId}`);
    const corner = page.getByRole('button', { name: 'Possible duplicate: CORNER SHOP 0042' });
    const gym = page.getByRole('button', { name: 'Possible duplicate: GYM MONTHLY' });
    await corner.waitFor();

    // The pair side by side; Cancel closes and changes nothing.
    await corner.click();
    const dialog = page.getByTestId('duplicate-dialog');
    await dialog.getByRole('region', { name: 'From the bank' }).getByText('CORNER SHOP 0042').waitFor();
    await dialog.getByRole('region', { name: 'Already in the account' }).getByText('Corner shop, by hand').waitFor();
    expect(await dialog.getByRole('region', { name: 'Already in the account' }).getByText(/42\.17/).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await corner.waitFor();

    // "No, these are not duplicates": the flag is cleared, both rows stay.
    await corner.click();
    await dialog.getByRole('button', { name: 'No, these are not duplicates' }).click();
    await dialog.waitFor({ state: 'detached' });
    await corner.waitFor({ state: 'detached' });
    const register = page.getByTestId('register');
    await register.getByText('CORNER SHOP 0042').waitFor();
    await register.getByText('Corner shop, by hand').waitFor();

    // "Yes, these are duplicates": one row — the typed one, which becomes the bank's row (its date).
    await gym.click();
    await dialog.getByRole('button', { name: 'Yes, these are duplicates' }).click();
    await dialog.waitFor({ state: 'detached' });
    await register.getByText('GYM MONTHLY').waitFor({ state: 'detached' });
    await register.getByText('Gym, by hand').waitFor();

    const left = await api<{ data: { transactions: Row[] } }>(page, 'GET', `account/${accountId}/transactions?offset=0&limit=30`);
    expect(left.body.data.transactions.filter((r) => r.duplicateOfTransactionId !== null)).toEqual([]);
    expect(left.body.data.transactions.some((r) => r.accountTransaction?.name === 'GYM MONTHLY')).toBe(false);
    expect((left.body.data.transactions as (Row & { date: string })[]).find((r) => r.accountTransaction?.name === 'Gym, by hand')?.date).toBe(TODAY);
    await context.close();
  }, 180_000);
});
