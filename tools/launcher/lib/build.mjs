import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { frontendApps, frontendSourceHash, readStamp, writeStamp } from './frontend-stamp.mjs';
import { say } from './log.mjs';
import { dataDir, repoRoot } from './paths.mjs';
import { run } from './run.mjs';

const BACKEND = ['services/api', 'services/projector', 'services/worker', 'tools/plaid-simulator'];

/** `tsc -b` over the services (and through references, every lib they use); incremental. */
export async function buildBackend({ root = repoRoot } = {}) {
  const projects = BACKEND.filter((project) => existsSync(join(root, project, 'tsconfig.json')));
  say(`Building ${projects.join(', ')} (tsc -b, incremental)`);
  await run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', ...projects], { cwd: root });
}

/**
 * `node frontends/build-all.mjs` (shell and remotes into frontends/<app>/dist), skipped when
 * every dist exists and no front-end source changed since the last build
 * (hash in .data/build-stamp.json).
 */
export async function buildFrontends({ root = repoRoot, stampFile = join(dataDir, 'build-stamp.json') } = {}) {
  const script = join(root, 'frontends', 'build-all.mjs');
  if (!existsSync(script)) {
    say('No frontends/build-all.mjs: front ends not built');
    return;
  }
  const hash = frontendSourceHash(root);
  const stamp = readStamp(stampFile);
  const apps = frontendApps(root);
  const allBuilt = apps.every((app) => existsSync(join(root, 'frontends', app, 'dist')));
  if (stamp.frontends?.hash === hash && allBuilt) {
    say(`Front ends up to date (${apps.join(', ')})`);
    return;
  }
  say(`Building front ends (${apps.join(', ')})`);
  await run(process.execPath, [script], { cwd: root });
  writeStamp(stampFile, { ...stamp, frontends: { hash, builtAt: new Date().toISOString() } });
}

export async function buildAll({ root = repoRoot, frontends = true } = {}) {
  await buildBackend({ root });
  if (frontends) await buildFrontends({ root });
}
