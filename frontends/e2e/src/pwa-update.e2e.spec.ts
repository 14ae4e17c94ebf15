import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signUp } from './sign-up.js';
import { launchChromium, startStack, type Stack } from './stack.js';
import { networkQuiet } from './network-quiet.js';

/**
 * A deployment reaches an open app (docs/architecture.md §9; frontends/shell/pwa/sw.js and
 * src/pwa/service-worker.ts): the API serves the built front ends from WEB_ROOT (its documented
 * setting, services/api/src/static-web.ts), here a copy of frontends/<app>/dist. The test deploys
 * a new version into that copy the way a new build lands — a /sw.js with a new build version and
 * a changed index.html — while two tabs of the app are open under the old worker. The app's own
 * update check (a tab coming back to the front calls registration.update()) installs the new
 * worker, which waits; both tabs show "A new version is available — Reload"; Reload in one hands
 * over to the new worker and reloads, Reload in the other (already under the new worker by then)
 * reloads too. The new worker controls both, its shell cache holds the new index.html and the old
 * shell cache is gone; /api/ answers never come from the worker nor land in a cache.
 */
const FRONTENDS = fileURLToPath(new URL('../../', import.meta.url));
const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;

let stack: Stack;
let browser: Browser;
let webRoot: string;

/** A copy of every built front end in the repository layout webLayout() reads (shell/dist, <remote>/dist). */
function copyBuiltFrontEnds(): string {
  const root = mkdtempSync(join(tmpdir(), 'budget-web-'));
  for (const app of readdirSync(FRONTENDS)) {
    const dist = join(FRONTENDS, app, 'dist');
    if (existsSync(join(dist, 'index.html')) || existsSync(join(dist, 'remoteEntry.js'))) cpSync(dist, join(root, app, 'dist'), { recursive: true });
  }
  if (!existsSync(join(root, 'shell', 'dist', 'sw.js'))) throw new Error('build the front ends first (node frontends/build-all.mjs): no frontends/shell/dist/sw.js');
  return root;
}

const shellFile = (name: string) => join(webRoot, 'shell', 'dist', name);

/** The build version /sw.js carries (pwa-plugin.mjs writes `const BUILD = {"version":…}` at its top). */
function deployedVersion(): string {
  const version = /"version":"([^"]+)"/.exec(readFileSync(shellFile('sw.js'), 'utf8'))?.[1];
  if (!version) throw new Error('no BUILD.version in sw.js');
  return version;
}

/**
 * A new deployment: /sw.js with a new build version and an index.html that names it. The
 * precompressed copies of the old files go (the server would prefer them), as a new build
 * replaces them.
 */
function deploy(version: string): void {
  const worker = readFileSync(shellFile('sw.js'), 'utf8').replace(/"version":"[^"]+"/, `"version":"${version}"`);
  const page = readFileSync(shellFile('index.html'), 'utf8').replace('</head>', `<meta name="budget-build" content="${version}" /></head>`);
  for (const [name, text] of [['sw.js', worker], ['index.html', page]] as const) {
    writeFileSync(shellFile(name), text);
    rmSync(shellFile(`${name}.br`), { force: true });
    rmSync(shellFile(`${name}.gz`), { force: true });
  }
}

beforeAll(async () => {
  webRoot = copyBuiltFrontEnds();
  stack = await startStack({ WEB_ROOT: webRoot });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (webRoot) rmSync(webRoot, { recursive: true, force: true });
});

/* Expressions evaluated in the page (the e2e project has no DOM types). */
const CONTROLLER = 'navigator.serviceWorker.controller?.scriptURL ?? null';
const CACHE_NAMES = 'caches.keys()';
const CACHED_PATHS = `(async () => {
  const paths = [];
  for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
  return paths;
})()`;
const BUILD_MARK = `document.querySelector('meta[name="budget-build"]')?.content ?? null`;

/** The versions of the service workers running in the context (each answers with its own BUILD). */
async function runningVersions(context: BrowserContext): Promise<string[]> {
  const versions = await Promise.all(context.serviceWorkers().map((worker) => worker.evaluate<string>('BUILD.version').catch(() => null)));
  return versions.filter((v): v is string => v !== null).sort();
}

/** A fresh context's first page: the first load installs the worker, which controls the page from the next load on. */
async function firstControlledPage(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${stack.url}${path}`);
  await page.evaluate('navigator.serviceWorker.ready');
  await page.reload();
  await expect.poll(() => page.evaluate<string | null>(CONTROLLER), { timeout: 15_000 }).toBe(`${stack.url}/sw.js`);
  return page;
}

/** Loads another page of the app once its worker is active, and waits until the worker controls it. */
async function controlledPage(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${stack.url}${path}`);
  await page.evaluate('navigator.serviceWorker.ready');
  await expect.poll(() => page.evaluate<string | null>(CONTROLLER), { timeout: 15_000 }).toBe(`${stack.url}/sw.js`);
  return page;
}

/** Clicks Reload in a tab's update prompt and waits for the page to load again. */
async function reloadFromPrompt(page: Page): Promise<void> {
  const prompt = page.getByTestId('update-prompt');
  const loaded = page.waitForEvent('load', { timeout: 15_000 });
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await loaded;
  await page.locator('main').waitFor();
}

