import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { webLayout } from './static-web.js';

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
