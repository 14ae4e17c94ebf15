import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { apiPost, GROUP, rebalance, typeAmount } from './budget-steps.js';
import { signUp } from './sign-up.js';
import { launchChromium, startStack, type Stack } from './stack.js';

/**
 * What this shows (docs/architecture.md §6.2): a Save whose answer is lost after the server stored
 * it, then Save pressed again, records the write once. The answer is cut off in the browser
 * (`route.fetch()` lets the request reach the server and get its answer, `route.abort('failed')`
 * keeps it from the page), as a dropped connection does. One user action keeps its Idempotency-Key
 * for every Save until it has a definitive answer (`WriteAction` in libs/web), so the second Save
 * is recognised as the first.
 */

const NO_ANSWER = "The server's answer did not arrive, so this may or may not have been saved. Trying again is safe: it will not be saved twice.";

/** A new user with a group holding two categories, on /home. */
async function budgetWithTwoCategories(browser: Browser, stack: Stack): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await signUp(page, stack);
  const group = await apiPost(page, stack.url, '/api/v1/groups', { name: GROUP });
  expect(group.status, JSON.stringify(group.body)).toBe(201);
  const groupId = (group.body as { data: { id: string } }).data.id;
  for (const name of ['Vacation', 'Weekend']) {
    const category = await apiPost(page, stack.url, `/api/v1/groups/${groupId}/categories`, { name });
    expect(category.status, JSON.stringify(category.body)).toBe(201);
  }
  await page.reload();
  return { context, page };
}

/**
 * Cuts off the answer of the first request matching `method` and `url` after the server has
 * answered it, and records the Idempotency-Key of every such request.
 */
async function dropFirstAnswer(page: Page, method: string, url: string | RegExp): Promise<string[]> {
  const keys: string[] = [];
  let dropped = false;
  await page.route(url, async (route) => {
    const request: Request = route.request();
    if (request.method() !== method) return route.fallback();
    keys.push(request.headers()['idempotency-key'] ?? '');
    if (dropped) return route.fallback();
    dropped = true;
    await route.fetch();
    await route.abort('failed');
  });
  return keys;
}

const count = async (stack: Stack, sql: string, params: unknown[] = []) => Number((await stack.db.pool.query<{ n: string }>(sql, params)).rows[0]!.n);

const rebalancesStored = (stack: Stack) => count(stack, `SELECT count(*) AS n FROM es_events WHERE type = 'TransactionRecorded' AND data->>'kind' = 'rebalance'`);

describe('a rebalance whose answer was lost, saved again (inline projection)', () => {
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('is stored once, the dialog says trying again is safe, and the second Save ends saved', async () => {
    const { context, page } = await budgetWithTwoCategories(browser, stack);
    const keys = await dropFirstAnswer(page, 'POST', '**/api/v1/category-transfer');
    const dialog = await rebalance(page, { Vacation: '-25', Weekend: '25' });

    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(NO_ANSWER).waitFor();
    // The server did store it: the answer only never reached the page.
    expect(await rebalancesStored(stack)).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);

    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await rebalancesStored(stack)).toBe(1);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    // The register of category transfers shows the one rebalance.
    await page.getByTestId('category-transfers').click();
    const rows = page.getByTestId('rebalances-register').getByTestId('register-row');
    await rows.filter({ hasText: 'Category Transfer' }).waitFor();
    expect(await rows.count()).toBe(1);
    await context.close();
  }, 120_000);
});

describe('an edit answered 202 whose answer was lost, saved again (projector frozen)', () => {
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

  it('is stored once and the dialog ends saved', async () => {
    const { context, page } = await budgetWithTwoCategories(browser, stack);
    const created = await rebalance(page, { Vacation: '-25', Weekend: '25' });
    await created.getByRole('button', { name: 'Save' }).click();
    await created.waitFor({ state: 'detached', timeout: 20_000 });

    await page.getByTestId('category-transfers').click();
    const row = page.getByTestId('rebalances-register').getByTestId('register-row').filter({ hasText: 'Category Transfer' });
    await row.waitFor();
    await row.click();
    const editing = page.getByTestId('transfer-dialog');
    expect(await editing.getByLabel('From amount 1').inputValue()).toBe('25.00');
    await typeAmount(editing.getByLabel('From amount 1'), '30');
    await expect.poll(() => editing.getByLabel('To amount 1').inputValue()).toBe('30.00');

    const keys = await dropFirstAnswer(page, 'PATCH', /\/api\/v1\/category-transfer\/[0-9a-f-]+$/);
    const changes = () => count(stack, `SELECT count(*) AS n FROM es_events WHERE type = 'TransactionChanged'`);
    stack.pause('projector');
    try {
      // The server stores the edit and, the projector frozen, answers 202 after its bound wait;
      // that answer is lost.
      await editing.getByRole('button', { name: 'Save' }).click();
      await editing.getByText(NO_ANSWER).waitFor({ timeout: 15_000 });
      expect(await changes()).toBe(1);
      // Saved again with the same key while the read models still lag: the server answers what
      // the first send was answered (stored, pending), never a version conflict.
      await editing.getByRole('button', { name: 'Save' }).click();
      await editing.getByRole('status').filter({ hasText: 'Saved — updating balances…' }).waitFor({ timeout: 10_000 });
      expect(await page.getByText('Changed Transaction').count()).toBe(0);
    } finally {
      stack.resume('projector');
    }

    await editing.waitFor({ state: 'detached', timeout: 20_000 });
    // The lost send, the user's second Save, and the client's re-sends of its 202: one key.
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    expect(await changes()).toBe(1);
    expect(await page.getByText('Changed Transaction').count()).toBe(0);
    await row.click();
    const reopened = page.getByTestId('transfer-dialog');
    await reopened.getByLabel('From amount 1').waitFor();
    expect(await reopened.getByLabel('From amount 1').inputValue()).toBe('30.00');
    await context.close();
  }, 120_000);
});