/** A new user's session, signed up in a context of its own, in a context where service workers run. */
async function signedInContext(): Promise<BrowserContext> {
  const signUpContext = await browser.newContext(DESKTOP);
  await signUp(await signUpContext.newPage(), stack);
  const session = await signUpContext.storageState();
  await signUpContext.close();
  return browser.newContext({ ...DESKTOP, storageState: session, serviceWorkers: 'allow' });
}

describe('a new deployment while the app is open', () => {
  it('offers "A new version is available — Reload" in every tab; Reload brings each under the new worker, whose cache holds the new version', async () => {
    const context = await signedInContext();
    const first = await firstControlledPage(context, '/home');
    const second = await controlledPage(context, '/accounts');
    const old = deployedVersion();
    expect(await runningVersions(context)).toEqual([old]);
    expect(await first.evaluate<string[]>(CACHE_NAMES)).toContain(`budget-shell-${old}`);
    expect(await first.getByTestId('update-prompt').count()).toBe(0);

    // Deploy; the first tab comes back to the front, which is when the app asks for an update.
    const next = `e2e${Date.now().toString(16)}`;
    deploy(next);
    await first.evaluate(`document.dispatchEvent(new Event('visibilitychange'))`);
    for (const page of [first, second]) {
      const prompt = page.getByTestId('update-prompt');
      await prompt.waitFor({ timeout: 15_000 });
      expect(await prompt.getAttribute('role')).toBe('status');
      expect(await prompt.innerText()).toContain('A new version is available');
    }
    // The new worker is installed and waits: its cache already holds the new page, the old one still serves.
    expect(await first.evaluate<string[]>(CACHE_NAMES)).toEqual(expect.arrayContaining([`budget-shell-${old}`, `budget-shell-${next}`]));
    expect(await first.evaluate<string | null>(`caches.open('budget-shell-${next}').then((c) => c.match('/index.html')).then((r) => r.text()).then((t) => (t.match(/name="budget-build" content="([^"]+)"/) || [])[1] ?? null)`)).toBe(next);
    expect(await first.evaluate<string | null>(BUILD_MARK)).toBeNull();

    // Reload in the first tab: the new worker takes over and the page reloads under it.
    await reloadFromPrompt(first);
    expect(await first.evaluate<string | null>(BUILD_MARK)).toBe(next);
    expect(await first.evaluate<string | null>(CONTROLLER)).toBe(`${stack.url}/sw.js`);
    expect(await first.getByTestId('update-prompt').count()).toBe(0);
    await expect.poll(() => runningVersions(context), { timeout: 15_000 }).toEqual([next]);
    expect(await first.evaluate<string | null>('navigator.serviceWorker.getRegistration().then((r) => r && !r.waiting && !r.installing && r.active.state)')).toBe('activated');
    // Its activation dropped the old shell cache.
    const names = await first.evaluate<string[]>(CACHE_NAMES);
    expect(names).toContain(`budget-shell-${next}`);
    expect(names.filter((name) => name.startsWith('budget-shell-'))).toEqual([`budget-shell-${next}`]);

    // The second tab still runs the old page; its Reload, pressed after the worker took over elsewhere, still reloads.
    expect(await second.evaluate<string | null>(BUILD_MARK)).toBeNull();
    await reloadFromPrompt(second);
    expect(await second.evaluate<string | null>(BUILD_MARK)).toBe(next);
    expect(await second.evaluate<string | null>(CONTROLLER)).toBe(`${stack.url}/sw.js`);
    expect(await second.getByTestId('update-prompt').count()).toBe(0);
    await context.close();
  });

  it('never answers nor caches an /api/ request, online or offline', async () => {
    const context = await signedInContext();
    const page = await firstControlledPage(context, '/home');
    const api: { path: string; fromWorker: boolean }[] = [];
    const assets: boolean[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.startsWith('/api/')) api.push({ path, fromWorker: response.fromServiceWorker() });
      else if (/\.[0-9a-f]{8}\.js$/.test(path)) assets.push(response.fromServiceWorker());
    });
    await page.goto(`${stack.url}/home`);
    await page.getByTestId('category-list').waitFor({ timeout: 15_000 });
    await page.goto(`${stack.url}/accounts`);
    await page.locator('main').waitFor();
    await networkQuiet(page);
    await page.evaluate(`fetch('/api/v1/health').then((r) => r.status)`);

    expect(api.length).toBeGreaterThan(2);
    expect(api.filter((call) => call.fromWorker)).toEqual([]);
    // The worker is in the path: the hashed scripts do come from it.
    expect(assets.some(Boolean)).toBe(true);
    const cached = await page.evaluate<string[]>(CACHED_PATHS);
    expect(cached).toContain('/index.html');
    expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);

    // Offline, an API request fails rather than being answered from a cache.
    await context.setOffline(true);
    expect(await page.evaluate<string>(`fetch('/api/v1/health').then(() => 'answered', () => 'failed')`)).toBe('failed');
    await context.setOffline(false);
    await context.close();
  });
});
