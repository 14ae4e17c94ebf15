import type { Browser, BrowserContext, Page, Request } from 'playwright-core';

/**
 * "The network has gone quiet", as Playwright's `networkidle` meant it before the app kept a
 * change feed open: the shell holds `GET /api/v1/events` (Server-Sent Events) for as long as a
 * signed-in page lives, so Chromium's network-idle moment never comes. Every context made by
 * `trackRequests` counts each page's requests in flight, leaving that stream out, and
 * `networkQuiet` waits until none has been in flight for `quietMs`.
 */
const inFlight = new WeakMap<Page, Set<Request>>();
const lastChange = new WeakMap<Page, number>();

const isFeed = (request: Request) => /\/api\/v1\/events(\?|$)/.test(request.url());

function track(context: BrowserContext): void {
  const pending = (page: Page | null) => {
    if (!page) return null;
    let set = inFlight.get(page);
    if (!set) inFlight.set(page, (set = new Set()));
    return set;
  };
  const pageOf = (request: Request): Page | null => {
    try {
      return request.frame().page();
    } catch {
      return null; // a service worker's request
    }
  };
  context.on('request', (request) => {
    if (isFeed(request)) return;
    const page = pageOf(request);
    pending(page)?.add(request);
    if (page) lastChange.set(page, Date.now());
  });
  const done = (request: Request) => {
    const page = pageOf(request);
    if (!page) return;
    inFlight.get(page)?.delete(request);
    lastChange.set(page, Date.now());
  };
  context.on('requestfinished', done);
  context.on('requestfailed', done);
}

/** Makes every context of `browser` count its pages' requests (for `networkQuiet`). */
export function trackRequests(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    track(context);
    return context;
  };
  return browser;
}

/** Waits for the page's load, then until no request but the change feed has been in flight for `quietMs`. */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  await page.waitForLoadState('load');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const pending = inFlight.get(page)?.size ?? 0;
    const since = Date.now() - (lastChange.get(page) ?? 0);
    if (pending === 0 && since >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the network did not go quiet within ${timeoutMs} ms (${inFlight.get(page)?.size ?? 0} request(s) in flight)`);
}
