/** Types of the launcher pieces, for the e2e tests that reuse them from TypeScript. */
import type { ChildProcess } from 'node:child_process';

export declare const repoRoot: string;
export declare const dataDir: string;

export declare class LauncherError extends Error {}
export declare function say(message: string): void;
export declare function report(error: unknown): void;

export declare function ensureInstalled(options?: { root?: string }): Promise<void>;
export declare function installIsStale(root?: string): boolean;
export declare function linkWorkspaces(root?: string): void;
export declare function workspacePackages(root?: string): { name: string; dir: string }[];

export declare function buildAll(options?: { root?: string; frontends?: boolean }): Promise<void>;
export declare function buildBackend(options?: { root?: string }): Promise<void>;
export declare function buildFrontends(options?: { root?: string; stampFile?: string }): Promise<void>;

export interface ResolvedPostgres {
  source: 'env' | 'local' | 'embedded';
  /** The application database (`budget`). */
  url: string;
  /** The `postgres` database on the same server, for creating throwaway databases. */
  adminUrl: string;
  stop(): Promise<void>;
}
export declare function resolvePostgres(options?: {
  env?: NodeJS.ProcessEnv;
  probeHost?: string;
  probePort?: number;
  embeddedPort?: number;
  dataDir?: string;
  database?: string;
}): Promise<ResolvedPostgres>;
export declare function ensureDatabase(adminUrl: string, database: string): Promise<void>;
export declare function withDatabase(url: string, database: string): string;
export declare function startEmbeddedPostgres(options: { port: number; dataDir: string }): Promise<{ adminUrl: string; stop(): Promise<void> }>;

export interface ResolvedRedis {
  source: 'env' | 'local' | 'reused' | 'child';
  url: string;
  stop(): Promise<void>;
}
export declare function resolveRedis(options?: {
  env?: NodeJS.ProcessEnv;
  probeHost?: string;
  probePort?: number;
  ownPort?: number;
  allowInstall?: boolean;
  /** Where a child redis-server keeps its append-only file (default `.data/redis`). */
  dataDir?: string;
}): Promise<ResolvedRedis>;

export interface ServiceSpec {
  name: string;
  /** Path of the built entry point, relative to the repository root. */
  script: string;
  /** Signs or checks access tokens: started with JWT_SECRET. */
  verifiesTokens?: boolean;
  /** Seals or opens Plaid access tokens: started with PLAID_TOKEN_KEY. */
  opensBankTokens?: boolean;
  /** With METRICS_PORT_BASE set, the service's operations port is base + this offset. */
  metricsOffset?: number;
}
export interface ServiceExit {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: Error;
}
export interface RunningService {
  name: string;
  child: ChildProcess;
  exited: Promise<ServiceExit>;
  stop(graceMs?: number): Promise<ServiceExit>;
  hasExited(): boolean;
}
export declare const SERVICES: ServiceSpec[];
export declare function serviceEnv(options: {
  databaseUrl: string;
  redisUrl: string;
  port?: number;
  root?: string;
  nodeEnv?: 'development' | 'production' | 'test';
  env?: NodeJS.ProcessEnv;
  /** Used when `env` has no JWT_SECRET; without either, a fresh secret for these processes. */
  jwtSecret?: string;
}): NodeJS.ProcessEnv;
/** The environment `service` is started with: JWT_SECRET only if it verifies tokens. */
export declare function envFor(service: ServiceSpec, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;

export declare const PLAID_SIMULATOR: ServiceSpec;
export declare const DEFAULT_PLAID_SIMULATOR_PORT: number;
/** Which Plaid the services talk to; `simulator` is set when the launcher starts the Plaid simulator. */
export declare function resolvePlaid(
  env?: NodeJS.ProcessEnv,
  options?: { data?: string },
): {
  env: { PLAID_ENV: 'simulator' | 'sandbox' | 'production'; PLAID_SIMULATOR_URL?: string; PLAID_SIMULATOR_PORT?: string; PLAID_SIMULATOR_STATE_FILE?: string };
  simulator: { port: number; url: string } | null;
  describe: string;
};

export declare const JWT_SECRET_FILE: string;
export declare function generateJwtSecret(): string;
/** The data directory's JWT secret, made (mode 0600) on first use, read back afterwards. */
export declare function ensureJwtSecret(options?: { dataDir?: string }): { secret: string; file: string; created: boolean };
export declare const PLAID_TOKEN_KEY_FILE: string;
/** `<dataDir>/plaid-token-key`: 32 random bytes in base64, made once (mode 0600), the key that seals Plaid access tokens. */
export declare function ensurePlaidTokenKey(options?: { dataDir?: string }): { secret: string; file: string; created: boolean };
export declare function startServices(options: { env: NodeJS.ProcessEnv; root?: string; services?: ServiceSpec[] }): {
  children: RunningService[];
  firstExit: Promise<ServiceExit>;
  stop(): Promise<void>;
};
export declare function waitForHealth(url: string, options?: { timeoutMs?: number; gaveUp?: () => boolean }): Promise<void>;

export declare const CHROMIUM_PATH: string;
export declare function ensureChromium(options?: { path?: string }): Promise<{ path: string; problem?: undefined } | { path?: undefined; problem: string }>;

export declare function portOpen(port: number, host?: string, timeoutMs?: number): Promise<boolean>;
export declare function redisPing(port: number, host?: string, timeoutMs?: number): Promise<boolean>;
export declare function waitUntil(
  check: () => boolean | Promise<boolean>,
  options?: { timeoutMs?: number; intervalMs?: number; gaveUp?: () => boolean },
): Promise<boolean>;

export declare function createShutdown(): {
  add(step: () => Promise<void> | void): void;
  shutdown(code: number): Promise<never>;
  isStopping(): boolean;
};
