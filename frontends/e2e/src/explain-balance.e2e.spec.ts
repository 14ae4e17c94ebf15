import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiCategories, apiOk } from './ledger-api.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';
import { audit as auditAsServed, expectNoFailing, type Finding } from './axe-audit.js';
import { amountIn } from './ledger-steps.js';

let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe over the page with the walk open, with the a11y specs' rules and bar (axe-audit.ts); it
 * does not wait for the network to go idle, which the shell's open change feed never lets it do.
 */
async function audit(page: Page, where: string): Promise<Finding[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.addScriptTag({ content: axeSource });
  const result = (await page.evaluate(`axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
    .then((r) => ({ passes: r.passes.length, violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ')) })) }))`)) as { passes: number; violations: Omit<Finding, 'where'>[] };
  expect(result.passes, where).toBeGreaterThan(5);
  return result.violations.map((finding) => ({ where, ...finding }));
}

/** A step of the walk as "label | amount". */
async function step(locator: Locator): Promise<string> {
  const parts = (await locator.innerText()).split('\n').map((s) => s.trim()).filter(Boolean);
  return `${parts[0]} | ${parts[parts.length - 1]}`;
}

describe('explain a balance (README "Every cent explained")', () => {
  it("clicking a category's and an account's balance shows the walk from the opening balance through its causes to the register's balance", async () => {
    // bypassCSP: axe is injected as a script, which the app's Content-Security-Policy would refuse.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    await signUp(page, stack);
    const opened = await apiOk<{ data: { accounts: { id: string }[] } }>(page, stack.url, 'POST', 'institution', {
      institution: { name: 'Town Bank' },
      accounts: [{ name: 'Everyday Checking', balance: 500, tracking: 'Transactions' }],
      startDate: '2025-01-01',
    });
    const account = opened.data.accounts[0]!.id;
    const categories = await apiCategories(page, stack.url);
    const groceries = categories.find((c) => c.name === 'Groceries')!.id;
    const pool = categories.find((c) => c.name === 'Funding Pool')!.id;
    await apiOk(page, stack.url, 'POST', 'category-transfer', { date: '2025-03-01', type: 2, categories: [
      { categoryId: groceries, amount: 100, baseAmount: 100 },
      { categoryId: pool, amount: -100, funder: true },
    ] });
    await apiOk(page, stack.url, 'POST', `account/${account}/transactions`, { date: '2025-03-05', name: 'Corner Market', amount: -45.67, categories: [{ categoryId: groceries, amount: -45.67 }] });

    // The category: funded 100.00, spent 45.67 → 54.33, the register's balance.
    await page.goto(`${stack.url}/home/${groceries}`);
    const balance = page.getByTestId('category-register').getByTestId('explain-balance');
    await balance.waitFor();
    expect(await balance.getAttribute('aria-label')).toBe('Explain the balance of Food:Groceries: 54.33');
    await balance.click();
    const dialog = page.getByRole('dialog', { name: 'How Food:Groceries got to 54.33' });
    await dialog.getByTestId('explain-closing').waitFor();
    expect(await step(dialog.getByTestId('explain-opening'))).toBe('Opening balance | 0.00');
    expect(await step(dialog.getByTestId('explain-cause-fundingIn').locator('summary'))).toBe('Fundings in (1) | 100.00');
    expect(await step(dialog.getByTestId('explain-cause-spending').locator('summary'))).toBe('Spending (1) | -45.67');
    expect(await step(dialog.getByTestId('explain-closing'))).toBe('Closing balance | 54.33');
    // A cause opens to its transactions and their log lines, at their time of day.
    await dialog.getByTestId('explain-cause-spending').locator('summary').click();
    const item = dialog.getByTestId('explain-cause-spending').locator('.explain-walk__item');
    await item.getByText('Corner Market', { exact: true }).waitFor();
    expect(await item.getByRole('list', { name: 'Log' }).innerText()).toMatch(/\d{1,2}:\d{2}.* You added "Corner Market" -45\.67 to Food:Groceries/);
    expectNoFailing(await audit(page, 'explain a category balance'));
    // A range: the walk from Mar 2 starts at 100.00 and ends, like the register, at 54.33.
    await dialog.getByLabel('From').fill('2025-03-02');
    await expect.poll(async () => step(dialog.getByTestId('explain-opening')), { timeout: 15_000 }).toMatch(/^Opening balance on .* \| 100\.00$/);
    expect(await step(dialog.getByTestId('explain-closing'))).toBe('Closing balance | 54.33');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The account: starting balance 500.00, spending 45.67 → 454.33.
    await page.goto(`${stack.url}/accounts/${account}`, { waitUntil: 'commit' });
    const accountBalance = page.locator('.account-header').getByTestId('explain-balance');
    await accountBalance.waitFor();
    await accountBalance.click();
    const accountDialog = page.getByRole('dialog', { name: 'How Everyday Checking got to 454.33' });
    await accountDialog.getByTestId('explain-closing').waitFor();
    expect(await step(accountDialog.getByTestId('explain-cause-startingBalance').locator('summary'))).toBe('Starting balance (1) | 500.00');
    expect(await step(accountDialog.getByTestId('explain-cause-spending').locator('summary'))).toBe('Spending (1) | -45.67');
    expect(await step(accountDialog.getByTestId('explain-closing'))).toBe('Closing balance | 454.33');
    expectNoFailing(await audit(page, 'explain an account balance'));
    await context.close();
  }, 180_000);

  /**
   * Every balance a user sees explains itself (docs/architecture.md §9 "Every balance explains
   * itself"): Home's list and the Accounts page put each balance beside its row's link as a button.
   * At both widths: the walk ends at the balance the list shows, the page is audited as served
   * (under its Content-Security-Policy), the focus comes back to the balance, and the row's link
   * still navigates (Enter on the keyboard; a tap on the phone, a click on the desktop).
   */
  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    it(`at ${width}px: a category's balance on Home's list and an account's on the Accounts page open the walk that ends at the shown balance`, async () => {
      const phone = width < 600;
      const context = await browser.newContext({ viewport: { width, height }, hasTouch: phone, isMobile: phone });
      const page = await context.newPage();
      await signUp(page, stack);
      const opened = await apiOk<{ data: { accounts: { id: string }[] } }>(page, stack.url, 'POST', 'institution', {
        institution: { name: 'Town Bank' },
        accounts: [{ name: 'Everyday Checking', balance: 500, tracking: 'Transactions' }],
        startDate: '2025-01-01',
      });
      const account = opened.data.accounts[0]!.id;
      const categories = await apiCategories(page, stack.url);
      const groceries = categories.find((c) => c.name === 'Groceries')!.id;
      const pool = categories.find((c) => c.name === 'Funding Pool')!.id;
      const unassigned = categories.find((c) => c.name === 'Unassigned')!.id;
      await apiOk(page, stack.url, 'POST', 'category-transfer', { date: '2025-03-01', type: 2, categories: [
        { categoryId: groceries, amount: 100, baseAmount: 100 },
        { categoryId: pool, amount: -100, funder: true },
      ] });
      await apiOk(page, stack.url, 'POST', `account/${account}/transactions`, { date: '2025-03-05', name: 'Corner Market', amount: -45.67, categories: [{ categoryId: groceries, amount: -45.67 }] });
      await apiOk(page, stack.url, 'POST', `account/${account}/transactions`, { date: '2025-03-06', name: 'Not sorted yet', amount: -12.5, categories: [{ categoryId: unassigned, amount: -12.5 }] });
      const findings: Finding[] = [];

      /** Opens the walk from a balance button: its title names the shown amount, its last line ends at it. */
      const walk = async (button: ReturnType<Page['getByTestId']>, name: string, expected: string, where: string) => {
        await button.waitFor();
        const shownHere = await amountIn(button);
        expect(shownHere, where).toBe(expected);
        expect(await button.getAttribute('aria-label')).toBe(`Explain the balance of ${name}: ${shownHere}`);
        const before = page.url();
        if (phone) await button.tap();
        else await button.click();
        const dialog = page.getByRole('dialog', { name: `How ${name} got to ${shownHere}` });
        await dialog.getByTestId('explain-closing').waitFor({ timeout: 30_000 });
        expect(await step(dialog.getByTestId('explain-opening'))).toBe('Opening balance | 0.00');
        expect(await step(dialog.getByTestId('explain-closing')), where).toBe(`Closing balance | ${shownHere}`);
        findings.push(...(await auditAsServed(page, `${where} at ${width}px`)));
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        // The balance opened the walk and nothing else: same page, the focus back on the balance.
        expect(page.url()).toBe(before);
        const testId = await button.getAttribute('data-testid');
        await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("data-testid")'), { timeout: 10_000 }).toBe(testId);
      };

      await page.goto(`${stack.url}/home`);
      const list = page.getByTestId('category-list');
      await walk(list.getByTestId(`category-balance-${groceries}`), 'Food:Groceries', '54.33', 'Home: Groceries');
      await walk(list.getByTestId(`category-balance-${unassigned}`), 'Unassigned', '-12.50', 'Home: Unassigned');
      await walk(list.getByTestId(`category-balance-${pool}`), 'Funding Pool', '400.00', 'Home: Funding Pool');
      // The row's link still goes to the register: from the keyboard (the balance's link is the Tab stop before it) …
      const link = list.getByTestId(`category-${groceries}`);
      await link.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/home/${groceries}`);
      await page.getByTestId('category-register').getByRole('heading', { name: 'Food:Groceries' }).waitFor();

      await page.goto(`${stack.url}/accounts`);
      await walk(page.getByTestId(`account-balance-${account}`), 'Everyday Checking', '441.83', 'Accounts: Everyday Checking');
      // … and by pointer: a tap on the phone, a click on the desktop.
      const accountLink = page.getByTestId(`account-${account}`);
      if (phone) await accountLink.tap();
      else await accountLink.click();
      await page.waitForURL(`**/accounts/${account}`);
      await page.locator('.account-header').getByTestId('explain-balance').waitFor();
      expectNoFailing(findings);
      await context.close();
    }, 240_000);
  }
});

