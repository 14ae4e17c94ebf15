#!/usr/bin/env node
// Type-checks the front-end projects (their tsconfigs are noEmit, outside `tsc -b`): libs/web,
// each app, the shell's browser tests and the end-to-end tests. Exits non-zero on any error.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const projects = [
  'libs/web/tsconfig.json',
  ...['shell', 'home', 'accounts', 'reports', 'admin'].map((app) => `frontends/${app}/tsconfig.json`),
  'frontends/shell/tsconfig.e2e.json',
  'frontends/e2e/tsconfig.json',
].filter((project) => existsSync(join(root, project)));

let failed = 0;
for (const project of projects) {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', project, '--noEmit'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
  console.log(`${result.status === 0 ? 'ok  ' : 'FAIL'} ${project}`);
}
process.exit(failed === 0 ? 0 : 1);
