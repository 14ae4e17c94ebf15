import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { frontendsDir } from './harness.js';

const APPS = ['shell', 'home', 'accounts', 'reports', 'admin'];

/** The newest modification time of any file under `dir` (0 when it does not exist). */
function newest(dir: string): number {
  let latest = 0;
  try {
    for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  } catch {
    return 0;
  }
  return latest;
}

function builtTime(app: string): number {
  try {
    return statSync(resolve(frontendsDir, app, 'dist/index.html')).mtimeMs;
  } catch {
    return 0;
  }
}

/** Builds every app unless each build is newer than all front-end sources. */
export function buildFrontends(): void {
  const sources = [...APPS.map((app) => resolve(frontendsDir, app, 'src')), resolve(frontendsDir, '../libs/web/src'), resolve(frontendsDir, '../libs/money/src'), resolve(frontendsDir, '../libs/contracts/src')];
  const sourceTime = Math.max(...sources.map(newest));
  if (APPS.every((app) => builtTime(app) > sourceTime)) return;
  const result = spawnSync(process.execPath, [resolve(frontendsDir, 'build-all.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('front-end build failed');
}
