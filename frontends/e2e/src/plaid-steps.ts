import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Sync Accounts on the Accounts page: answers the result line once the sync finished ("12 new transactions."). */
export async function syncAccounts(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Sync Accounts' }).click();
  const status = page.getByTestId('sync-status').first();
  await status.getByText('Syncing…').waitFor();
  const text = async () => ((await status.textContent()) ?? '').trim();
  await expect.poll(text, { timeout: 30_000 }).not.toBe('Syncing…');
  return text();
}
