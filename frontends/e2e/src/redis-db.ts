import { Redis } from 'ioredis';

const LOCK = 'budget:e2e:redis-db:';
const DATABASES = 15;

export interface RedisDb {
  url: string;
  release(): Promise<void>;
}

/**
 * A Redis database of its own for one stack (1–15, locked in database 0 while in use), so two
 * stacks running at once do not take each other's queued jobs (a sign-up mail sent by one stack
 * must reach that stack's outbox) or share rate limits.
 */
export async function reserveRedisDb(baseUrl: string): Promise<RedisDb> {
  const client = new Redis(baseUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
  const owner = `${process.pid}-${Date.now()}`;
  try {
    for (let db = 1; db <= DATABASES; db++) {
      if ((await client.set(`${LOCK}${db}`, owner, 'EX', 3600, 'NX')) !== 'OK') continue;
      const url = `${baseUrl.replace(/\/\d*$/, '')}/${db}`;
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
