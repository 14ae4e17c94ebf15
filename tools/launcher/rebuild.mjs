#!/usr/bin/env node
// `npm run rebuild-read-models`: drop and rebuild every read model from the event log.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildBackend } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { LauncherError, report } from './lib/log.mjs';
import { repoRoot } from './lib/paths.mjs';
import { resolvePostgres } from './lib/postgres.mjs';
import { run } from './lib/run.mjs';
import { createShutdown } from './lib/shutdown.mjs';

const exit = createShutdown();

try {
  await ensureInstalled();
  await buildBackend();
  const script = join(repoRoot, 'services', 'projector', 'dist', 'rebuild.js');
  if (!existsSync(script)) throw new LauncherError(`${script} does not exist: the projector has no rebuild entry point.`);
  const postgres = await resolvePostgres();
  exit.add(postgres.stop);
  await run(process.execPath, [script], { env: { ...process.env, DATABASE_URL: postgres.url } });
  await exit.shutdown(0);
} catch (error) {
  report(error);
  await exit.shutdown(1);
}
