import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BullMqMailSender, MAIL_JOB_NAME } from './bullmq-mail-sender.js';
import { MAIL_QUEUE_NAME } from './mail.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('BullMqMailSender (real Redis)', () => {
  const prefix = `test-${randomUUID()}`;
  const sender = new BullMqMailSender(redisUrl, { prefix });
  const queue = new Queue(MAIL_QUEUE_NAME, { connection: { url: redisUrl }, prefix });

  afterEach(async () => {
    await queue.obliterate({ force: true });
  });
  afterAll(async () => {
    await sender.close();
    await queue.close();
  });

  it('given a message, when sent, then one `mail` job waits with 5 attempts and exponential backoff', async () => {
    await sender.send({ to: 'ann@example.com', subject: 'Your code', text: 'Code: 1', idempotencyKey: 'otp:42' });

    const [job] = await queue.getJobs(['waiting']);
    expect(job?.name).toBe(MAIL_JOB_NAME);
    expect(job?.id).toBe('mail-otp_42');
    expect(job?.data).toEqual({ to: 'ann@example.com', subject: 'Your code', text: 'Code: 1' });
    expect(job?.opts.attempts).toBe(5);
    expect(job?.opts.backoff).toMatchObject({ type: 'exponential' });
  });

  it('given the same idempotency key twice, then only one job is queued', async () => {
    const message = { to: 'ann@example.com', subject: 's', text: 't', idempotencyKey: 'same' };

    await sender.send(message);
    await sender.send(message);

    expect(await queue.getJobCounts('waiting')).toEqual({ waiting: 1 });
  });
});
