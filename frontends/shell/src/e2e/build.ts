import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { frontendsDir } from './harness.js';

/** Builds every app unless E2E_SKIP_BUILD is set and the builds are already there. */
export function buildFrontends(): void {
  const built = ['shell', 'home', 'accounts', 'reports', 'admin'].every((app) => existsSync(resolve(frontendsDir, app, 'dist/index.html')));
  if (process.env.E2E_SKIP_BUILD && built) return;
  const result = spawnSync(process.execPath, [resolve(frontendsDir, 'build-all.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('front-end build failed');
}
