import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
// The launcher's own pieces, by path as stack.ts imports them: a second api process started as `npm start` starts it.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { SERVICES, serviceEnv, startServices, waitForHealth } from '../../../tools/launcher/lib/index.mjs';
import { audit, expectNoFailing } from './axe-audit.js';
import { isoDaysAgo, ofxFile } from './ledger-fixtures.js';
import { importOfx } from './ledger-imports.js';
import { addOfflineInstitution, registerRow, typeInto } from './ledger-steps.js';
import { signUp } from './sign-up.js';
import { startStack, withStack, type Stack } from './stack.js';
import { networkQuiet } from './network-quiet.js';

let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

describe('auto-assignment rules in the browser', () => {
  it('a rule made on Auto Assign previews the Unassigned rows it would claim (one before the start date, marked, moving no balance), applies after confirming the figures (axe-clean), undoes, and assigns the next import', async () => {
    // bypassCSP: axe is injected as a script, which the app's Content-Security-Policy would refuse.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    await signUp(page, stack);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    await addOfflineInstitution(page, { institution: 'Rule Bank', account: 'Checking', balance: '500', startDate: isoDaysAgo(20) });
    // One row in the budget, one dated before the account's start date (it counts in no balance).
    const first = await importOfx(
      page,
      ofxFile([{ id: 'B1', date: isoDaysAgo(3), name: 'VALLEY BAKERY', amount: '-12.34' }, { id: 'B0', date: isoDaysAgo(30), name: 'VALLEY BAKERY EARLY', amount: '-100.00' }], '487.66'),
    );
    await first.getByText('2 added, 0 updated, 0 unchanged.').waitFor();
    // The next step: the new rows wait in Unassigned.
    await first.getByTestId('unassigned-next-step').getByText('2 new transactions need a category.').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByTestId('sidebar').getByRole('link', { name: 'Auto Assign' }).click();
    await page.getByRole('button', { name: 'Add Auto Assignment' }).click();
    const dialog = page.getByTestId('rule-dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Bakery');
    await dialog.getByLabel('Search string 1', { exact: true }).fill('bakery');
    await typeInto(dialog.getByRole('combobox', { name: 'Funding category 1' }), 'groc');
    await page.keyboard.press('Enter');

    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByTestId('rule-preview');
    await preview.getByText("2 Unassigned transactions match this rule. 1 of them is dated before its account's start date: it takes the rule's categories but moves no balance.").waitFor();
    const listed = await preview.getByRole('grid', { name: 'Matching transactions' }).textContent();
    expect(listed).toContain('VALLEY BAKERY EARLY');
    expect(listed).toContain('No: before the start date');
    // The move is the row in the budget only.
    const moves = await preview.getByRole('grid', { name: 'Balance changes' }).textContent();
    expect(moves).toContain('Groceries');
    expect(moves).toContain('-12.34');
    expect(moves).not.toContain('-112.34');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const list = page.getByRole('grid', { name: 'Auto assignments' });
    await list.getByText('Bakery', { exact: true }).waitFor();
    expect(await list.textContent()).toContain('Groceries 100%');

    await list.getByRole('button', { name: 'Edit Bakery' }).click();
    await page.getByTestId('rule-dialog').getByRole('button', { name: 'Apply to Existing' }).click();
    // Apply asks first, with the figures the apply will produce.
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.getByText('Assign 2 Unassigned transactions with the rule "Bakery"?', { exact: false }).waitFor();
    expect(await confirm.textContent()).toMatch(/Groceries -12\.34 .*1 of them is dated before its account's start date/);
    expectNoFailing(await audit(page, 'apply confirmation'));
    await confirm.getByRole('button', { name: 'Apply' }).click();
    const assigned = "Assigned 2 transactions (1 before its account's start date, moving no balance).";
    await page.getByTestId('rule-dialog').getByText(assigned).waitFor();
    // Undo puts the row back into Unassigned; applying again assigns it once more.
    await page.getByTestId('rule-dialog').getByRole('button', { name: 'Undo' }).click();
    await page.getByTestId('rule-dialog').getByText('Put 2 transactions back into Unassigned.').waitFor();
    expect(await page.getByTestId('rule-dialog').getByRole('button', { name: 'Undo' }).count()).toBe(0);
    await page.getByTestId('rule-dialog').getByRole('button', { name: 'Apply to Existing' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('rule-dialog').getByText(assigned).waitFor();
    await page.getByTestId('rule-dialog').getByRole('button', { name: 'Cancel' }).click();

    // The next import: the matching row is assigned by the rule as it lands.
    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    await page.getByText('Checking').first().click();
    const next = await importOfx(page, ofxFile([{ id: 'B2', date: isoDaysAgo(1), name: 'VALLEY BAKERY 2', amount: '-5.66' }], '482.00'));
    await next.getByText('1 added, 0 updated, 0 unchanged.').waitFor();
    // The rule took the only new row: Unassigned is empty and no next step is shown.
    await networkQuiet(page);
    expect(await next.getByTestId('unassigned-next-step').count()).toBe(0);
    await page.getByRole('button', { name: 'Done' }).click();
    await registerRow(page, 'VALLEY BAKERY 2').waitFor();
    expect(await registerRow(page, 'VALLEY BAKERY 2').textContent()).toContain('Groceries');
    expect(await registerRow(page, 'VALLEY BAKERY').first().textContent()).toContain('Groceries');
    await context.close();
  });
});

/** The pid of the api process serving `port` (one this test's stack started), from /proc. */
function apiPid(port: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!command.includes('services/api/dist/main.js')) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`PORT=${port}`)) return Number(entry);
    } catch {
      // A process that ended while being read.
    }
  }
  throw new Error(`no api process on port ${port}`);
}

