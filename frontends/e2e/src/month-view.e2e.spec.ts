import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoFailing, injectAxe, type Finding } from './axe-audit.js';
import { firstOfLastMonth } from './budget-steps.js';
import { apiCategories, apiOk } from './ledger-api.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

/**
 * The month view and the first run (README "Month view"), at 1280 and 390 px: a new budget's Home
 * guides (add an account, then fund — the tree still below); the month view shows Ready to fund,
 * the month's income and funding, group subtotals and an overspent category marked in words;
 * previous and next month move the URL, and a reload shows the same month; its code arrives only
 * when it is first opened; axe finds nothing on it.
 */
let stack: Stack;
let browser: Browser;
withStack((started) => ({ stack, browser } = started));

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe over the page as it stands, with axe-audit.ts's rules and bar. Its `audit` first waits for
 * the network to be idle, which the signed-in shell's change feed (a stream kept open) never is;
 * here each audit follows a wait for the figures it is about.
 */
async function audit(page: Page, where: string): Promise<Finding[]> {
  await injectAxe(page);
  const result = (await page.evaluate(`axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(TAGS)} } })
    .then((r) => ({ passes: r.passes.length, violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ')) })) }))`)) as { passes: number; violations: Omit<Finding, 'where'>[] };
  expect(result.passes, where).toBeGreaterThan(5);
  return result.violations.map((finding) => ({ where, ...finding }));
}

const monthOf = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
const label = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

/** Waits until the headline's text holds `text`. */
async function headline(page: Page, text: string): Promise<void> {
  await page.getByTestId('month-headline').filter({ hasText: text }).waitFor({ timeout: 15_000 });
}

describe('the month view and the first run, in the browser', () => {
  for (const viewport of WIDTHS) {
    const phone = viewport.width < 600;
    it(`at ${viewport.width}px: a new budget guides, then the month view shows and navigates months`, async () => {
      const context = await browser.newContext({ viewport, locale: 'en-US' });
      const page = await context.newPage();
      const findings: Finding[] = [];
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await signUp(page, stack);

      // First run: the guide says what to do next, and the tree is still there.
      const guide = page.getByTestId('first-run');
      await guide.waitFor({ timeout: 15_000 });
      await guide.getByRole('link', { name: 'Add an account' }).waitFor();
      await page.getByTestId('category-list').waitFor();
      findings.push(...(await audit(page, `/home first run @${viewport.width}`)));
      await guide.getByRole('link', { name: 'Add an account' }).click();
      await page.waitForURL('**/accounts**');

      // An account: 1,000.00 into the Funding Pool since the first of last month.
      const start = firstOfLastMonth();
      const opened = await apiOk<{ data: { accounts: { id: string }[] } }>(page, stack.url, 'POST', 'institution', {
        institution: { name: 'Month Bank' }, startDate: start,
        accounts: [{ name: 'Checking', balance: 1000, type: 'depository', subtype: 'checking', tracking: 'Transactions' }],
      });
      const checking = opened.data.accounts[0]!.id;
      await page.goto(`${stack.url}/home`);
      await guide.getByText('Account added.').waitFor({ timeout: 15_000 });
      await guide.getByRole('button', { name: 'Choose amounts' }).click();
      await page.getByTestId('funding-dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('funding-dialog').waitFor({ state: 'detached' });

      // Last month: 300.00 funded to Groceries, 350.00 spent from it (overspent by 50.00).
      const categories = await apiCategories(page, stack.url);
      const pool = categories.find((c) => c.name === 'Funding Pool')!.id;
      const groceries = categories.find((c) => c.name === 'Groceries')!.id;
      await apiOk(page, stack.url, 'POST', 'category-transfer', { date: start, type: 2, categories: [
        { categoryId: groceries, amount: 300, baseAmount: 300 }, { categoryId: pool, amount: -300, funder: true }] });
      await apiOk(page, stack.url, 'POST', `account/${checking}/transactions`, { date: start, name: 'Market', amount: -350, categories: [{ categoryId: groceries, amount: -350 }] });
      await page.goto(`${stack.url}/home`);
      await page.getByTestId('category-list').waitFor();
      // Funded: the guide is gone.
      await guide.waitFor({ state: 'detached', timeout: 15_000 });

      // The month view's code is not part of /home: opening it fetches scripts /home did not.
      await page.getByRole('button', { name: 'Fund', exact: true }).and(page.locator(':enabled')).waitFor();
      const before = new Set(scripts);
      if (phone) {
        await page.getByRole('button', { name: 'More' }).click();
        await page.getByRole('menuitem', { name: 'Month' }).click();
      } else {
        await page.getByTestId('sidebar').getByRole('link', { name: 'Month' }).click();
      }
      const now = monthOf(new Date());
      const last = monthOf(new Date(new Date().getFullYear(), new Date().getMonth() - 1, 1));
      await page.waitForURL(`**/budget/${now}`);
      await page.getByRole('heading', { level: 1, name: label(now) }).waitFor({ timeout: 15_000 });
      expect(scripts.filter((s) => !before.has(s)).length, 'scripts fetched for the month view').toBeGreaterThan(0);

      // This month: nothing new, the balances carried over.
      await headline(page, 'Ready to fund: 700.00');
      await headline(page, `Income in ${label(now)}0.00`);
      const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
      await row('Groceries').filter({ hasText: 'Overspent' }).filter({ hasText: '-50.00' }).waitFor();
      await row('Food (group total)').filter({ hasText: '1 overspent' }).waitFor();
      expect(await page.getByTestId('overspent-count').textContent()).toBe('1');
      findings.push(...(await audit(page, `/budget/${now} @${viewport.width}`)));

      // Previous month: the income and the funding happened then; the URL names it and survives a reload.
      await page.getByTestId('previous-month').click();
      await page.waitForURL(`**/budget/${last}`);
      await page.getByRole('heading', { level: 1, name: label(last) }).waitFor();
      await headline(page, `Income in ${label(last)}1,000.00`);
      await headline(page, `Funded in ${label(last)}300.00`);
      await row('Groceries').filter({ hasText: '300.00' }).filter({ hasText: '-350.00' }).waitFor();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: label(last) }).waitFor({ timeout: 15_000 });
      await headline(page, 'Ready to fund: 700.00');
      await headline(page, `Funded in ${label(last)}300.00`);
      findings.push(...(await audit(page, `/budget/${last} @${viewport.width}`)));

      // Next month back to this one.
      await page.getByTestId('next-month').click();
      await page.waitForURL(`**/budget/${now}`);
      await page.getByRole('heading', { level: 1, name: label(now) }).waitFor();
      await headline(page, `Funded in ${label(now)}0.00`);
      // A phone shows the page without sideways scrolling of the whole document, and the table's four
      // columns in view, Available included, without scrolling the table sideways either.
      if (phone) {
        expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(viewport.width);
        const table = page.getByRole('grid', { name: `Categories in ${label(now)}` }).or(page.getByRole('table', { name: `Categories in ${label(now)}` })).first();
        const wrap = await table.evaluate((el) => { const w = el.parentElement!; return { scroll: w.scrollWidth, client: w.clientWidth }; });
        expect(wrap.scroll, 'the table scrolls sideways').toBeLessThanOrEqual(wrap.client);
        const available = (await table.getByRole('columnheader', { name: 'Available' }).boundingBox())!;
        expect(available.x + available.width).toBeLessThanOrEqual(viewport.width);
      }
      await context.close();
      expectNoFailing(findings);
    }, 180_000);
  }
});
