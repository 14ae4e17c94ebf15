import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.data', 'test-results', 'coverage', '.cache']);
const ROOT_INPUTS = ['package-lock.json', 'tsconfig.base.json'];

/** Front-end apps: folders of frontends/ with an rspack config (shell and remotes). */
export function frontendApps(root) {
  const dir = join(root, 'frontends');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) => readdirSync(join(dir, name)).some((file) => /^rspack\.config\.[cm]?[jt]s$/.test(file)));
}

/** Libs a front end may import: tagged scope:web or scope:shared. */
function frontendLibs(root) {
  const libs = join(root, 'libs');
  if (!existsSync(libs)) return [];
  return readdirSync(libs).filter((name) => {
    const project = join(libs, name, 'project.json');
    if (!existsSync(project)) return false;
    const tags = JSON.parse(readFileSync(project, 'utf8')).tags ?? [];
    return tags.includes('scope:web') || tags.includes('scope:shared');
  });
}

function walk(dir, files) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && entry.name !== 'e2e') walk(join(dir, entry.name), files);
    } else if (entry.isFile()) {
      files.push(join(dir, entry.name));
    }
  }
  return files;
}

/** A hash of path, size and mtime of every front-end source: any edit changes it. */
export function frontendSourceHash(root) {
  const files = [
    ...(existsSync(join(root, 'frontends')) ? walk(join(root, 'frontends'), []) : []),
    ...frontendLibs(root).flatMap((lib) => walk(join(root, 'libs', lib), [])),
    ...ROOT_INPUTS.map((file) => join(root, file)).filter((file) => existsSync(file)),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const { size, mtimeMs } = statSync(file);
    hash.update(`${relative(root, file)}\0${size}\0${mtimeMs}\n`);
  }
  return hash.digest('hex');
}

export function readStamp(stampFile) {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return {};
  }
}

export function writeStamp(stampFile, stamp) {
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${JSON.stringify(stamp, null, 2)}\n`);
}
