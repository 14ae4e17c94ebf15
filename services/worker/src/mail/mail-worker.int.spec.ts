import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BullMqMailSender,
  loadConfig,
  MAIL_QUEUE_NAME,
  SmtpMailTransport,
  waitForMailTo,
  type MailMessage,
  type SmtpRelay,
} from '@budget/platform';
import { createTestDatabase, sleep, until, type TestDatabase } from '@budget/platform/testing';
import { WorkerModule, type WorkerModuleOptions } from '../worker.module.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = { log: () => undefined };

describe('mail worker (real Redis, unique queue prefix per test)', () => {
  let db: TestDatabase;
  let prefix: string;
  let outbox: string;
  let sender: BullMqMailSender;
  let queue: Queue;
  let app: INestApplicationContext | undefined;

  const startWorker = async (options: Omit<WorkerModuleOptions, 'config' | 'queuePrefix'> = {}) => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, REDIS_URL: redisUrl, MAIL_OUTBOX_DIR: outbox });
    app = await NestFactory.createApplicationContext(WorkerModule.forRoot({ config, queuePrefix: prefix, pool: db.pool, ...options }), { logger: false });
    return app;
  };

  beforeAll(async () => {
    db = await createTestDatabase('worker');
  });
  afterAll(async () => {
    await db.drop();
  });

  beforeEach(async () => {
    prefix = `test-${randomUUID()}`;
    outbox = await mkdtemp(join(tmpdir(), 'worker-outbox-'));
    sender = new BullMqMailSender(redisUrl, { prefix, backoffDelayMs: 50 });
    queue = new Queue(MAIL_QUEUE_NAME, { connection: { url: redisUrl }, prefix });
  });

  afterEach(async () => {
    await app?.close();
    app = undefined;
    await sender.close();
    await queue.obliterate({ force: true });
    await queue.close();
    await rm(outbox, { recursive: true, force: true });
  });

  it('given no SMTP_URL, when a mail is sent through BullMqMailSender, then it lands in the outbox folder', async () => {
    await startWorker();

    await sender.send({ to: 'ann@example.com', subject: 'Your sign-in code', text: 'Your code is 424242' });

    const mail = await waitForMailTo(outbox, 'ann@example.com', { timeoutMs: 10_000 });
    expect(mail).toEqual({ to: 'ann@example.com', subject: 'Your sign-in code', text: 'Your code is 424242' });
  });

  it('given an SMTP relay that fails twice, when a mail is sent, then it is retried with backoff and delivered once', async () => {
    let calls = 0;
    const delivered: unknown[] = [];
    const relay: SmtpRelay = {
      sendMail: async (mail) => {
        calls += 1;
        if (calls <= 2) throw new Error('421 relay busy, try later');
        delivered.push(mail);
      },
    };
    await startWorker({ transport: new SmtpMailTransport(relay, 'Budget <no-reply@budget.local>', quiet) });

    await sender.send({ to: 'ann@example.com', subject: 'Code', text: '1', idempotencyKey: 'retry-case' });

    await until(async () => (await queue.getJob('mail-retry-case'))?.finishedOn !== undefined);
    await sleep(300);
    const job = await queue.getJob('mail-retry-case');
    expect(await job?.getState()).toBe('completed');
    expect(job?.attemptsMade).toBe(3);
    expect(calls).toBe(3);
    expect(delivered).toHaveLength(1);
  });

  it('given a delivery in progress, when the worker shuts down, then it waits for that job to finish', async () => {
    const events: string[] = [];
    const relay: SmtpRelay = {
      sendMail: async () => {
        events.push('delivery started');
        await sleep(700);
        events.push('delivery finished');
      },
    };
    const worker = await startWorker({ transport: new SmtpMailTransport(relay, 'a@b.c', quiet) });
    await sender.send({ to: 'ann@example.com', subject: 'Slow', text: '1', idempotencyKey: 'slow' } satisfies MailMessage);
    await until(() => events.includes('delivery started'));

    await worker.close();
    events.push('worker closed');
    app = undefined;

    expect(events).toEqual(['delivery started', 'delivery finished', 'worker closed']);
    expect(await (await queue.getJob('mail-slow'))?.getState()).toBe('completed');
  });
});
