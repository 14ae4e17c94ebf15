import { randomUUID } from 'node:crypto';
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { loseRedisData, sleep, startJobOutboxTestEnv, until, type JobOutboxTestEnv } from '../testing/job-outbox-fixture.js';
import { defaultQueuePrefix, loadConfig } from '../config.js';
import { migrate } from '../postgres/migrate.js';
import { withTransaction } from '../postgres/pool.js';
import { cancelOutboxJob, enqueueInTransaction, jobOutboxMigrations, outboxProcessor } from './job-outbox.js';
import { OutboxRelay } from './outbox-relay.js';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

interface Row {
  id: string;
  relayed_at: Date | null;
  relay_count: number;
  finished_at: Date | null;
  outcome: string | null;
  data: unknown;
}

describe('job outbox (real PostgreSQL and Redis)', () => {
  let env: JobOutboxTestEnv;
  let db: TestDatabase;
  let redis: Redis;
  let redisUrl: string;
  let prefix: string;
  const closers: (() => Promise<unknown>)[] = [];

  const row = async (id: string): Promise<Row | undefined> =>
    (await db.pool.query<Row>('SELECT id, relayed_at, relay_count, finished_at, outcome, data FROM job_outbox WHERE id = $1', [id])).rows[0];
  const relay = (options: { reRelayAfterMs?: number; prefix?: string } = {}) => {
    const r = new OutboxRelay({ pool: db.pool, databaseUrl: db.url, redisUrl, prefix: options.prefix ?? prefix, pollMs: 50, logger: quiet, ...options });
    closers.push(() => r.stop());
    return r;
  };
  const queue = (name: string, queuePrefix = prefix) => {
    const q = new Queue(name, { connection: { url: redisUrl }, prefix: queuePrefix });
    closers.push(() => q.close());
    return q;
  };
  /** A consumer as the worker runs one: every job it handled, by id, in order. */
  const consume = (name: string, handled: string[], queuePrefix = prefix) => {
    const worker = new Worker(
      name,
      outboxProcessor(db.pool, async (job: Job) => void handled.push(`${job.id}:${JSON.stringify(job.data)}`)),
      { connection: { url: redisUrl, maxRetriesPerRequest: null }, prefix: queuePrefix },
    );
    closers.push(() => worker.close());
    return worker;
  };

  beforeAll(async () => {
    env = await startJobOutboxTestEnv('outbox');
    ({ db, redis, redisUrl } = env);
  });
  afterAll(async () => {
    await env.close();
  });
  beforeEach(async () => {
    prefix = `test-outbox-${randomUUID()}`;
    await db.pool.query('TRUNCATE job_outbox');
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await loseRedisData(redis, prefix);
  });

  it('given a job recorded in a transaction that rolls back, then nothing is stored or relayed; committed, it reaches its queue', async () => {
    await withTransaction(db.pool, async (client) => {
      await enqueueInTransaction(client, { queue: 'mail', name: 'deliver', data: { n: 1 }, jobId: 'rolled-back' });
      throw new Error('the write failed');
    }).catch(() => undefined);
    const id = await withTransaction(db.pool, (client) => enqueueInTransaction(client, { queue: 'mail', name: 'deliver', data: { n: 2 }, jobId: 'committed' }));

    await relay().relayPass(true);

    expect(await row('rolled-back')).toBeUndefined();
    const jobs = await queue('mail').getJobs(['waiting']);
    expect(jobs.map((job) => [job.id, job.name, job.data])).toEqual([[id, 'deliver', { n: 2 }]]);
    expect((await row(id))?.relayed_at).not.toBeNull();
  });

  it('given a running relay, when a write commits a job, then the NOTIFY brings it to the queue at once', async () => {
    const r = relay();
    await r.start();
    const mail = queue('mail');

    const id = await enqueueInTransaction(db.pool, { queue: 'mail', name: 'deliver', data: { n: 3 } });

    await until(async () => (await mail.getJob(id)) !== undefined, 2_000);
  });

  it('given the same row relayed twice and by two relays at once, then its job runs once and the row is finished with its payload cleared', async () => {
    const id = await enqueueInTransaction(db.pool, { queue: 'mail', name: 'deliver', data: { code: 'AB12-CD34' }, jobId: 'twice' });
    // Two at once (the second may see the row just marked by the first and leave it), then two more.
    await Promise.all([relay().relayPass(true), relay().relayPass(true)]);
    await relay().relayPass(true);
    await relay().relayPass(true);
    expect((await row(id))?.relay_count).toBeGreaterThanOrEqual(3);

    const handled: string[] = [];
    consume('mail', handled);

    await until(async () => (await row(id))?.finished_at !== null);
    await sleep(200);
    expect(handled).toEqual(['twice:{"code":"AB12-CD34"}']);
    expect(await row(id)).toMatchObject({ outcome: 'completed', data: null });
  });

  it('given a relay that stops between the commit and the relay, then the next relay to start relays the row', async () => {
    const id = await withTransaction(db.pool, (client) => enqueueInTransaction(client, { queue: 'sync', name: 'sync-item', data: { itemId: 'item-1' } }));
    expect((await row(id))?.relayed_at).toBeNull();

    const handled: string[] = [];
    consume('sync', handled);
    await relay().start();

    await until(() => handled.length === 1);
    expect(handled).toEqual([`${id}:{"itemId":"item-1"}`]);
  });

  it('given a relayed sync job that Redis lost before any worker took it, then it is relayed again and runs once', async () => {
    const id = await enqueueInTransaction(db.pool, { queue: 'sync', name: 'sync-item', data: { itemId: 'item-2' } });
    await relay().relayPass();
    expect(await queue('sync').getJob(id)).toBeDefined();

    await loseRedisData(redis, prefix);
    expect(await queue('sync').getJob(id)).toBeUndefined();
    const handled: string[] = [];
    consume('sync', handled);
    const later = relay({ reRelayAfterMs: 0 });
    await later.relayPass();

    await until(() => handled.length === 1);
    await later.relayPass();
    await sleep(300);
    expect(handled).toEqual([`${id}:{"itemId":"item-2"}`]);
  });

  it('given a finished job whose copy comes back to the queue, then the worker skips it', async () => {
    const id = await enqueueInTransaction(db.pool, { queue: 'mail', name: 'deliver', data: { n: 4 } });
    await relay().relayPass();
    const handled: string[] = [];
    consume('mail', handled);
    await until(async () => (await row(id))?.finished_at !== null);

    // Redis lost the completed job and a copy was added again (an old relay's late add).
    await loseRedisData(redis, prefix);
    await queue('mail').add('deliver', { n: 4 }, { jobId: id });
    await until(async () => (await queue('mail').getJob(id))?.finishedOn !== undefined);

    expect(handled).toEqual([`${id}:{"n":4}`]);
  });

  it('given a job withdrawn by its write\'s undo (cancelled), then it is not relayed, and a copy already queued is skipped', async () => {
    const kept = await enqueueInTransaction(db.pool, { queue: 'mail', name: 'deliver', data: { n: 5 } });
    const queued = await enqueueInTransaction(db.pool, { queue: 'mail', name: 'deliver', data: { n: 6 } });
    await relay().relayPass();
    await cancelOutboxJob(db.pool, queued);
    const later = await enqueueInTransaction(db.pool, { queue: 'mail', name: 'deliver', data: { n: 7 } });
    await cancelOutboxJob(db.pool, later);

    const handled: string[] = [];
    consume('mail', handled);
    await relay({ reRelayAfterMs: 0 }).relayPass(true);
    await until(async () => (await queue('mail').getJob(queued))?.finishedOn !== undefined);
    await sleep(200);

    expect(handled).toEqual([`${kept}:{"n":5}`]);
    expect(await queue('mail').getJob(later)).toBeUndefined();
    expect(await row(queued)).toMatchObject({ outcome: 'cancelled', data: null });
  });

  it('given sync jobs with one deduplication id relayed while the first waits, then one runs and the others are finished as deduplicated for good', async () => {
    const opts = { deduplication: { id: 'item-9' } };
    const first = await enqueueInTransaction(db.pool, { queue: 'sync', name: 'sync-item', data: { webhook: 1 }, opts });
    await relay().relayPass();
    const burst = await Promise.all([2, 3, 4].map((webhook) => enqueueInTransaction(db.pool, { queue: 'sync', name: 'sync-item', data: { webhook }, opts })));
    await relay().relayPass();

    expect((await Promise.all(burst.map(row))).map((r) => r?.outcome)).toEqual(['deduplicated', 'deduplicated', 'deduplicated']);
    const handled: string[] = [];
    consume('sync', handled);
    await until(() => handled.length === 1);
    await relay({ reRelayAfterMs: 0 }).relayPass(true);
    await sleep(300);
    expect(handled).toEqual([`${first}:{"webhook":1}`]);
  });

  it('given two deployments on one Redis with the default prefixes of their databases, then each worker takes only its own jobs', async () => {
    const other = await createTestDatabase('outbox2');
    closers.push(() => other.drop());
    await migrate(other.pool, jobOutboxMigrations);
    const mine = loadConfig({ DATABASE_URL: db.url }).queuePrefix;
    const theirs = loadConfig({ DATABASE_URL: other.url }).queuePrefix;
    expect(mine).toBe(`budget:${db.name}`);
    expect(theirs).not.toBe(mine);
    closers.push(() => loseRedisData(redis, mine), () => loseRedisData(redis, theirs));

    const mineHandled: string[] = [];
    const theirsHandled: string[] = [];
    consume('mail', mineHandled, mine);
    const theirWorker = new Worker('mail', outboxProcessor(other.pool, async (job: Job) => void theirsHandled.push(String(job.id))), {
      connection: { url: redisUrl, maxRetriesPerRequest: null },
      prefix: theirs,
    });
    closers.push(() => theirWorker.close());
    const theirRelay = new OutboxRelay({ pool: other.pool, databaseUrl: other.url, redisUrl, prefix: theirs, logger: quiet });
    closers.push(() => theirRelay.stop());

    const a = await Promise.all([1, 2, 3].map((n) => enqueueInTransaction(db.pool, { queue: 'mail', name: 'deliver', data: { n } })));
    const b = await Promise.all([1, 2, 3].map((n) => enqueueInTransaction(other.pool, { queue: 'mail', name: 'deliver', data: { n } })));
    await relay({ prefix: mine }).relayPass();
    await theirRelay.relayPass();

    await until(() => mineHandled.length === 3 && theirsHandled.length === 3);
    await sleep(200);
    expect(mineHandled.map((h) => h.split(':')[0]).sort()).toEqual([...a].sort());
    expect([...theirsHandled].sort()).toEqual([...b].sort());
  });
});

describe('defaultQueuePrefix', () => {
  it('is budget:<database name>', () => {
    expect(defaultQueuePrefix('postgres://postgres@127.0.0.1:5432/budget_prod')).toBe('budget:budget_prod');
    expect(defaultQueuePrefix('postgres://postgres@127.0.0.1:5432')).toBe('budget:postgres');
    expect(loadConfig({ QUEUE_PREFIX: 'acme' }).queuePrefix).toBe('acme');
  });
});
