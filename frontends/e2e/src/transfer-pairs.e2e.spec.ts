import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningPlaidSimulator } from '@budget/plaid-simulator';
import { auditDialog, expectNoFailing } from './axe-audit.js';
import { withPlaidStack } from './plaid-stack.js';
import { syncAccounts } from './plaid-steps.js';
import { signUp } from './sign-up.js';
import type { Stack } from './stack.js';
import { networkQuiet } from './network-quiet.js';

/**
 * Transfers between the user's own accounts (README "Transfer pairs"), in Chromium against the
 * built services and the Plaid simulator: the first sync records the bank's own hinted transfers
 * alone (no notice); a move the bank gives no hint for (put on checking and savings through the
 * simulator's control API) is offered after Sync Accounts — a notice, a dialog axe finds clean —
 * and confirmed from the keyboard: both rows go to Account Transfer and the notice leaves.
 */
let sim: RunningPlaidSimulator;
let stack: Stack;
let browser: Browser;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

withPlaidStack((started) => ({ sim, stack, browser } = started));

async function linkBank(page: Page) {
  const token = (await page.evaluate("localStorage.getItem('budget.accessToken')")) as string | null;
  const created = await fetch(`${sim.url}/sandbox/public_token/create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: 'e2e', secret: 'e2e', institution_id: 'ins_109508', initial_products: ['transactions'] }),
  });
  const { public_token: publicToken } = (await created.json()) as { public_token: string };
  const linked = await fetch(`${stack.url}/api/v1/institution`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ publicToken, institutionId: 'ins_109508', startDate: day(-40) }),
  });
  expect(linked.status).toBe(201);
  const institutionId = ((await linked.json()) as { data: { id: string } }).data.id;
  await expect
    .poll(async () => (await stack.db.pool.query('SELECT item_id FROM bank_items WHERE institution_id = $1 AND cursor IS NOT NULL', [institutionId])).rows.length, { timeout: 30_000, interval: 250 })
    .toBe(1);
  return (await stack.db.pool.query<{ item_id: string }>('SELECT item_id FROM bank_items WHERE institution_id = $1', [institutionId])).rows[0]!.item_id;
}

/** The category type each named row of the user is in (its one split). */
async function categoryTypes(names: string[]) {
  const { rows } = await stack.db.pool.query<{ name: string; type: string }>(
    `SELECT t.name, c.type FROM ledger_transactions t CROSS JOIN LATERAL jsonb_array_elements(t.splits) s
       JOIN budget_categories c ON c.id = s->>'categoryId' WHERE t.name = ANY($1::text[]) AND NOT t.deleted ORDER BY t.name`, [names]);
  return rows.map((r) => [r.name, r.type]);
}

describe('transfer pairs (Plaid simulator)', () => {
  it('records the bank\'s hinted transfers alone, offers an unhinted one after Sync Accounts, and the user confirms it from the keyboard', async () => {
    // axe-core is injected as a script of its own, which the pages' Content Security Policy would refuse.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    await signUp(page, stack);
    const itemId = await linkBank(page);
    // The first sync paired the bank's own checking → savings moves: both sides in Account Transfer.
    await expect.poll(async () => (await categoryTypes(['Transfer to Saving', 'Transfer from Checking'])).map(([, type]) => type), { timeout: 30_000 })
      .toContain('ACCOUNT TRANSFER');
    expect(new Set((await categoryTypes(['Transfer to Saving', 'Transfer from Checking'])).map(([, type]) => type))).toEqual(new Set(['ACCOUNT TRANSFER']));

    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    await page.waitForURL('**/accounts');
    await networkQuiet(page);
    expect(await page.getByTestId('transfer-candidates-notice').count()).toBe(0);

    // A move the bank gives no transfer hint for: offered, not recorded.
    const added = await fetch(`${sim.url}/simulator/items/${itemId}/transactions`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ transactions: [
        { account_id: 'checking', amount: 77.77, description: 'ONLINE TRANSFER 5521', date: day(-1) },
        { account_id: 'savings', amount: -77.77, description: 'DEPOSIT 5521', date: day(-1) },
      ], webhook: false }),
    });
    expect(added.status).toBe(201);
    await syncAccounts(page);
    const notice = page.getByTestId('transfer-candidates-notice');
    await notice.getByText('1 possible transfer between your accounts to review.').waitFor();
    expect(await categoryTypes(['ONLINE TRANSFER 5521', 'DEPOSIT 5521'])).toEqual([['DEPOSIT 5521', 'UNASSIGNED'], ['ONLINE TRANSFER 5521', 'UNASSIGNED']]);

    const review = () => notice.getByRole('button', { name: 'Review transfers' }).click();
    expectNoFailing(await auditDialog(page, 'transfer candidates', 'transfer-candidates-dialog', review));
    await review();
    const dialog = page.getByTestId('transfer-candidates-dialog');
    const candidate = dialog.getByTestId('transfer-candidate');
    await candidate.getByText('Plaid Checking to Plaid Saving').waitFor();
    await candidate.getByText('"ONLINE TRANSFER 5521" in Plaid Checking').waitFor();
    await candidate.getByText('"DEPOSIT 5521" in Plaid Saving').waitFor();
    await candidate.getByRole('button', { name: 'Confirm transfer' }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByText('Nothing left to review.').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await notice.count()).toBe(0);
    expect(await categoryTypes(['ONLINE TRANSFER 5521', 'DEPOSIT 5521'])).toEqual([['DEPOSIT 5521', 'ACCOUNT TRANSFER'], ['ONLINE TRANSFER 5521', 'ACCOUNT TRANSFER']]);
    await context.close();
  }, 180_000);
});
