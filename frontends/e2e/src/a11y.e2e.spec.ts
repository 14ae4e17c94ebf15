import { describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accountsAction, audit, auditDialog, expectNoFailing, homeAdd, type Finding } from './axe-audit.js';
import { isoDaysAgo } from './ledger-fixtures.js';
import { addOfflineInstitution, pickCategory } from './ledger-steps.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

/**
 * axe-core over every main page and every main dialog at desktop (1280px) and phone (390px)
 * widths (docs/architecture.md §9): no critical, serious or moderate violation of WCAG 2.1 A/AA or
 * axe's best practices. Minor findings are printed with the rest.
 */

let stack: Stack;
let browser: Browser;
withStack((started) => ({ stack, browser } = started));

async function go(page: Page, path: string): Promise<void> {
  await page.goto(`${stack.url}${path}`);
  await page.locator('h1').first().waitFor({ state: 'attached', timeout: 15_000 });
}

async function auditWidth(page: Page, width: number, accountId: string, categoryPath: string): Promise<Finding[]> {
  const phone = width < 600;
  const at = (what: string) => `${what} @${width}`;
  const findings: Finding[] = [];
  for (const path of ['/home', categoryPath, '/bills', '/accounts', '/search?q=coffee', '/reports', '/reports/net-worth', '/reports/category', '/reports/payee', '/reports/spending', '/auto-assignments', '/logs', '/user']) {
    await go(page, path);
    // A report answers as it opens: audit its answer (table, chart, options), not its spinner.
    if (path.startsWith('/reports/')) await page.locator('[data-testid="report-view"], [data-testid="report-empty"]').first().waitFor({ timeout: 20_000 });
    findings.push(...(await audit(page, at(path))));
  }

  await go(page, '/home');
  findings.push(...(await auditDialog(page, at('add group'), 'group-dialog', () => homeAdd(page, 'Group'))));
  findings.push(...(await auditDialog(page, at('add category'), 'category-dialog', () => homeAdd(page, 'Category'))));
  await go(page, '/auto-assignments');
  findings.push(...(await auditDialog(page, at('add rule'), 'rule-dialog', () => page.getByRole('button', { name: 'Add Auto Assignment' }).click())));

  await go(page, `/accounts/${accountId}`);
  findings.push(...(await audit(page, at('account register'))));
  findings.push(...(await auditDialog(page, at('add transaction'), 'transaction-dialog', () => accountsAction(page, 'Add Transaction', phone))));
  // The category picker's list and the equation popover open inside it.
  await accountsAction(page, 'Add Transaction', phone);
  const transaction = page.getByTestId('transaction-dialog');
  await transaction.getByRole('combobox', { name: 'Category 1' }).click();
  await page.getByRole('listbox', { name: 'Categories' }).waitFor();
  findings.push(...(await audit(page, at('category picker list'))));
  await page.keyboard.press('Escape');
  await transaction.getByRole('textbox', { name: 'Amount', exact: true }).click();
  await page.keyboard.type('=');
  await page.getByTestId('equation-popover').waitFor();
  findings.push(...(await audit(page, at('equation popover'))));
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await transaction.waitFor({ state: 'detached' });
  findings.push(...(await auditDialog(page, at('add offline institution'), 'offline-institution-dialog', () => accountsAction(page, 'Add Offline Institution', phone))));
  findings.push(...(await auditDialog(page, at('import ofx'), 'ofx-dialog', () => accountsAction(page, 'Import OFX', phone))));
  findings.push(...(await auditDialog(page, at('close account'), 'confirm-dialog', () => page.getByRole('button', { name: 'Close Account' }).click())));
  await page.getByRole('tablist', { name: 'Account views' }).getByRole('tab', { name: 'Statements' }).click();
  findings.push(...(await auditDialog(page, at('new statement'), 'statement-dialog', () => page.getByRole('button', { name: 'New Statement' }).click())));
  await page.getByRole('tablist', { name: 'Account views' }).getByRole('tab', { name: 'Transactions' }).click();
  const row = page.getByTestId('register-row').first();
  await row.waitFor();
  findings.push(...(await auditDialog(page, at('edit transaction'), 'transaction-dialog', () => row.click())));
  return findings;
}

describe('axe-core on every main page and dialog', () => {
  it('finds no critical, serious or moderate violation at 1280px and 390px', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    const accountId = await addOfflineInstitution(page, { institution: 'Axe Bank', account: 'Checking', balance: '500', startDate: isoDaysAgo(10) });
    await page.getByRole('button', { name: 'Add Transaction' }).click();
    const dialog = page.getByTestId('transaction-dialog');
    await dialog.getByLabel('Name').fill('Coffee');
    await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('-4.5');
    await pickCategory(dialog, 1, 'groc');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('sidebar').getByRole('link', { name: 'Home' }).click();
    await page.getByTestId('category-list').getByText('Funding Pool').click();
    await page.waitForURL(/\/home\/[^/]+$/);
    const categoryPath = new URL(page.url()).pathname;

    const findings = await auditWidth(page, 1280, accountId, categoryPath);
    await page.setViewportSize({ width: 390, height: 844 });
    findings.push(...(await auditWidth(page, 390, accountId, categoryPath)));
    await context.close();

    expectNoFailing(findings);
  }, 300_000);
});
