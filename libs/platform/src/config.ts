import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/** Every setting the services read, from the environment (README "Configuration"). */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string;
  redisUrl: string;
  /**
   * Redis key prefix of every BullMQ queue and worker (`QUEUE_PREFIX`; default `budget:<database
   * name>`), so two deployments sharing one Redis never take each other's jobs.
   */
  queuePrefix: string;
  eventStore: 'postgres' | 'eventstoredb';
  eventStoreUrl: string | undefined;
  /**
   * `inline`: the API projects each write into the read models in the append's own transaction
   * (PostgreSQL only; the default there). `async`: the projector process does it and the API waits
   * for it (always with EventStoreDB). `PROJECTION` in the environment.
   */
  projection: 'inline' | 'async';
  /** With async projection, how long a write waits for the projector before answering 202 (`PROJECTION_WAIT_MS`). */
  projectionWaitMs: number;
  /**
   * How often (± 20 %) a process that loads the ledger sweeps for imports a crash cut short
   * (`IMPORT_SWEEP_EVERY_MS`, default 5 minutes; 0: only when it starts). docs/architecture.md §8.
   */
  importSweepEveryMs: number;
  /**
   * HMAC secret for access tokens (HS256). Required in production. Elsewhere, when unset, a random
   * one for this process: `npm start` passes the one it keeps in `.data/jwt-secret`, tests get a
   * fresh one per run, and no secret is written in the source.
   */
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  mailOutboxDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Where users reach the app (`PUBLIC_URL`, no trailing slash; default `http://localhost:<PORT>`):
   * the base of links in e-mails, such as the new-address verification link (product-spec §4).
   */
  publicUrl: string;
  corsOrigins: string[];
  /** Folder holding the built front ends (shell at its root, remotes under remotes/<name>). */
  webRoot: string | undefined;
  repoRoot: string;
  /** Bank linking (libs/bank-sync): which Plaid to talk to and the key that seals access tokens. */
  plaid: PlaidSettings;
}

/**
 * `PLAID_ENV`: `simulator` (default: tools/plaid-simulator at `PLAID_SIMULATOR_URL`), `sandbox` or
 * `production` (Plaid itself, with `PLAID_CLIENT_ID` and `PLAID_SECRET`). `PLAID_TOKEN_KEY` (32
 * bytes, base64) seals access tokens at rest with AES-256-GCM; required in production, otherwise
 * `npm start` keeps one per data directory and anything else gets a random one per process.
 */
export interface PlaidSettings {
  env: 'simulator' | 'sandbox' | 'production';
  clientId: string;
  secret: string;
  simulatorUrl: string;
  /** Null in production without `PLAID_TOKEN_KEY`: bank linking then refuses to store a token. */
  tokenKey: Buffer | null;
  webhookUrl: string | undefined;
}

/** A secret a service may need; a production start of a service that uses it is refused without it. */
export type ServiceSecret = 'JWT_SECRET';

export interface LoadConfigOptions {
  /**
   * The secrets this service uses (default: all of them, as the api needs). The projector and the
   * worker never sign or check an access token or a code, so they pass `[]` and start in production
   * without `JWT_SECRET`; their `jwtSecret` is then empty and nothing of theirs reads it.
   */
  secrets?: readonly ServiceSecret[];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, repoRoot = process.cwd(), options: LoadConfigOptions = {}): AppConfig {
  const nodeEnv = (env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development') as AppConfig['nodeEnv'];
  const needsJwt = (options.secrets ?? ['JWT_SECRET']).includes('JWT_SECRET');
  const jwtSecret = env.JWT_SECRET || (nodeEnv === 'production' ? '' : processJwtSecret());
  if (needsJwt && jwtSecret.length < 32) throw new Error('JWT_SECRET must be set (at least 32 characters)');
  const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/budget';
  const port = Number(env.PORT ?? 3000);
  return {
    nodeEnv,
    port,
    databaseUrl,
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    queuePrefix: env.QUEUE_PREFIX || defaultQueuePrefix(databaseUrl),
    plaid: loadPlaidSettings(env, nodeEnv),
    eventStore: env.EVENT_STORE === 'eventstoredb' ? 'eventstoredb' : 'postgres',
    eventStoreUrl: env.EVENTSTORE_URL,
    projection: env.EVENT_STORE === 'eventstoredb' || env.PROJECTION === 'async' ? 'async' : 'inline',
    projectionWaitMs: Number(env.PROJECTION_WAIT_MS ?? 5000),
    importSweepEveryMs: Number(env.IMPORT_SWEEP_EVERY_MS ?? 5 * 60 * 1000),
    jwtSecret,
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL_SECONDS ?? 900),
    refreshTokenTtlSeconds: Number(env.REFRESH_TOKEN_TTL_SECONDS ?? 60 * 60 * 24 * 30),
    mailOutboxDir: env.MAIL_OUTBOX_DIR ?? join(repoRoot, '.data', 'outbox'),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? 'Budget <no-reply@budget.local>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    webRoot: env.WEB_ROOT,
    repoRoot,
  };
}

/**
 * `budget:<database name>`: the database a deployment writes is what tells it apart, so the same
 * Redis can serve several deployments (or test stacks) without one consuming another's jobs.
 */
export function defaultQueuePrefix(databaseUrl: string): string {
  let name = '';
  try {
    name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  } catch {
    name = '';
  }
  return `budget:${name || 'postgres'}`;
}

function loadPlaidSettings(env: NodeJS.ProcessEnv, nodeEnv: AppConfig['nodeEnv']): PlaidSettings {
  const plaidEnv = env.PLAID_ENV === 'sandbox' || env.PLAID_ENV === 'production' ? env.PLAID_ENV : 'simulator';
  if (env.PLAID_ENV && env.PLAID_ENV !== plaidEnv) throw new Error('PLAID_ENV must be simulator, sandbox or production');
  const tokenKey = env.PLAID_TOKEN_KEY ? Buffer.from(env.PLAID_TOKEN_KEY, 'base64') : nodeEnv === 'production' ? null : processPlaidKey();
  if (tokenKey && tokenKey.length !== 32) throw new Error('PLAID_TOKEN_KEY must be set to 32 bytes in base64');
  const clientId = env.PLAID_CLIENT_ID ?? '';
  const secret = env.PLAID_SECRET ?? '';
  if (plaidEnv !== 'simulator' && (!clientId || !secret)) throw new Error(`PLAID_ENV=${plaidEnv} needs PLAID_CLIENT_ID and PLAID_SECRET`);
  return {
    env: plaidEnv,
    clientId,
    secret,
    simulatorUrl: env.PLAID_SIMULATOR_URL ?? `http://127.0.0.1:${env.PLAID_SIMULATOR_PORT ?? 4010}`,
    tokenKey,
    webhookUrl: env.PLAID_WEBHOOK_URL || undefined,
  };
}

let generatedPlaidKey: Buffer | undefined;

/** One random token key per process (tokens sealed with it are unreadable after a restart: development only). */
function processPlaidKey(): Buffer {
  generatedPlaidKey ??= randomBytes(32);
  return generatedPlaidKey;
}

let generatedJwtSecret: string | undefined;

/** One random secret per process (48 bytes, base64url), for every config loaded without one. */
function processJwtSecret(): string {
  generatedJwtSecret ??= randomBytes(48).toString('base64url');
  return generatedJwtSecret;
}

export const APP_CONFIG = Symbol.for('budget.AppConfig');
