import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { signUp } from './sign-up.js';
import { withPlaidStack, type PlaidStack } from './plaid-stack.js';
import { syncAccounts } from './plaid-steps.js';
import type { Stack } from './stack.js';

let sim: PlaidStack['sim'];
let stack: Stack;
let browser: Browser;

withPlaidStack((started) => ({ sim, stack, browser } = started));

/** The simulator's control API (the test's side, never the browser's). */
async function control(method: 'GET' | 'POST', path: string, body?: object): Promise<Record<string, unknown>> {
  const response = await fetch(`${sim.url}${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  expect(response.ok, `${method} ${path}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** Waits until the item's first sync has stored its cursor (the worker finished it). */
async function firstSyncDone(): Promise<void> {
  await expect
    .poll(async () => (await stack.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM bank_items WHERE cursor IS NOT NULL')).rows[0]!.n, { timeout: 30_000, interval: 250 })
    .toBe('1');
}

describe('online institutions in the browser (Plaid simulator)', () => {
  it('links a simulated bank whose transactions land in Unassigned, Sync Accounts shows what came, and a bank that needs a relink is relinked', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();

    // The simulated Link dialog: a bank, its accounts (only the checking account kept), Continue.
    await page.getByRole('button', { name: 'Add Online Institution' }).click();
    const link = page.getByTestId('simulated-link-dialog');
    await link.getByLabel('Bank').selectOption({ label: 'First Platypus Bank' });
    for (const name of ['Plaid Saving', 'Plaid Credit Card', 'Plaid Student Loan', 'Plaid Mortgage', 'Plaid IRA']) {
      await link.getByRole('checkbox', { name: new RegExp(name) }).uncheck();
    }
    await link.getByRole('button', { name: 'Continue' }).click();
    await link.waitFor({ state: 'detached' });
    await page.getByText('First Platypus Bank').first().waitFor();
    await page.getByText('Plaid Checking').first().waitFor();
    expect(await page.getByText('Plaid Saving').count()).toBe(0);

    // The first sync was queued by the link: its rows arrive in Unassigned without a click.
    await firstSyncDone();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Home' }).click();
    const badge = page.getByTestId('unassigned-count');
    await expect.poll(async () => Number((await badge.count()) === 0 ? 0 : await badge.textContent()), { timeout: 30_000 }).toBeGreaterThan(0);

    // The bank's next day, then Sync Accounts: the result line says how many rows came.
    const items = (await control('GET', '/simulator/items')).items as { item_id: string }[];
    expect(items).toHaveLength(1);
    await control('POST', `/simulator/items/${items[0]!.item_id}/advance`, { webhook: false });
    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    expect(await syncAccounts(page)).toMatch(/^[1-9]\d* new transactions?(, \d+ changed)?(, \d+ removed)?\.$/);

    // The bank asks for a new login on the next sync: the prompt, Yes, Link in update mode, synced again.
    await control('POST', '/simulator/faults', { endpoint: '/transactions/sync', error_code: 'ITEM_LOGIN_REQUIRED' });
    expect(await syncAccounts(page)).toBe('First Platypus Bank needs you to sign in again.');
    const prompt = page.getByTestId('relink-prompt');
    await prompt.getByText('First Platypus Bank needs you to sign in again. Relink now?').waitFor();
    expect((await stack.db.pool.query('SELECT status FROM bank_items')).rows).toEqual([{ status: 'needs_relink' }]);
    await prompt.getByRole('button', { name: 'Yes' }).click();
    const relink = page.getByTestId('simulated-link-dialog');
    await relink.getByText('Sign in to First Platypus Bank again.').waitFor();
    await relink.getByRole('button', { name: 'Continue' }).click();
    await relink.waitFor({ state: 'detached' });
    const status = page.getByTestId('sync-status').first();
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toMatch(/new transactions?\.$/);
    expect((await stack.db.pool.query('SELECT status FROM bank_items')).rows).toEqual([{ status: 'ok' }]);

    // Institution Info from the institution's menu.
    await page.getByRole('button', { name: 'First Platypus Bank actions' }).click();
    await page.getByRole('menuitem', { name: 'Institution Info' }).click();
    const info = page.getByTestId('institution-info-dialog');
    await info.getByText('ins_109508').waitFor();
    await info.getByRole('button', { name: 'Close' }).click();
    await context.close();
  }, 180_000);
});
