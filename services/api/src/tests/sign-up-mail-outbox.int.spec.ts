import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { codeIn, GOOD_PASSWORD, newIdentity, TestHttp } from '@budget/identity/testing';
import {
  loadConfig, OutboxMailTransport, OutboxRelay, outboxProcessor, waitForMailTo, type MailJobData,
} from '@budget/platform';
import { createTestDatabase, loseRedisData, sleep, type TestDatabase } from '@budget/platform/testing';
import { createApp } from '../create-app.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The API as `main.ts` builds it, with its own mail sender (the job outbox): a sign-up stores its
 * code mail in its own transaction, so the mail survives a worker that is down and a Redis that
 * loses everything; the worker's parts (relay, outbox-aware consumer, outbox-folder transport)
 * then deliver it once, and its code signs the user in.
 */
describe('sign-up mail through the job outbox (real API, PostgreSQL, Redis)', () => {
  let db: TestDatabase;
  let app: NestFastifyApplication;
  let http: TestHttp;
  let redis: Redis;
  let outbox: string;
  const prefix = `test-signup-outbox-${randomUUID()}`;

  beforeAll(async () => {
    db = await createTestDatabase('signupmail');
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, REDIS_URL: redisUrl, QUEUE_PREFIX: prefix, JWT_SECRET: 'outbox-tests-secret-0123456789-abcdefghijk' });
    app = await createApp({ config, pool: db.pool, rateLimitKeyPrefix: `rl:outbox:${randomBytes(6).toString('hex')}:`, logger: false, responseCheck: 'fail' });
    http = new TestHttp(app);
    redis = new Redis(redisUrl);
    outbox = await mkdtemp(join(tmpdir(), 'signup-outbox-'));
  });
  afterAll(async () => {
    const keys = [...(await redis.keys(`${prefix}:*`)), ...(await redis.keys('rl:outbox:*'))];
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await app.close();
    await db.drop();
    await rm(outbox, { recursive: true, force: true });
  });

  test('worker down → sign-up → Redis loses everything → worker up: the code mail arrives once and its code verifies', async () => {
    const { username, email } = newIdentity('outbox');

    const registered = await http.post('register', { username, email, password: GOOD_PASSWORD, passwordConfirmation: GOOD_PASSWORD });
    expect(registered.status).toBe(200);
    const { rows } = await db.pool.query<{ queue: string; relayed_at: Date | null; to: string }>(
      `SELECT queue, relayed_at, data->>'to' AS to FROM job_outbox WHERE data->>'to' = $1`,
      [email],
    );
    expect(rows).toEqual([{ queue: 'mail', relayed_at: null, to: email }]);

    await loseRedisData(redis, prefix);
    const transport = new OutboxMailTransport(outbox, 'Budget <no-reply@budget.local>', quiet);
    const worker = new Worker<MailJobData>('mail', outboxProcessor(db.pool, (job: Job<MailJobData>) => transport.deliver(job.data)), {
      connection: { url: redisUrl, maxRetriesPerRequest: null },
      prefix,
    });
    const relay = new OutboxRelay({ pool: db.pool, databaseUrl: db.url, redisUrl, prefix, logger: quiet });
    try {
      await relay.start();
      const mail = await waitForMailTo(outbox, email, { timeoutMs: 10_000 });
      await relay.relayPass(true);
      await sleep(300);
      expect(mail.subject).toBe('Welcome!');
      expect((await readdir(outbox)).filter((name) => name.endsWith(`-${email.toLowerCase()}.txt`))).toHaveLength(1);

      const verified = await http.post('code-verify', { email, code: codeIn(mail.text) });
      expect(verified.status).toBe(200);
    } finally {
      await relay.stop();
      await worker.close();
    }
  });

  test('a sign-up refused (name taken) leaves no mail in the outbox', async () => {
    const { username, email } = newIdentity('outboxtaken');
    expect((await http.post('register', { username, email, password: GOOD_PASSWORD, passwordConfirmation: GOOD_PASSWORD })).status).toBe(200);
    const other = `${randomUUID().slice(0, 8)}@example.test`;

    const refused = await http.post('register', { username, email: other, password: GOOD_PASSWORD, passwordConfirmation: GOOD_PASSWORD });

    expect(refused.status).toBe(422);
    const { rows } = await db.pool.query(`SELECT 1 FROM job_outbox WHERE data->>'to' = $1`, [other]);
    expect(rows).toHaveLength(0);
  });
});
