import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expectNoFailing, type Finding } from './axe-audit.js';
import { apiPost, GROUP, rebalance } from './budget-steps.js';
import { signUp } from './sign-up.js';
import { launchChromium, startStack, type Stack } from './stack.js';

/**
 * One user action, one effect, even across a closed dialog (README "The tray of unconfirmed
 * saves"). A Save whose answer is lost, then the dialog closed: the save moves to the shell's tray
 * with its Idempotency-Key, which asks the server by that key (`GET /idempotency-keys/{key}`) until
 * it knows. Stored → "Saved". Never reached the server → "Not saved — nothing was recorded", kept
 * across a reload, and "Try again" sends it with the SAME key: stored once. A lost answer is made
 * as lost-answer.e2e.spec.ts makes it: `route.fetch()` lets the request reach the server,
 * `route.abort('failed')` keeps the answer from the page; without the fetch it never arrives.
 */

const NO_ANSWER = "The server's answer did not arrive, so this may or may not have been saved. Trying again is safe: it will not be saved twice.";
const LABEL = 'Record a funding, rebalance or category transfer';

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
 * Loses the first POST /category-transfer: `reachServer` lets it be stored first (its answer is
 * lost), else it never leaves the browser. Records every such request's Idempotency-Key.
 */
async function loseFirstRebalance(page: Page, reachServer: boolean): Promise<string[]> {
  const keys: string[] = [];
  await page.route('**/api/v1/category-transfer', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.fallback();
    if (reachServer) await route.fetch();
    await route.abort('failed');
  });
  return keys;
}

/** axe over the tray as it stands (the page's own audits are a11y-all.e2e.spec.ts's). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function auditTray(page: Page): Promise<Finding[]> {
  // Through the DevTools protocol (an evaluation, not a script tag): the CSP allows no inline script.
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(axeSource);
  const found = (await page.evaluate(`axe.run(document.querySelector('[data-testid="save-tray"]'), { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
    .then((r) => ({ passes: r.passes.length, violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ')) })) }))`)) as {
    passes: number;
    violations: Omit<Finding, 'where'>[];
  };
  expect(found.passes).toBeGreaterThan(3);
  return found.violations.map((finding) => ({ where: 'the save tray', ...finding }));
}

const rebalancesStored = async (stack: Stack) =>
  Number((await stack.db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM es_events WHERE type = 'TransactionRecorded' AND data->>'kind' = 'rebalance'`)).rows[0]!.n);

describe('the tray of unconfirmed saves', () => {
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

  it('a save stored but whose answer was lost, its dialog then closed, resolves to "Saved"', async () => {
    const { context, page } = await budgetWithTwoCategories(browser, stack);
    const keys = await loseFirstRebalance(page, true);
    const dialog = await rebalance(page, { Vacation: '-25', Weekend: '25' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(NO_ANSWER).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    const tray = page.getByRole('region', { name: 'Unconfirmed saves' });
    const item = tray.getByRole('listitem').filter({ hasText: LABEL });
    await item.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor({ timeout: 30_000 });
    expect(await rebalancesStored(stack)).toBe(1);
    expect(keys).toHaveLength(1);
    // Known now: it can be dismissed, and nothing offers to save it again.
    expect(await item.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await item.getByRole('button', { name: `Dismiss: ${LABEL}` }).click();
    await tray.waitFor({ state: 'detached' });
    await context.close();
  }, 120_000);

  it('a save that never reached the server says "Not saved", stays across a reload, and "Try again" stores it once with the same key', async () => {
    const { context, page } = await budgetWithTwoCategories(browser, stack);
    const before = await rebalancesStored(stack);
    const keys = await loseFirstRebalance(page, false);
    const dialog = await rebalance(page, { Vacation: '-10', Weekend: '10' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(NO_ANSWER).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    const tray = page.getByRole('region', { name: 'Unconfirmed saves' });
    const item = tray.getByRole('listitem').filter({ hasText: LABEL });
    await item.getByRole('status').filter({ hasText: 'Not saved — nothing was recorded' }).waitFor({ timeout: 30_000 });
    expect(await rebalancesStored(stack)).toBe(before);

    // The tray is the tab's: a reload keeps it.
    await page.reload();
    await item.getByRole('status').filter({ hasText: 'Not saved — nothing was recorded' }).waitFor({ timeout: 30_000 });

    // The tray passes axe (WCAG 2.1 A/AA and best practices) like every other part of the page.
    expectNoFailing(await auditTray(page));

    await item.getByRole('button', { name: 'Try again' }).click();
    await item.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor({ timeout: 30_000 });
    expect(await rebalancesStored(stack)).toBe(before + 1);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    await context.close();
  }, 120_000);
});
