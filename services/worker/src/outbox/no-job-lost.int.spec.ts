import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  loadConfig, JobOutboxMailSender, OutboxRelay, waitForMailTo, withTransaction,
} from '@budget/platform';
import { loseRedisData, sleep, startJobOutboxTestEnv, type JobOutboxTestEnv, type TestDatabase } from '@budget/platform/testing';
import { WorkerModule } from '../worker.module.js';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The fault: a sign-up's code mail must arrive though the worker was down and Redis lost
 * everything meanwhile (`loseRedisData`: every key of this test's queue prefix deleted).
 */
describe('no mail lost (job outbox → relay → mail worker; real PostgreSQL and Redis)', () => {
  let env: JobOutboxTestEnv;
  let db: TestDatabase;
  let redis: Redis;
  let redisUrl: string;
  let prefix: string;
  let outbox: string;
  let worker: INestApplicationContext | undefined;
  const sender = () => new JobOutboxMailSender(db.pool, { backoffDelayMs: 50 });

  const startWorker = async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, REDIS_URL: redisUrl, MAIL_OUTBOX_DIR: outbox });
    worker = await NestFactory.createApplicationContext(
      WorkerModule.forRoot({ config, queuePrefix: prefix, pool: db.pool, relay: { pollMs: 100 } }),
      { logger: false },
    );
  };
  const stopWorker = async () => {
    await worker?.close();
    worker = undefined;
  };
  const mailsTo = async (email: string) => (await readdir(outbox)).filter((name) => name.endsWith(`-${email.toLowerCase()}.txt`));
  /** The sign-up's write: its row and its code mail in one transaction (as NewAccounts does). */
  const signUpWrite = (email: string, code: string) =>
    withTransaction(db.pool, (client) => sender().send({ to: email, subject: 'Welcome!', text: `Your code is: ${code}`, idempotencyKey: `welcome-${email}` }, client));

  beforeAll(async () => {
    env = await startJobOutboxTestEnv('nojoblost');
    ({ db, redis, redisUrl } = env);
  });
  afterAll(async () => {
    await env.close();
  });
  beforeEach(async () => {
    prefix = `test-nojoblost-${randomUUID()}`;
    outbox = await mkdtemp(join(tmpdir(), 'nojoblost-outbox-'));
  });
  afterEach(async () => {
    await stopWorker();
    await loseRedisData(redis, prefix);
    await rm(outbox, { recursive: true, force: true });
  });

  it('given the worker down, when a sign-up commits, Redis loses its data and the worker starts, then the code mail arrives exactly once', async () => {
    const email = `ann-${randomUUID().slice(0, 8)}@example.test`;

    await signUpWrite(email, 'AB12-CD34');
    await loseRedisData(redis, prefix);
    await startWorker();

    const mail = await waitForMailTo(outbox, email, { timeoutMs: 10_000 });
    expect(mail.text).toBe('Your code is: AB12-CD34');
    await sleep(500);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('given a mail relayed to Redis while no worker ran, when Redis loses it and the worker starts, then it arrives exactly once', async () => {
    const email = `bob-${randomUUID().slice(0, 8)}@example.test`;
    await signUpWrite(email, 'EF56-GH78');
    // Relayed by a relay of its own (another worker process, since gone) before Redis lost it.
    const earlier = new OutboxRelay({ pool: db.pool, databaseUrl: db.url, redisUrl, prefix, logger: quiet });
    expect(await earlier.relayPass()).toBe(1);
    await earlier.stop();

    await loseRedisData(redis, prefix);
    await startWorker();

    await waitForMailTo(outbox, email, { timeoutMs: 10_000 });
    await sleep(500);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('given a running worker, when the same outbox row is relayed again and again, then the mail is delivered once', async () => {
    await startWorker();
    const email = `cy-${randomUUID().slice(0, 8)}@example.test`;
    const extra = [1, 2, 3].map(() => new OutboxRelay({ pool: db.pool, databaseUrl: db.url, redisUrl, prefix, logger: quiet }));

    await signUpWrite(email, 'IJ90-KL12');
    await Promise.all(extra.map((relay) => relay.relayPass(true)));
    await waitForMailTo(outbox, email, { timeoutMs: 10_000 });
    await Promise.all(extra.map((relay) => relay.relayPass(true)));

    await sleep(500);
    await Promise.all(extra.map((relay) => relay.stop()));
    expect(await mailsTo(email)).toHaveLength(1);
    const { rows } = await db.pool.query<{ outcome: string; data: unknown }>(`SELECT outcome, data FROM job_outbox WHERE id = $1`, [`mail-welcome-${email}`]);
    expect(rows).toEqual([{ outcome: 'completed', data: null }]);
  });

  it('given a sign-up that rolls back, then no mail is ever sent', async () => {
    await startWorker();
    const email = `dee-${randomUUID().slice(0, 8)}@example.test`;

    await withTransaction(db.pool, async (client) => {
      await sender().send({ to: email, subject: 'Welcome!', text: 'Your code is: MN34-OP56' }, client);
      throw new Error('the user row could not be stored');
    }).catch(() => undefined);

    await sleep(700);
    expect(await mailsTo(email)).toHaveLength(0);
  });
});
