import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accountsAction, audit, expectNoFailing } from './axe-audit.js';
import { isoDaysAgo } from './ledger-fixtures.js';
import { fillOfflineInstitution, registerRow } from './ledger-steps.js';
import { networkQuiet } from './network-quiet.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

const SIZES = [
  { name: 'desktop (1280px)', phone: false, options: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone (390px)', phone: true, options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
] as const;

/**
 * Scheduled transactions in the browser (docs/architecture.md §8 "Scheduled transactions"): a
 * monthly schedule made on /schedules (reached from the navigation) shows today's occurrence as an
 * upcoming row, in the account's scheduled rows (apart from the register) and in the month's
 * expected spending; edited alone it posts at another amount; Post now makes it a
 * transaction of the register, once; the page and its dialog have no axe violations.
 */
describe('schedules in the browser', () => {
  for (const size of SIZES) {
    it(`${size.name}: create a monthly schedule, see it upcoming, post it now, find it in the register; axe-clean`, async () => {
      // bypassCSP: axe is injected as a script, which the app's Content-Security-Policy would refuse.
      // The server's today (UTC), which the dialog's first date defaults to in the test's UTC browser.
      const today = new Date().toISOString().slice(0, 10);
      const context = await browser.newContext({ ...size.options, bypassCSP: true, timezoneId: 'UTC' });
      const page = await context.newPage();
      await signUp(page, stack);
      await page.goto(`${stack.url}/accounts`);
      await accountsAction(page, 'Add Offline Institution', size.phone);
      const accountId = await fillOfflineInstitution(page, { institution: 'Schedule Bank', account: 'Checking', balance: '500', startDate: isoDaysAgo(20) });

      if (size.phone) {
        await page.getByTestId('bottom-bar').getByRole('button', { name: 'More' }).click();
        await page.getByRole('menuitem', { name: 'Schedules' }).click();
      } else {
        await page.getByTestId('sidebar').getByRole('link', { name: 'Schedules' }).click();
      }
      await page.waitForURL(/\/schedules$/);
      await page.getByTestId('schedules-page').getByText('Nothing scheduled in the next 30 days.').waitFor();
      await page.getByRole('button', { name: 'Add Schedule' }).click();
      const dialog = page.getByTestId('schedule-dialog');
      await dialog.getByLabel('Payee').fill('Gym membership');
      await dialog.getByLabel('Amount (money out is negative)').fill('-25.00');
      await dialog.getByLabel('Category').selectOption({ label: 'Food:Groceries' });
      await dialog.getByLabel('Day of month (optional)').waitFor();
      expectNoFailing(await audit(page, `schedule dialog, ${size.name}`));
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });

      const list = page.getByRole('grid', { name: 'Schedules' });
      await list.getByText('Gym membership').waitFor();
      expect(await list.textContent()).toContain('Every month on day');
      const upcoming = page.getByTestId('upcoming-occurrence').filter({ hasText: 'Gym membership' });
      await upcoming.first().waitFor();
      await networkQuiet(page);
      expectNoFailing(await audit(page, `schedules page, ${size.name}`));

      // The account shows it as a scheduled row, apart from its register, and its balance has not moved.
      await page.goto(`${stack.url}/accounts/${accountId}`);
      await page.getByTestId('scheduled-row').filter({ hasText: 'Gym membership' }).filter({ hasText: today }).waitFor();
      expect(await registerRow(page, 'Gym membership').count()).toBe(0);

      // The month view counts it as the month's expected spending.
      await page.goto(`${stack.url}/budget`);
      const expected = page.getByTestId('month-scheduled');
      await expected.getByText('Groceries', { exact: false }).waitFor();
      expect(await expected.textContent()).toContain('-25.00');

      // Edit this occurrence alone: it posts at -30.00; the schedule stays at -25.00.
      await page.goto(`${stack.url}/schedules`);
      await page.getByRole('button', { name: `Edit: Gym membership, ${today}` }).click();
      const one = page.getByTestId('occurrence-dialog');
      await one.getByLabel('Amount (money out is negative)').fill('-30.00');
      expectNoFailing(await audit(page, `occurrence dialog, ${size.name}`));
      await one.getByRole('button', { name: 'Save' }).click();
      await one.waitFor({ state: 'detached' });
      await page.getByTestId('upcoming-occurrence').filter({ hasText: today }).filter({ hasText: '-30.00' }).waitFor();
      expect(await list.textContent()).toContain('-25.00');

      // Post now: the occurrence becomes a transaction of the register, once.
      await page.getByRole('button', { name: `Post now: Gym membership, ${today}` }).click();
      // Today's occurrence leaves the upcoming rows (next month's may already be in the 30 days shown).
      await expect.poll(() => page.getByTestId('upcoming-occurrence').filter({ hasText: 'Gym membership' }).filter({ hasText: today }).count(), { timeout: 30_000 }).toBe(0);
      await page.goto(`${stack.url}/accounts/${accountId}`);
      await registerRow(page, 'Gym membership').first().waitFor();
      expect(await registerRow(page, 'Gym membership').count()).toBe(1);
      expect(await registerRow(page, 'Gym membership').first().textContent()).toContain('-30.00');
      expect(await page.getByTestId('scheduled-row').filter({ hasText: today }).count()).toBe(0);
      await context.close();
    }, 180_000);
  }
});
