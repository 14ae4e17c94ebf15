import { Configuration, PlaidApi, Products } from 'plaid';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { signUp } from './sign-up.js';
import { withPlaidStack, type PlaidStack } from './plaid-stack.js';
import type { Stack } from './stack.js';

let sim: PlaidStack['sim'];
let stack: Stack;
let browser: Browser;

withPlaidStack((started) => ({ sim, stack, browser } = started));

describe('the provider log in the browser', () => {
  it('an admin finds Plaid Logs in the menu and reads the calls, redacted; a user without the role has no entry and is sent to Logs', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const { username } = await signUp(page, stack);
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByRole('link', { name: 'Logs', exact: true }).waitFor();
    expect(await sidebar.getByRole('link', { name: 'Plaid Logs' }).count()).toBe(0);
    await page.goto(`${stack.url}/admin`);
    await page.waitForURL('**/logs');

    // Link a bank as this user through the API, as the Link dialog would.
    const token = (await page.evaluate("localStorage.getItem('budget.accessToken')")) as string;
    const sandbox = new PlaidApi(new Configuration({ basePath: sim.url, baseOptions: { headers: { 'PLAID-CLIENT-ID': 'e2e', 'PLAID-SECRET': 'e2e' } } }));
    const { data } = await sandbox.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Transactions] });
    const linked = await fetch(`${stack.url}/api/v1/institution`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ publicToken: data.public_token, institutionId: 'ins_109508' }),
    });
    expect(linked.status).toBe(201);

    await stack.db.pool.query(`UPDATE identity_users SET roles = '["ADMIN"]'::jsonb WHERE username = $1`, [username]);
    await page.reload();
    await sidebar.getByRole('link', { name: 'Plaid Logs' }).click();
    await page.waitForURL('**/admin');
    const table = page.getByRole('grid', { name: 'Provider logs' });
    await table.getByText('/item/public_token/exchange').waitFor();
    await table.getByText('/accounts/get').first().waitFor();
    const text = await table.innerText();
    expect(text).toContain('[redacted]');
    expect(text).not.toMatch(/(access|public)-sandbox-[0-9a-f]{8}/);
    await context.close();
  });
});
