import { chromium, type Browser, type Page } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll } from 'vitest';

/**
 * A React harness page for Chromium (`*.harness.tsx`): bundled by Vite in memory, served to the
 * browser through `page.route` from one made-up origin. One chunk can be held back, so a test can
 * act while the lazily loaded parts it holds are still on their way (docs/architecture.md §9).
 */
export interface HarnessOptions {
  /** The query string of the page's address, without `?`. */
  query?: string;
  /** A chunk's file name (`CategoryComboBox.js`) answered only once `release` is called. */
  hold?: string;
  width?: number;
}

export interface HarnessPage {
  page: Page;
  /** Answers the held chunk. */
  release: () => void;
}

export interface Harness {
  open(options?: HarnessOptions): Promise<HarnessPage>;
  close(): Promise<void>;
}

type File = { body: string | Uint8Array; type: string };

/** Bundles `entry` (a `.harness.tsx` beside the spec) and launches Chromium to show it. */
export async function startHarness(entry: URL, origin: string): Promise<Harness> {
  const name = entry.pathname.split('/').pop()!.replace(/\.tsx?$/, '');
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: new URL('.', entry).pathname,
    build: {
      write: false,
      minify: false,
      rollupOptions: {
        input: entry.pathname,
        output: { entryFileNames: '[name].js', chunkFileNames: '[name].js', assetFileNames: '[name][extname]' },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const files = new Map<string, File>();
  for (const item of outputs.flatMap((output) => output.output)) {
    const css = item.fileName.endsWith('.css');
    files.set(`/${item.fileName}`, { body: item.type === 'chunk' ? item.code : item.source, type: css ? 'text/css' : 'text/javascript' });
  }
  const styles = [...files.keys()].filter((path) => path.endsWith('.css')).map((path) => `<link rel="stylesheet" href="${path}">`);
  files.set('/', { body: `<!doctype html><html><head>${styles.join('')}</head><body><div id="root"></div><script type="module" src="/${name}.js"></script></body></html>`, type: 'text/html' });
  const browser: Browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });

  return {
    async open(options = {}) {
      const page = await browser.newPage({ viewport: { width: options.width ?? 1024, height: 768 } });
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`${origin}/**`, async (route) => {
        const path = new URL(route.request().url()).pathname;
        const file = files.get(path);
        if (!file) return route.fulfill({ status: 404 });
        if (options.hold !== undefined && path === `/${options.hold}`) await held;
        return route.fulfill({ status: 200, contentType: file.type, body: typeof file.body === 'string' ? file.body : Buffer.from(file.body) });
      });
      await page.goto(`${origin}/${options.query ? `?${options.query}` : ''}`);
      return { page, release };
    },
    close: () => browser.close(),
  };
}

/** A spec's harness: started before its tests, closed after them; the getter is valid inside a test. */
export function harnessForSpec(entry: URL, origin: string): () => Harness {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startHarness(entry, origin);
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });
  return () => {
    if (!harness) throw new Error('the harness is not started');
    return harness;
  };
}
