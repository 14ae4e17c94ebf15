#!/usr/bin/env node
// `npm run build`: install if needed, then build the services and the front ends (only what is stale).
import { buildAll } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { report } from './lib/log.mjs';

try {
  await ensureInstalled();
  await buildAll();
} catch (error) {
  report(error);
  process.exitCode = 1;
}
