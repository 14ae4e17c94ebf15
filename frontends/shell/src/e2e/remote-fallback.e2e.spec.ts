import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildFrontends } from './build.js';
import { fakeApi, TOKENS } from './fake-api.js';
import { launchChromium, serveSite, signedInPage, type Site } from './harness.js';

describe('a remote that cannot be loaded', () => {
  let browser: Browser;
  let site: Site;
  let withoutManifest: Site;

  beforeAll(async () => {
    buildFrontends();
    browser = await launchChromium();
    site = await serveSite({
      api: fakeApi(),
      remotesJson: { home: '/remotes/missing/mf-manifest.json', admin: '/remotes/admin/mf-manifest.json' },
    });
    withoutManifest = await serveSite({ api: fakeApi(), remotesJson: 'missing' });
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await withoutManifest?.close();
  });

  it('shows a fallback inside the shell, never a blank page', async () => {
    const page = await signedInPage(browser, `${site.url}/home`, TOKENS);
    const fallback = page.getByTestId('remote-error');
    await fallback.waitFor({ state: 'visible' });
    expect(await fallback.textContent()).toContain('could not be loaded');
    expect(await page.getByTestId('sidebar').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
  });

  it('keeps the remotes that do load working', async () => {
    const page = await signedInPage(browser, `${site.url}/logs`, TOKENS);
    await page.getByRole('heading', { name: 'Logs' }).waitFor();
    // The logs table, a React Aria grid once its code has arrived, draws.
    await page.getByRole('grid', { name: 'Transaction logs' }).waitFor();
  });

  it('shows the fallback when the remotes manifest itself is missing', async () => {
    const page = await signedInPage(browser, `${withoutManifest.url}/reports`, TOKENS);
    await page.getByTestId('remote-error').waitFor({ state: 'visible' });
    expect(await page.getByTestId('sidebar').isVisible()).toBe(true);
  });

  it('still serves the public pages', async () => {
    const page = await browser.newPage();
    await page.goto(`${withoutManifest.url}/`);
    await page.getByText('We all spend money. Be smart about how you spend it.').waitFor();
  });
});
