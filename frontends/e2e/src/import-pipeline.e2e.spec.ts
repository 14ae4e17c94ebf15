import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { isoDaysAgo, ofxFile } from './ledger-fixtures.js';
import { importOfx, uploadCsv } from './ledger-imports.js';
import { addOfflineInstitution, amountIn } from './ledger-steps.js';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;

withStack((started) => ({ stack, browser } = started));

/** dd.mm.yyyy, as a European bank writes it. */
const dotted = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

describe('one import pipeline in the browser', () => {
  it('imports a semicolon CSV with decimal commas once asked, shows the upload and "Importing N rows…", and notes a 200,000-character name cut to 500', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signUp(page, stack);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Accounts' }).click();
    await addOfflineInstitution(page, { institution: 'Euro Bank', account: 'Girokonto', balance: '0', startDate: isoDaysAgo(20) });

    // A semicolon file: the delimiter is detected, the decimal separator is asked, not guessed.
    const csv = await uploadCsv(page, `Datum;Beschreibung;Betrag\n${dotted(isoDaysAgo(3))};Bäckerei;-4,75\n${dotted(isoDaysAgo(2))};Miete;-1.234,50\n`);
    await csv.getByTestId('decimal-hint').getByText('The amounts look like 1.234,56 (decimal comma).').waitFor();
    expect(await csv.getByLabel('Decimal separator', { exact: true }).inputValue()).toBe('');
    await csv.getByRole('button', { name: 'Import 2 Rows' }).click();
    await csv.getByText('Choose how the amounts write decimals.').waitFor();
    await csv.getByLabel('Decimal separator', { exact: true }).selectOption(',');
    await csv.getByLabel('Date format', { exact: true }).selectOption('DD/MM/YYYY');

    // The answer is held back so the state between upload and answer can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/account/*/csv', async (route) => {
      await held;
      await route.continue();
    });
    await csv.getByRole('button', { name: 'Import 2 Rows' }).click();
    await csv.getByText('Importing 2 rows…').waitFor();
    release();
    const summary = page.getByTestId('import-summary');
    await summary.getByText('2 added, 0 updated, 0 unchanged.').waitFor();
    expect(await amountIn(summary)).toBe('-1,239.25');
    await page.getByRole('button', { name: 'Done' }).click();

    // An OFX row with a 200,000-character name: imported, the answer says it was cut.
    const ofx = await importOfx(page, ofxFile([{ id: 'LONG-1', date: isoDaysAgo(1), name: 'N'.repeat(200_000), amount: '-1.00' }], '-1240.25'));
    await ofx.getByText('1 added, 0 updated, 0 unchanged.').waitFor();
    expect(await page.getByTestId('import-note').textContent()).toBe('1 name was longer than 500 characters and cut to 500.');
    await context.close();
  });
});
