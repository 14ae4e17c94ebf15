import { Redis } from 'ioredis';

const LOCK = 'budget:e2e:redis-db:';
const DATABASES = 15;

/** Whether a process of this machine is still running (the e2e stacks run on one machine). */
function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface RedisDb {
  url: string;
  release(): Promise<void>;
}

/**
 * A Redis database of its own for one stack (1–15, locked in database 0 while in use, emptied
 * when taken), so two stacks running at once do not take each other's queued jobs (a sign-up
 * mail sent by one stack must reach that stack's outbox) or share rate limits.
 */
export async function reserveRedisDb(baseUrl: string): Promise<RedisDb> {
  const client = new Redis(baseUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
  const owner = `${process.pid}-${Date.now()}`;
  try {
    for (let db = 1; db <= DATABASES; db++) {
      const key = `${LOCK}${db}`;
      let taken = (await client.set(key, owner, 'EX', 3600, 'NX')) === 'OK';
      // A stack whose process died without stopping leaves its lock behind: take it over.
      const holder = taken ? null : await client.get(key);
      if (holder !== null && !processAlive(Number(holder.split('-')[0]))) taken = (await client.set(key, owner, 'EX', 3600, 'XX')) === 'OK';
      if (!taken) continue;
      const url = `${baseUrl.replace(/\/\d*$/, '')}/${db}`;
      // Start clean: no jobs or rate-limit counters left by the stack that used it before.
      const fresh = new Redis(url, { maxRetriesPerRequest: 1 });
      await fresh.flushdb();
      fresh.disconnect();
      return {
        url,
        release: async () => {
          const releaser = new Redis(baseUrl, { maxRetriesPerRequest: 1 });
          if ((await releaser.get(`${LOCK}${db}`)) === owner) await releaser.del(`${LOCK}${db}`);
          releaser.disconnect();
        },
      };
    }
    throw new Error(`all ${DATABASES} Redis databases are taken by running e2e stacks`);
  } finally {
    client.disconnect();
  }
}
