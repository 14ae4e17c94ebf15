import { afterAll, beforeAll, inject } from 'vitest';
import { Redis } from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { trackRequests } from './network-quiet.js';
import { reserveRedisDb } from './redis-db.js';
import { createPool } from '@budget/platform';
import { createTestDatabase, freePort, type TestDatabase } from '@budget/platform/testing';
// The launcher's own pieces: the services start exactly as `npm start` starts them.
import { serviceEnv, startServices, waitForHealth } from '../../../tools/launcher/lib/index.mjs';
// The same pieces for specs that start or restart services themselves (by name, one at a time).
export { SERVICES, serviceEnv, startServices, waitForHealth } from '../../../tools/launcher/lib/index.mjs';

/**
 * What a test file needs to reach a stack started in another process: the e2e project's global
 * setup starts one (`shared-stack.global.ts`) and provides this to every file (`withStack`).
 */
export interface StackAddress {
  url: string;
  outbox: string;
  databaseName: string;
  databaseUrl: string;
  redisUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eSharedStack: StackAddress;
  }
}

export interface Stack {
  url: string;
  outbox: string;
  db: TestDatabase;
  /** The Redis database reserved for this stack (its own: a test may flush it). */
  redisUrl: string;
  /** Freezes a service process (SIGSTOP) as a stalled one would be, until `resume`. */
  pause(service: 'api' | 'projector' | 'worker'): void;
  resume(service: 'api' | 'projector' | 'worker'): void;
  stop(): Promise<void>;
  /** How another process reaches this stack. */
  address: StackAddress;
}

/**
 * The built api, projector and worker as three processes on a fresh database, a Redis database
 * of their own and a private mail outbox, serving the built shell and remotes on one port.
 */
export async function startStack(extraEnv: Record<string, string> = {}): Promise<Stack> {
  const db = await createTestDatabase('e2e');
  const outbox = mkdtempSync(join(tmpdir(), 'budget-outbox-'));
  const port = await freePort();
  const redis = await reserveRedisDb(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const env = serviceEnv({
    databaseUrl: db.url,
    redisUrl: redis.url,
    port,
    // NODE_ENV=production in extraEnv runs the services as `npm run start:prod` does.
    nodeEnv: extraEnv.NODE_ENV === 'production' ? 'production' : 'development',
    env: { ...process.env, MAIL_OUTBOX_DIR: outbox, ...extraEnv },
  });
  const services = startServices({ env });
  const url = `http://127.0.0.1:${port}`;
  const signal = (service: string, sig: NodeJS.Signals) => {
    const found = services.children.find((c) => c.name === service);
    if (!found) throw new Error(`no ${service} process`);
    found.child.kill(sig);
  };
  const resumeAll = () => {
    for (const c of services.children) c.child.kill('SIGCONT');
  };
  const stop = async () => {
    resumeAll();
    await services.stop();
    await redis.release();
    await db.drop();
    rmSync(outbox, { recursive: true, force: true });
  };
  // A service that ends while the stack starts fails the start at once, named, with its exit code
  // (its own `[name]` lines above say why), rather than as an API that never answered.
  const ended = () => services.children.filter((c) => c.hasExited());
  try {
    await waitForHealth(`${url}/api/v1/health`, { timeoutMs: 60_000, gaveUp: () => ended().length > 0 });
  } catch (error) {
    const gone = await Promise.all(ended().map((c) => c.exited));
    await stop();
    if (gone.length === 0) throw error;
    throw new Error(`the stack did not start: ${gone.map((g) => `${g.name} exited (${g.signal ?? `code ${g.code}`})`).join(', ')}; its [${gone[0]!.name}] lines above say why`, { cause: error });
  }
  const address: StackAddress = { url, outbox, databaseName: db.name, databaseUrl: db.url, redisUrl: redis.url };
  return { url, outbox, db, redisUrl: redis.url, stop, pause: (service) => signal(service, 'SIGSTOP'), resume: (service) => signal(service, 'SIGCONT'), address };
}

/**
 * A stack another process started and stops (the global setup's), reached from this file: its
 * own pool on the stack's database; `stop` closes only that pool. Before the file's tests the
 * sign-in and sign-up limits' counters (`rl:` keys) are cleared, as a stack of the file's own
 * would start with none: the files before it signed up from the same address. The file running
 * beside it (two at a time) only sees its own counters lowered; the two files' sign-ups together
 * stay far below the limits (20 sign-ups an hour from one address).
 */
async function joinStack(address: StackAddress): Promise<Stack> {
  const redis = new Redis(address.redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', 'rl:*', 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  const pool = createPool(address.databaseUrl, 5);
  const db: TestDatabase = { name: address.databaseName, url: address.databaseUrl, pool, drop: () => pool.end() };
  // Freezing a service of the shared stack would stall every file after this one.
  const refuse = (): never => {
    throw new Error('the shared stack cannot be paused: start a stack of its own (startStack)');
  };
  return { url: address.url, outbox: address.outbox, db, redisUrl: address.redisUrl, address, stop: () => pool.end(), pause: refuse, resume: refuse };
}

export function launchChromium(): Promise<Browser> {
  // Every context counts its pages' requests, for `networkQuiet` (network-quiet.ts).
  return chromium
    .launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    })
    .then(trackRequests);
}

/**
 * A suite's stack and browser. The stack is the one the e2e project's global setup started on the
 * default settings (`shared-stack.global.ts`), shared by every file that calls this one, two at a
 * time (the project's two workers): each file signs its own users up, and the product keeps users
 * apart, so a file sees only what it made, whatever runs beside it. Starting three services per file was a
 * few seconds of a two-core machine each time. A file that needs other settings, or stops,
 * restarts or pauses services, starts its own (`startStack`). The browser is the file's own,
 * launched before its tests and closed after them. `assign` receives both once ready.
 */
export function withStack(assign: (started: { stack: Stack; browser: Browser }) => void): void {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    stack = await joinStack(inject('e2eSharedStack'));
    browser = await launchChromium();
    assign({ stack, browser });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
}
