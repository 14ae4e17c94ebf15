import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { isPagePath, isWebPath, webLayout } from './static-web.js';

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
  for (const path of ['/', '/home', '/budget/2026-11', '/schedules', '/accounts/12', '/signin', '/user', '/terms', '/privacy']) expect(isPagePath(path), path).toBe(true);
  for (const path of ['/no-such-page', '/homework', '/unknown/page', '/remotes']) expect(isPagePath(path), path).toBe(false);
});
