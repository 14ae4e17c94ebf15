import { Redis } from 'ioredis';
import { migrate } from '../postgres/migrate.js';
import { jobOutboxMigrations } from '../queue/job-outbox.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` every 20 ms until it holds; throws after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/**
 * What a Redis restart without persistence does to one deployment: every key under its queue
 * prefix is gone. (The Redis server is shared by parallel tests, so no FLUSHDB.)
 */
export async function loseRedisData(redis: Redis, prefix: string): Promise<void> {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
}

export interface JobOutboxTestEnv {
  db: TestDatabase;
  redis: Redis;
  redisUrl: string;
  close(): Promise<void>;
}

/** A fresh database with the job outbox, and a client of the real Redis (`REDIS_URL`). */
export async function startJobOutboxTestEnv(label: string): Promise<JobOutboxTestEnv> {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const db = await createTestDatabase(label);
  await migrate(db.pool, jobOutboxMigrations);
  const redis = new Redis(redisUrl);
  return {
    db,
    redis,
    redisUrl,
    async close() {
      redis.disconnect();
      await db.drop();
    },
  };
}
