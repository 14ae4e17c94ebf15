import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildBackend } from './build.mjs';
import { ensureInstalled } from './install.mjs';
import { LauncherError, report } from './log.mjs';
import { repoRoot } from './paths.mjs';
import { resolvePostgres } from './postgres.mjs';
import { run } from './run.mjs';
import { createShutdown } from './shutdown.mjs';

/**
 * Runs one of the projector's maintenance entry points (`services/projector/dist/<name>.js`) on the
 * database `npm start` uses: installs and builds what is missing, finds PostgreSQL, runs, exits.
 */
export async function runProjectorScript(name) {
  const exit = createShutdown();
  try {
    await ensureInstalled();
    await buildBackend();
    const script = join(repoRoot, 'services', 'projector', 'dist', `${name}.js`);
    if (!existsSync(script)) throw new LauncherError(`${script} does not exist: the projector has no ${name} entry point.`);
    const postgres = await resolvePostgres();
    exit.add(postgres.stop);
    await run(process.execPath, [script], { env: { ...process.env, DATABASE_URL: postgres.url } });
    await exit.shutdown(0);
  } catch (error) {
    report(error);
    await exit.shutdown(1);
  }
}
