import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { isWebPath, webLayout } from './static-web.js';

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

test('pages, files and remotes are the web app\'s; other paths are unknown', () => {
  for (const url of ['/', '/home', '/home/abc', '/accounts/12?x=1', '/signup', '/user', '/main.3f2a.js', '/remotes.json', '/remotes/home/remoteEntry.js']) {
    expect(isWebPath(url), url).toBe(true);
  }
  for (const url of ['/vapidPublicKey', '/wp-login', '/unknown/page', '/.env/x']) {
    expect(isWebPath(url), url).toBe(false);
  }
});
