import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnPrefixed } from './child.mjs';
import { generateJwtSecret } from './jwt-secret.mjs';
import { LauncherError } from './log.mjs';
import { repoRoot } from './paths.mjs';

/**
 * The three backend processes, each built by `tsc -b` into its dist folder. `verifiesTokens`: the
 * process signs or checks access tokens, so it gets JWT_SECRET; the others never see it.
 */
export const SERVICES = [
  { name: 'api', script: 'services/api/dist/main.js', verifiesTokens: true, opensBankTokens: true, metricsOffset: 0 },
  { name: 'projector', script: 'services/projector/dist/main.js', metricsOffset: 1 },
  { name: 'worker', script: 'services/worker/dist/main.js', opensBankTokens: true, metricsOffset: 2 },
];

/** `npm start`'s operations ports (`/live`, `/ready`, `/metrics`): api 9464, projector 9465, worker 9466 (`METRICS_PORT_BASE` moves them). */
export const DEFAULT_METRICS_PORT_BASE = 9464;

/**
 * The environment every service gets from the launcher. WEB_ROOT is the `frontends` folder: the
 * API serves `shell/dist` at `/` and `<remote>/dist` at `/remotes/<remote>/` from it. JWT_SECRET:
 * the caller's own if set, else `jwtSecret` (`npm start` keeps one per data directory, see
 * jwt-secret.mjs), else a fresh one for this set of processes (tests that start the stack).
 */
export function serviceEnv({ databaseUrl, redisUrl, port = 3000, root = repoRoot, nodeEnv = 'development', env = process.env, jwtSecret }) {
  return {
    ...env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    PORT: String(port),
    WEB_ROOT: env.WEB_ROOT ?? join(root, 'frontends'),
    NODE_ENV: nodeEnv,
    MAIL_OUTBOX_DIR: env.MAIL_OUTBOX_DIR ?? join(root, '.data', 'outbox'),
    JWT_SECRET: env.JWT_SECRET || jwtSecret || generateJwtSecret(),
  };
}

/** What one service is started with: `env` and its name, without JWT_SECRET or PLAID_TOKEN_KEY unless it needs them. */
export function envFor(service, env) {
  const { JWT_SECRET, PLAID_TOKEN_KEY, ...rest } = env;
  return {
    ...rest,
    ...(service.verifiesTokens && JWT_SECRET !== undefined && { JWT_SECRET }),
    // `opensBankTokens`: the process seals or opens Plaid access tokens (api, worker).
    ...(service.opensBankTokens && PLAID_TOKEN_KEY !== undefined && { PLAID_TOKEN_KEY }),
    // With METRICS_PORT_BASE set (npm start sets it), each service serves its operations port at base + its offset.
    ...(rest.METRICS_PORT_BASE && service.metricsOffset !== undefined && { METRICS_PORT: String(Number(rest.METRICS_PORT_BASE) + service.metricsOffset) }),
    SERVICE_NAME: service.name,
  };
}

/**
 * Starts each service as its own process with output prefixed by its name.
 * `firstExit` resolves with { name, code, signal } when any of them ends; `stop()` ends all.
 */
export function startServices({ env, root = repoRoot, services = SERVICES }) {
  const missing = services.filter((service) => !existsSync(join(root, service.script)));
  if (missing.length > 0) {
    throw new LauncherError(`Not built: ${missing.map((s) => s.script).join(', ')}. Run npm run build and read its errors.`);
  }
  const children = services.map((service) =>
    spawnPrefixed(service.name, process.execPath, ['--enable-source-maps', join(root, service.script)], {
      cwd: root,
      env: envFor(service, env),
    }),
  );
  return {
    children,
    firstExit: Promise.race(children.map((child) => child.exited)),
    stop: async () => {
      await Promise.all(children.map((child) => child.stop()));
    },
  };
}
