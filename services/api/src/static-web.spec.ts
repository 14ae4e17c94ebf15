import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { isPagePath, isWebPath, PAGE_ROOTS, webLayout } from './static-web.js';

const frontends = fileURLToPath(new URL('../../../frontends/', import.meta.url));

/** Every `<Route path="/…">` the shell and its remotes declare, by the file that declares it. */
function declaredPagePaths(): { file: string; path: string }[] {
  const found: { file: string; path: string }[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.tsx') && !entry.name.includes('.spec.')) {
        for (const match of readFileSync(full, 'utf8').matchAll(/<Route\b[^>]*\bpath="(\/[^"]*)"/g)) found.push({ file: full, path: match[1]! });
      }
    }
  };
  for (const app of readdirSync(frontends, { withFileTypes: true })) {
    if (app.isDirectory() && readdirSync(join(frontends, app.name)).includes('src')) walk(join(frontends, app.name, 'src'));
  }
  return found;
}

test('a repository layout: shell in shell/dist, remotes in <name>/dist', () => {
  const root = mkdtempSync(join(tmpdir(), 'web-repo-'));
  mkdirSync(join(root, 'shell', 'dist'), { recursive: true });
  expect(webLayout(root)).toEqual({ shellDir: join(root, 'shell', 'dist'), remotesDir: root });
});

test('a deployed layout: shell at the root, remotes in remotes/<name>', () => {
  const root = mkdtempSync(join(tmpdir(), 'web-deployed-'));
  mkdirSync(join(root, 'remotes', 'home'), { recursive: true });
  mkdirSync(join(root, 'remotes', 'reports'), { recursive: true });
  expect(webLayout(root)).toEqual({
    shellDir: root,
    remotesDir: { home: join(root, 'remotes', 'home'), reports: join(root, 'remotes', 'reports') },
  });
});

test('every path outside /api and the API\'s own paths is the web app\'s; only the app\'s pages are pages', () => {
  for (const url of ['/', '/home', '/home/abc', '/accounts/12?x=1', '/signup', '/user', '/main.3f2a.js', '/remotes.json', '/remotes/home/remoteEntry.js', '/no-such-page', '/unknown/page']) {
    expect(isWebPath(url), url).toBe(true);
  }
  for (const url of ['/api', '/api/v1/no-such', '/vapidPublicKey', '/vapidPublicKey?x=1']) {
    expect(isWebPath(url), url).toBe(false);
  }
  for (const path of ['/', '/home', '/accounts/12', '/signin', '/user', '/terms', '/privacy']) expect(isPagePath(path), path).toBe(true);
  for (const path of ['/no-such-page', '/homework', '/unknown/page', '/remotes']) expect(isPagePath(path), path).toBe(false);
});

test('every page the front ends route to is a page: loaded or reloaded there, it answers 200, not the shell\'s 404', () => {
  const declared = declaredPagePaths();
  // The shell's and every remote's routes are read (a regex that found nothing would pass vacuously).
  for (const path of ['/home', '/budget/:month', '/schedules', '/reports/:reportId', '/admin', '/user/verify-email']) {
    expect(declared.map((d) => d.path), path).toContain(path);
  }
  for (const { file, path } of declared) {
    const page = path.replace(/:[^/]+/g, 'x');
    expect(isPagePath(page), `${path} (${file}) is routed by the web app, but PAGE_ROOTS lacks "${page.split('/')[1]}"`).toBe(true);
  }
  expect(PAGE_ROOTS.size).toBe(new Set(declared.map(({ path }) => path.split('/')[1])).size);
});
