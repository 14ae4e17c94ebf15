#!/usr/bin/env node
// `npm start`: install if needed, build what is stale, find or start PostgreSQL and Redis, then
// run api, projector and worker (and the Plaid simulator when no Plaid credentials are
// configured, see lib/plaid.mjs) until Ctrl-C.
// `npm run start:prod` (`--production`): the same compiled services with NODE_ENV=production, their
// secrets taken from the environment only (refused when missing, never made up).
import { relative } from 'node:path';
import { buildAll } from './lib/build.mjs';
import { waitForHealth } from './lib/health.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { ensureJwtSecret, ensurePlaidTokenKey } from './lib/jwt-secret.mjs';
import { LauncherError, report, say } from './lib/log.mjs';
import { repoRoot } from './lib/paths.mjs';
import { PLAID_SIMULATOR, resolvePlaid } from './lib/plaid.mjs';
import { resolvePostgres } from './lib/postgres.mjs';
import { portOpen } from './lib/probe.mjs';
import { resolveRedis } from './lib/redis.mjs';
import { DEFAULT_METRICS_PORT_BASE, SERVICES, serviceEnv, startServices } from './lib/services.mjs';
import { createShutdown } from './lib/shutdown.mjs';

const exit = createShutdown();
const production = process.argv.includes('--production');

async function main() {
  const port = Number(process.env.PORT ?? 3000);
  if (production) requireProductionSecrets(process.env);
  await ensureInstalled();
  await buildAll();
  if (await portOpen(port)) throw new LauncherError(`Port ${port} is already in use: stop what runs there or set PORT.`);
  const plaid = resolvePlaid();
  if (plaid.simulator && (await portOpen(plaid.simulator.port))) {
    throw new LauncherError(`Port ${plaid.simulator.port} (the Plaid simulator) is already in use: stop what runs there or set PLAID_SIMULATOR_PORT.`);
  }
  say(`Bank linking talks to ${plaid.describe}`);

  const postgres = await resolvePostgres();
  exit.add(postgres.stop);
  const redis = await resolveRedis();
  exit.add(redis.stop);

  const env = {
    ...serviceEnv({ databaseUrl: postgres.url, redisUrl: redis.url, port, root: repoRoot, jwtSecret: production ? undefined : jwtSecret(), nodeEnv: production ? 'production' : 'development' }),
    ...plaid.env,
    ...(production ? {} : plaidTokenKey()),
    METRICS_PORT_BASE: process.env.METRICS_PORT_BASE || String(DEFAULT_METRICS_PORT_BASE),
  };
  const services = startServices({ env, services: plaid.simulator ? [...SERVICES, PLAID_SIMULATOR] : SERVICES });
  exit.add(services.stop);
  let ended = false;
  const ending = services.firstExit.then((result) => {
    ended = true;
    return result;
  });

  const healthy = Promise.all([
    waitForHealth(`http://127.0.0.1:${port}/api/v1/health`, { gaveUp: () => ended }),
    plaid.simulator && waitForHealth(`${plaid.simulator.url}/simulator/health`, { gaveUp: () => ended }),
  ]).catch((error) => {
    if (!ended) throw error;
  });
  await Promise.race([healthy, ending]);
  if (!ended) {
    process.stdout.write(`\nBudget is running at http://localhost:${port}${production ? ' (NODE_ENV=production)' : ''}\n`);
    say(`Mail in development goes to ${env.MAIL_OUTBOX_DIR}. Press Ctrl-C to stop.`);
  }

  const { name, code, signal } = await ending;
  if (exit.isStopping()) return;
  say(`${name} stopped unexpectedly (${signal ?? `exit code ${code}`}): stopping the rest`);
  await exit.shutdown(1);
}

/**
 * A production start makes up no secret: JWT_SECRET (the api's token and code key, at least 32
 * characters) and PLAID_TOKEN_KEY (32 bytes in base64: api and worker seal bank tokens with it)
 * come from the environment, or it stops here with how to make them.
 */
function requireProductionSecrets(env) {
  const missing = [];
  if (!env.JWT_SECRET || env.JWT_SECRET.length < 32) missing.push('JWT_SECRET (at least 32 characters: openssl rand -hex 32)');
  if (!env.PLAID_TOKEN_KEY || Buffer.from(env.PLAID_TOKEN_KEY, 'base64').length !== 32) missing.push('PLAID_TOKEN_KEY (32 bytes in base64: openssl rand -base64 32)');
  if (missing.length > 0) throw new LauncherError(`A production start takes its secrets from the environment; set ${missing.join(' and ')}.`);
}

/** JWT_SECRET from the environment if set (undefined here), else the data directory's own. */
function jwtSecret() {
  if (process.env.JWT_SECRET) return undefined;
  const { secret, file, created } = ensureJwtSecret();
  if (created) say(`Made a JWT secret for this data directory: ${relative(repoRoot, file)} (kept, never committed)`);
  return secret;
}

/** PLAID_TOKEN_KEY from the environment if set, else the data directory's own (api and worker open tokens with it). */
function plaidTokenKey() {
  if (process.env.PLAID_TOKEN_KEY) return {};
  const { secret, file, created } = ensurePlaidTokenKey();
  if (created) say(`Made a Plaid token key for this data directory: ${relative(repoRoot, file)} (kept, never committed)`);
  return { PLAID_TOKEN_KEY: secret };
}

main().catch(async (error) => {
  if (exit.isStopping()) return;
  report(error);
  await exit.shutdown(1);
});
