import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { auditDialog, expectNoFailing } from './axe-audit.js';
import { isoDaysAgo } from './ledger-fixtures.js';
import { addOfflineInstitution } from './ledger-steps.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

/**
 * The keyboard (docs/architecture.md §9 "Keyboard"): a skip link as the first Tab stop, the focus
 * on the page after choosing a sidebar entry (one Tab from there to the page's first control, not
 * the sidebar again), and the shortcuts n, f, / and ? with their screen, at 1280 px.
 */
let stack: Stack;
let browser: Browser;
withStack((started) => ({ stack, browser } = started));

/** The accessible name (or text) of what has the focus. */
const focused = (page: Page) => page.evaluate(`(() => { const a = document.activeElement; return a ? (a.getAttribute('aria-label') || a.id || a.textContent || '').trim() : ''; })()`) as Promise<string>;

describe('the keyboard', () => {
  it('skips to the content, lands on the page after a sidebar entry, and answers its shortcuts', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signUp(page, stack);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    // A new user: the next step is an institution (the primary button), and there is no bank to sync.
    const toolbar = page.getByRole('toolbar', { name: 'Account actions' });
    await toolbar.getByRole('button', { name: 'Add Offline Institution' }).waitFor();
    expect(await toolbar.getByRole('button', { name: 'Add Offline Institution' }).getAttribute('class')).toContain('ui-button--primary');
    expect(await toolbar.getByRole('button', { name: 'Sync Accounts' }).isDisabled()).toBe(true);
    expect(await toolbar.getByRole('button', { name: 'Sync Accounts' }).getAttribute('title')).toBe('No bank is linked: add an online institution to sync');
    await addOfflineInstitution(page, { institution: 'Keys Bank', account: 'Checking', balance: '500', startDate: isoDaysAgo(10) });
    // An account chosen: Add Transaction is the primary button now.
    await expect.poll(async () => (await toolbar.getByRole('button', { name: 'Add Transaction' }).getAttribute('class')) ?? '').toContain('ui-button--primary');
    expect(await toolbar.getByRole('button', { name: 'Add Offline Institution' }).getAttribute('class')).not.toContain('ui-button--primary');

    // The first Tab stop of a page is the skip link; Enter puts the focus on the page.
    await page.goto(`${stack.url}/home`);
    await page.getByRole('button', { name: 'Fund', exact: true }).waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Skip to content');
    expect(await page.getByRole('link', { name: 'Skip to content' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('main');

    // A sidebar entry chosen from the keyboard: the focus moves to the page; one Tab reaches its toolbar.
    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/accounts'));
    await expect.poll(() => focused(page)).toBe('main');
    await toolbar.getByRole('button', { name: 'Add Online Institution' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Add Online Institution');

    // n: a new transaction in the account shown (once the page shows one: Add Transaction enabled).
    await expect.poll(() => toolbar.getByRole('button', { name: 'Add Transaction' }).isEnabled()).toBe(true);
    // Out of any field: the focus back on the page's body.
    await page.evaluate('document.activeElement && document.activeElement.blur()');
    await page.keyboard.press('n');
    const transaction = page.getByTestId('transaction-dialog');
    await transaction.waitFor();
    await page.keyboard.press('Escape');
    await transaction.waitFor({ state: 'detached' });

    // f from another page: Home, then the Fund dialog.
    await page.keyboard.press('f');
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByTestId('funding-dialog').waitFor({ timeout: 20_000 });
    // Typing in a dialog is typing: no shortcut fires there.
    await page.keyboard.press('?');
    expect(await page.getByTestId('shortcuts-dialog').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('funding-dialog').waitFor({ state: 'detached' });

    // /: the search field, focused.
    await page.keyboard.press('/');
    await page.waitForURL((url) => url.pathname === '/search');
    await expect.poll(() => page.getByLabel('Search transactions').evaluate((element) => element === element.ownerDocument.activeElement), { timeout: 20_000 }).toBe(true);
    // Typed into the field, "f" is a letter, not a shortcut.
    await page.keyboard.type('fee');
    expect(await page.getByLabel('Search transactions').inputValue()).toBe('fee');
    expect(new URL(page.url()).pathname).toBe('/search');

    // ?: the list of shortcuts, clean for axe; also in the user menu.
    // Out of any field: the focus back on the page's body.
    await page.evaluate('document.activeElement && document.activeElement.blur()');
    const findings = await auditDialog(page, 'keyboard shortcuts @1280', 'shortcuts-dialog', () => page.keyboard.press('?'), () => page.keyboard.press('Escape'));
    expectNoFailing(findings);
    await page.getByTestId('shortcuts-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Keyboard Shortcuts' }).click();
    const help = page.getByTestId('shortcuts-dialog');
    await help.waitFor();
    expect(await help.getByText('Fund categories').count()).toBe(1);
    await context.close();
  });
});
