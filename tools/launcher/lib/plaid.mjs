import { join } from 'node:path';
import { LauncherError } from './log.mjs';
import { dataDir } from './paths.mjs';

/** The Plaid simulator as one more child process of `npm start` (built by `tsc -b` like the services). */
export const PLAID_SIMULATOR = { name: 'plaid', script: 'tools/plaid-simulator/dist/main.js' };

export const DEFAULT_PLAID_SIMULATOR_PORT = 4010;

/**
 * Which Plaid `npm start` gives the api and worker, from the environment:
 * - `PLAID_ENV=sandbox|production` with `PLAID_CLIENT_ID` and `PLAID_SECRET`: Plaid itself, no simulator;
 * - otherwise (PLAID_ENV unset or `simulator`, as the services' own default in libs/platform's
 *   config): the Plaid simulator on 127.0.0.1:`PLAID_SIMULATOR_PORT` (4010), started by the
 *   launcher, its URL in `PLAID_SIMULATOR_URL` (a `PLAID_SIMULATOR_URL` already set names one
 *   running elsewhere: nothing is started), its items kept in `<data dir>/plaid-simulator.json`
 *   (`PLAID_SIMULATOR_STATE_FILE`). Credentials without PLAID_ENV are not used: `describe` says so.
 * `env` is what the services get on top of the rest; `simulator` is { port, url } when the launcher starts one.
 */
export function resolvePlaid(env = process.env, { data = dataDir } = {}) {
  const hasCredentials = Boolean(env.PLAID_CLIENT_ID && env.PLAID_SECRET);
  const plaidEnv = env.PLAID_ENV || 'simulator';
  const unused = hasCredentials ? '; PLAID_CLIENT_ID is set but unused: set PLAID_ENV=sandbox or production to talk to Plaid' : '';
  if (!['simulator', 'sandbox', 'production'].includes(plaidEnv)) {
    throw new LauncherError(`PLAID_ENV must be simulator, sandbox or production (got ${plaidEnv}).`);
  }
  if (plaidEnv !== 'simulator') {
    if (!hasCredentials) {
      throw new LauncherError(`PLAID_ENV=${plaidEnv} needs PLAID_CLIENT_ID and PLAID_SECRET; unset PLAID_ENV to use the Plaid simulator instead.`);
    }
    return { env: { PLAID_ENV: plaidEnv }, simulator: null, describe: `Plaid ${plaidEnv} (client id ${env.PLAID_CLIENT_ID})` };
  }
  if (env.PLAID_SIMULATOR_URL) {
    return { env: { PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: env.PLAID_SIMULATOR_URL }, simulator: null, describe: `the Plaid simulator at ${env.PLAID_SIMULATOR_URL} (not started here)${unused}` };
  }
  const port = Number(env.PLAID_SIMULATOR_PORT || DEFAULT_PLAID_SIMULATOR_PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new LauncherError(`PLAID_SIMULATOR_PORT must be a port number (got ${env.PLAID_SIMULATOR_PORT}).`);
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    env: {
      PLAID_ENV: 'simulator',
      PLAID_SIMULATOR_URL: url,
      PLAID_SIMULATOR_PORT: String(port),
      // Linked simulated banks survive a restart, like the database that stores their tokens.
      PLAID_SIMULATOR_STATE_FILE: env.PLAID_SIMULATOR_STATE_FILE || join(data, 'plaid-simulator.json'),
    },
    simulator: { port, url },
    describe: `the Plaid simulator at ${url} (PLAID_ENV is not sandbox or production; see tools/plaid-simulator/README.md)${unused}`,
  };
}
