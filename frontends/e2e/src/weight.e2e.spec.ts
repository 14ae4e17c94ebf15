import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { signUp } from './sign-up.js';
import { withStack, type Stack } from './stack.js';
import { networkQuiet } from './network-quiet.js';

/**
 * The weight of the first screen (docs/architecture.md §9): a signed-in user opening `/home` in a fresh
 * browser (empty cache) downloads at most 300 KB of JavaScript as transferred — compressed — bytes,
 * and every script arrives compressed.
 */
const BUDGET_BYTES = 300 * 1024;

interface Script {
  url: string;
  bytes: number;
  encoding: string | undefined;
}

describe('first load of /home', () => {
  let stack: Stack;
  let browser: Browser;
  withStack((started) => ({ stack, browser } = started));

  it('downloads at most 300 KB of compressed JavaScript, every script compressed', async () => {
    const signUpContext = await browser.newContext();
    const signUpPage = await signUpContext.newPage();
    await signUp(signUpPage, stack);
    const session = await signUpContext.storageState();
    await signUpContext.close();

    const context = await browser.newContext({ storageState: session });
    const page = await context.newPage();
    const pending: Promise<Script>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        (async () => ({
          url: new URL(response.url()).pathname,
          bytes: (await response.request().sizes()).responseBodySize,
          encoding: (await response.allHeaders())['content-encoding'],
        }))(),
      );
    });
    await page.goto(`${stack.url}/home`);
    await page.getByText('Unassigned').first().waitFor({ timeout: 30_000 });
    await networkQuiet(page);
    const scripts = await Promise.all(pending);
    await context.close();

    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    const listing = scripts.map((s) => `${s.url} ${s.bytes} ${s.encoding ?? 'identity'}`).join('\n');
    console.log(`/home first load: ${scripts.length} scripts, ${total} bytes transferred\n${listing}`);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.bytes > 1024 && s.encoding !== 'br' && s.encoding !== 'gzip'), 'uncompressed scripts').toEqual([]);
    expect(total, listing).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
