import type { Locator, Page } from 'playwright-core';
import { chooseFile } from './ledger-steps.js';

/** Imports an OFX file through the Import OFX dialog; answers the result summary (dialog still open). */
export async function importOfx(page: Page, text: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Import OFX' }).click();
  await chooseFile(page, 'OFX or QFX file', 'bank.ofx', text, 'application/x-ofx');
  await page.getByTestId('ofx-dialog').getByRole('button', { name: 'Import' }).click();
  const summary = page.getByTestId('import-summary');
  await summary.waitFor();
  return summary;
}

/** Uploads a CSV file and answers the mapping step of the Import CSV dialog. */
export async function uploadCsv(page: Page, text: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await chooseFile(page, 'CSV file', 'bank.csv', text, 'text/csv');
  await page.getByRole('button', { name: 'Next' }).click();
  const dialog = page.getByTestId('csv-dialog');
  await dialog.getByTestId('csv-mapping').waitFor();
  return dialog;
}

/** The column mapping preselected in the CSV dialog. */
export async function csvMapping(dialog: Locator): Promise<Record<string, string>> {
  const value = (label: string) => dialog.getByLabel(label, { exact: true }).inputValue();
  return { date: await value('Date column'), payee: await value('Payee column'), amount: await value('Amount column'), dateFormat: await value('Date format') };
}
