import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { say } from './log.mjs';
import { repoRoot } from './paths.mjs';
import { run } from './run.mjs';

const STAMP = '.budget-installed';

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

/** True when node_modules is missing or older than package-lock.json. */
export function installIsStale(root = repoRoot) {
  const modules = join(root, 'node_modules');
  if (!existsSync(modules)) return true;
  const installedAt = Math.max(mtime(join(modules, '.package-lock.json')), mtime(join(modules, STAMP)));
  return mtime(join(root, 'package-lock.json')) > installedAt;
}

/** Every npm workspace package of the repository, as { name, dir }. */
export function workspacePackages(root = repoRoot) {
  const patterns = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces ?? [];
  return patterns.flatMap((pattern) => {
    const parent = join(root, pattern.replace(/\/\*$/, ''));
    const dirs = pattern.endsWith('/*') && existsSync(parent) ? readdirSync(parent).map((d) => join(parent, d)) : [join(root, pattern)];
    return dirs
      .filter((dir) => existsSync(join(dir, 'package.json')))
      .map((dir) => ({ name: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name, dir }));
  });
}

/**
 * Links workspace packages added since the last install into node_modules, exactly as npm
 * does, so a new lib or service resolves without a network install.
 */
export function linkWorkspaces(root = repoRoot) {
  for (const { name, dir } of workspacePackages(root)) {
    if (!name) continue;
    const link = join(root, 'node_modules', name);
    if (existsSync(link)) continue;
    if (lstatExists(link)) unlinkSync(link);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(relative(dirname(link), dir), link, 'dir');
    say(`Linked workspace package ${name}`);
  }
}

function lstatExists(path) {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** `npm install` when node_modules is missing or stale, then workspace links. */
export async function ensureInstalled({ root = repoRoot } = {}) {
  if (installIsStale(root)) {
    say('Installing dependencies: npm install --no-audit --no-fund');
    await run('npm', ['install', '--no-audit', '--no-fund'], { cwd: root });
    writeFileSync(join(root, 'node_modules', STAMP), `${new Date().toISOString()}\n`);
  }
  linkWorkspaces(root);
}