describe('an apply whose api process is killed (SIGKILL) after its ledger step, retried with the same key on a new api', () => {
  it('assigns each row once, answers in full, and its undo works', async () => {
    // Async projection with the projector stopped: the apply has written its record and its ledger
    // step and waits for the read models when its process is killed.
    const jwtSecret = randomBytes(32).toString('base64url');
    const killed = await startStack({ PROJECTION: 'async', PROJECTION_WAIT_MS: '60000', JWT_SECRET: jwtSecret });
    let second: ReturnType<typeof startServices> | null = null;
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await signUp(page, killed);
      const token = (await page.evaluate("localStorage.getItem('budget.accessToken')")) as string;
      await context.close();
      const call = async (base: string, method: string, path: string, body?: unknown, key?: string) => {
        const response = await fetch(`${base}/api/v1/${path}`, {
          method,
          headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...(body !== undefined && { 'Content-Type': 'application/json' }), ...(key && { 'Idempotency-Key': key }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        return { status: response.status, body: (text ? JSON.parse(text) : null) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
      };
      const groceries = ((await call(killed.url, 'GET', 'groups')).body.data.categories as { id: string; name: string }[]).find((c) => c.name === 'Groceries')!.id;
      const institution = await call(killed.url, 'POST', 'institution', {
        institution: { name: 'Kill Bank' },
        accounts: [{ name: 'Checking', balance: 500, type: 'depository', subtype: 'checking', tracking: 'Transactions' }],
        startDate: isoDaysAgo(20),
      });
      const account = institution.body.data.accounts[0].id as string;
      for (const [name, amount] of [['KILL CAFE 1', -4.5], ['KILL CAFE 2', -6.25]] as const) {
        expect((await call(killed.url, 'POST', `account/${account}/transactions`, { date: isoDaysAgo(2), name, amount })).status).toBe(201);
      }
      const rule = (await call(killed.url, 'POST', 'auto-assignments', { name: 'Kill', searchStrings: ['kill cafe'], categories: [{ id: -1, categoryId: groceries, amount: 100, percentage: true }] })).body;
      const assignments = async () =>
        Number((await killed.db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM es_events WHERE type = 'TransactionChanged' AND data->'autoAssignment'->>'ruleId' = $1`, [rule.id])).rows[0]!.n);

      killed.pause('projector');
      const key = randomUUID();
      const first = call(killed.url, 'POST', `auto-assignments/${rule.id}/apply`, undefined, key).catch((error: unknown) => error);
      await expect.poll(assignments, { timeout: 30_000, interval: 100 }).toBe(2);
      process.kill(apiPid(new URL(killed.url).port), 'SIGKILL');
      expect(await first).toBeInstanceOf(Error);
      killed.resume('projector');

      const port = String(Number(new URL(killed.url).port) + 1);
      second = startServices({
        env: serviceEnv({ databaseUrl: killed.db.url, redisUrl: killed.redisUrl, port: Number(port), env: { ...process.env, PROJECTION: 'async', JWT_SECRET: jwtSecret, MAIL_OUTBOX_DIR: killed.outbox } }),
        services: SERVICES.filter((s) => s.name === 'api'),
      });
      const base = `http://127.0.0.1:${port}`;
      await waitForHealth(`${base}/api/v1/health`, { timeoutMs: 60_000 });
      let retried = await call(base, 'POST', `auto-assignments/${rule.id}/apply`, undefined, key);
      // The killed request's key is given up once its holder is gone; a 202 until the read models catch up.
      await expect
        .poll(async () => (retried = await call(base, 'POST', `auto-assignments/${rule.id}/apply`, undefined, key)).status, { timeout: 90_000, interval: 500 })
        .toBe(200);
      expect(retried.body.data).toMatchObject({ assigned: 2, outsideBudget: 0 });
      expect(await assignments()).toBe(2);
      const undone = await call(base, 'POST', `auto-assignments/${rule.id}/applications/${retried.body.data.applicationId}/undo`, undefined, randomUUID());
      expect(undone.status, JSON.stringify(undone.body)).toBe(200);
      expect(undone.body.data).toEqual({ restored: 2, skipped: 0 });
    } finally {
      await second?.stop();
      await killed.stop();
    }
  }, 240_000);
});
