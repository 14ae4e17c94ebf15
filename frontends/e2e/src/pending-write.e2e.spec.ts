import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { isoDaysAgo } from './ledger-fixtures.js';
import { addOfflineInstitution, pickCategory, registerRow } from './ledger-steps.js';
import { signUp } from './sign-up.js';
import { launchChromium, startStack, type Stack } from './stack.js';

/**
 * What this shows in the browser (docs/architecture.md §4): with the projector path (as with
 * EventStoreDB), a write whose read models lag behind is still a saved write. The projector process
 * is frozen (SIGSTOP) while a transaction is saved: the API answers 202 after its bound wait, the
 * dialog says "Saved — updating balances…" and offers no second Save, the client sends the same
 * request again with the same key, and once the projector runs again the dialog closes with the row
 * in the register, stored once.
 */
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack({ PROJECTION: 'async', PROJECTION_WAIT_MS: '600' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const storedNamed = async (name: string) =>
  Number(
    (await stack.db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM es_events WHERE type = 'TransactionRecorded' AND data->'account'->>'name' = $1`, [name]))
      .rows[0]!.n,
  );

describe('a save while the read models catch up', () => {
  it('says "Saved — updating balances…", offers no second Save, and stores the transaction once', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    await addOfflineInstitution(page, { institution: 'Slow Bank', account: 'Checking', balance: '100', startDate: isoDaysAgo(10) });

    await page.getByRole('button', { name: 'Add Transaction' }).click();
    const dialog = page.getByTestId('transaction-dialog');
    await dialog.getByLabel('Date').fill(isoDaysAgo(2));
    await dialog.getByLabel('Name').fill('Slow Save');
    await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('-7');
    await pickCategory(dialog, 1, 'groc');

    stack.pause('projector');
    try {
      await dialog.getByRole('button', { name: 'Save' }).click();
      const notice = dialog.getByRole('status');
      await notice.waitFor({ timeout: 10_000 });
      expect(await notice.textContent()).toBe('Saved — updating balances…');
      // Still waiting after several re-sends: no second Save is offered, and it is stored once.
      await page.waitForTimeout(1_500);
      expect(await notice.isVisible()).toBe(true);
      expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      expect(await storedNamed('Slow Save')).toBe(1);
    } finally {
      stack.resume('projector');
    }

    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    expect(await page.getByTestId('pending-writes').count()).toBe(0);
    await registerRow(page, 'Slow Save').waitFor();
    expect(await registerRow(page, 'Slow Save').count()).toBe(1);
    expect(await storedNamed('Slow Save')).toBe(1);
    await context.close();
  }, 120_000);
});
