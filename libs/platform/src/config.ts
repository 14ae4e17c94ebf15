import { join } from 'node:path';

/** Every setting the services read, from the environment (README "Configuration"). */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string;
  redisUrl: string;
  eventStore: 'postgres' | 'eventstoredb';
  eventStoreUrl: string | undefined;
  /** HMAC secret for access tokens (HS256). Required in production. */
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  mailOutboxDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  corsOrigins: string[];
  /** Folder holding the built front ends (shell at its root, remotes under remotes/<name>). */
  webRoot: string | undefined;
  repoRoot: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, repoRoot = process.cwd()): AppConfig {
  const nodeEnv = (env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development') as AppConfig['nodeEnv'];
  const jwtSecret = env.JWT_SECRET ?? (nodeEnv === 'production' ? '' : 'development-only-secret-change-me-0123456789');
  if (!jwtSecret || jwtSecret.length < 32) throw new Error('JWT_SECRET must be set (at least 32 characters)');
  return {
    nodeEnv,
    port: Number(env.PORT ?? 3000),
    databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/budget',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    eventStore: env.EVENT_STORE === 'eventstoredb' ? 'eventstoredb' : 'postgres',
    eventStoreUrl: env.EVENTSTORE_URL,
    jwtSecret,
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL_SECONDS ?? 900),
    refreshTokenTtlSeconds: Number(env.REFRESH_TOKEN_TTL_SECONDS ?? 60 * 60 * 24 * 30),
    mailOutboxDir: env.MAIL_OUTBOX_DIR ?? join(repoRoot, '.data', 'outbox'),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? 'Budget <no-reply@budget.local>',
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    webRoot: env.WEB_ROOT,
    repoRoot,
  };
}

export const APP_CONFIG = Symbol.for('budget.AppConfig');
