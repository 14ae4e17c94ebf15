import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { createStaticHandler } from '../../serve-static.mjs';

export const frontendsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const shellDist = resolve(frontendsDir, 'shell/dist');

type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface Site {
  url: string;
  close: () => Promise<void>;
}

/**
 * Serves the built front end as production does (shell at `/`, remotes at `/remotes/<name>/`),
 * with `/api` sent to `api` and, when given, `/remotes.json` replaced (or missing).
 */
export async function serveSite({ api, remotesJson }: { api: Handler; remotesJson?: Record<string, string> | 'missing' }): Promise<Site> {
  const serveStatic = createStaticHandler({ shellDir: shellDist, remotesDir: frontendsDir });
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/api/')) return void api(req, res);
    if (remotesJson && req.url === '/remotes.json') {
      if (remotesJson === 'missing') res.writeHead(404).end();
      else res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(remotesJson));
      return;
    }
    void serveStatic(req, res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Opens a page already signed in, as after a sign-in in an earlier visit. */
export async function signedInPage(browser: Browser, url: string, tokens: { access: string; refresh: string }, viewport = { width: 1200, height: 800 }) {
  const page = await browser.newPage({ viewport });
  await page.addInitScript((held) => {
    localStorage.setItem('budget.accessToken', held.access);
    localStorage.setItem('budget.refreshToken', held.refresh);
  }, tokens);
  await page.goto(url);
  return page;
}
