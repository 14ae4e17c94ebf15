import { afterAll, beforeAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { trackRequests } from './network-quiet.js';
import { reserveRedisDb } from './redis-db.js';
import { createTestDatabase, freePort, type TestDatabase } from '@budget/platform/testing';
// The launcher's own pieces: the services start exactly as `npm start` starts them.
import { serviceEnv, startServices, waitForHealth } from '../../../tools/launcher/lib/index.mjs';
// The same pieces for specs that start or restart services themselves (by name, one at a time).
export { SERVICES, serviceEnv, startServices, waitForHealth } from '../../../tools/launcher/lib/index.mjs';

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
  return { url, outbox, db, redisUrl: redis.url, stop, pause: (service) => signal(service, 'SIGSTOP'), resume: (service) => signal(service, 'SIGCONT') };
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
 * A suite's stack and browser: started before its tests, both stopped after them (the stack even
 * when the browser failed to start). `assign` receives them once started.
 */
export function withStack(assign: (started: { stack: Stack; browser: Browser }) => void): void {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchChromium();
    assign({ stack, browser });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
}
