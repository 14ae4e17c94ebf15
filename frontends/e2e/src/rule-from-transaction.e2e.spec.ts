import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AccountType } from 'plaid';
import { registerRow, typeInto } from './ledger-steps.js';
import { signUp } from './sign-up.js';
import { syncAccounts } from './plaid-steps.js';
import { withPlaidStack, type PlaidStack } from './plaid-stack.js';

let plaid: PlaidStack;
let browser: Browser;

withPlaidStack((started) => ({ plaid, browser } = started));

const today = () => new Date().toISOString().slice(0, 10);

/** Links First Platypus Bank through the API as the page's user; answers the item and its checking account's ledger id. */
async function linkThroughApi(page: Page): Promise<{ itemId: string; accountId: string }> {
  const { sim, stack } = plaid;
  const created = await fetch(`${sim.url}/sandbox/public_token/create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: 'e2e', secret: 'e2e', institution_id: 'ins_109508', initial_products: ['transactions'] }),
  });
  const publicToken = ((await created.json()) as { public_token: string }).public_token;
  const accessToken = (await page.evaluate("localStorage.getItem('budget.accessToken')")) as string;
  const linked = await fetch(`${stack.url}/api/v1/institution`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ publicToken, institutionId: 'ins_109508', startDate: new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10) }),
  });
  expect(linked.status).toBe(201);
  const institutionId = ((await linked.json()) as { data: { id: string } }).data.id;
  const stored = async () => (await stack.db.pool.query<{ item_id: string }>('SELECT item_id FROM bank_items WHERE institution_id = $1 AND cursor IS NOT NULL', [institutionId])).rows;
  await expect.poll(async () => (await stored()).length, { timeout: 30_000, interval: 250 }).toBe(1);
  const itemId = (await stored())[0]!.item_id;
  const plaidAccountId = sim.simulator.itemById(itemId)!.accounts.find((a) => a.template.type === AccountType.Depository)!.account_id;
  const accountId = (await stack.db.pool.query<{ id: string }>('SELECT id::text FROM ledger_accounts WHERE plaid_account_id = $1', [plaidAccountId])).rows[0]!.id;
  return { itemId, accountId };
}

/** The Accounts page, then Sync Accounts: the result line. */
async function syncFromAccounts(page: Page): Promise<string> {
  await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
  return syncAccounts(page);
}

describe('a rule made from a transaction (Plaid simulator)', () => {
  it("'Make a rule from this one' opens the rule prefilled, its preview shows the balance change, and the next sync assigns the matching rows", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, plaid.stack);
    const { itemId, accountId } = await linkThroughApi(page);
    const item = () => plaid.sim.simulator.itemById(itemId)!;

    // A bank row with a name that recurs, synced into Unassigned: the next step points at Unassigned.
    plaid.sim.simulator.addCustom(item(), [{ date_transacted: today(), date_posted: today(), amount: 12.34, description: 'VALLEY BAKERY 0001' }]);
    expect(await syncFromAccounts(page)).toMatch(/^1 new transaction/);
    const nextStep = page.getByTestId('unassigned-next-step');
    await nextStep.getByText('1 new transaction needs a category.').waitFor();
    expect(await nextStep.getByRole('link', { name: 'Assign them' }).getAttribute('href')).toMatch(/^\/home\/[0-9a-f-]{36}$/);

    // "Assign them": Unassigned's register; the row, its dialog, "Make a rule from this one": the rule dialog, prefilled.
    await nextStep.getByRole('link', { name: 'Assign them' }).click();
    await page.waitForURL('**/home/*');
    await registerRow(page, 'VALLEY BAKERY 0001').click();
    await page.getByTestId('transaction-dialog').getByRole('link', { name: 'Make a rule from this one' }).click();
    await page.waitForURL('**/auto-assignments?new=*');
    const dialog = page.getByTestId('rule-dialog');
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('VALLEY BAKERY 0001');
    // The number is this row's own: the rule should claim every visit to the bakery.
    await dialog.getByLabel('Search string 1', { exact: true }).fill('VALLEY BAKERY');
    await dialog.getByLabel('Name', { exact: true }).fill('Bakery');
    await typeInto(dialog.getByRole('combobox', { name: 'Funding category 1' }), 'groc');
    await page.keyboard.press('Enter');

    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByTestId('rule-preview');
    await preview.getByText('1 Unassigned transaction matches this rule.').waitFor();
    const moves = await preview.getByRole('grid', { name: 'Balance changes' }).textContent();
    expect(moves).toContain('Groceries');
    expect(moves).toContain('-12.34');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('grid', { name: 'Auto assignments' }).getByText('Bakery', { exact: true }).waitFor();
    // The prefill is used once: the query is gone from the address.
    expect(new URL(page.url()).searchParams.has('new')).toBe(false);

    // The bank's next day, with another visit to the bakery; Sync Accounts: the rule assigns it as it lands.
    const advanced = await fetch(`${plaid.sim.url}/simulator/items/${itemId}/advance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ webhook: false }) });
    expect(advanced.ok).toBe(true);
    plaid.sim.simulator.addCustom(item(), [{ date_transacted: today(), date_posted: today(), amount: 5.66, description: 'VALLEY BAKERY 0002' }]);
    expect(await syncFromAccounts(page)).toMatch(/^[1-9]\d* new transactions?/);
    await page.getByTestId(`account-${accountId}`).click();
    await page.waitForURL(`**/accounts/${accountId}`);
    await registerRow(page, 'VALLEY BAKERY 0002').waitFor();
    expect(await registerRow(page, 'VALLEY BAKERY 0002').textContent()).toContain('Groceries');
    // The first row was only previewed, never applied: it stays in Unassigned.
    expect(await registerRow(page, 'VALLEY BAKERY 0001').textContent()).not.toContain('Groceries');
    await context.close();
  }, 180_000);
});
