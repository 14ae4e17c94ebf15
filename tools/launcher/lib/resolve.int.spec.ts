import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { portOpen, resolvePostgres, resolveRedis } from './index.mjs';

/** A port nothing listens on: bind to 0, read the port, close. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('launcher: resolving PostgreSQL and Redis', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('given DATABASE_URL, when resolving PostgreSQL, then it is used as is and nothing is started', async () => {
    const resolved = await resolvePostgres({ env: { DATABASE_URL: 'postgres://u@db.example:5432/budget' } });

    expect(resolved).toMatchObject({ source: 'env', url: 'postgres://u@db.example:5432/budget', adminUrl: 'postgres://u@db.example:5432/budget' });
  });

  it('given no DATABASE_URL and nothing on the probe port, then an embedded PostgreSQL starts, answers and stops', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'launcher-pg-'));
    await chmod(dir, 0o755); // run as root, the server runs as `postgres`, which must reach the folder
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const port = await freePort();

    const resolved = await resolvePostgres({ env: {}, probePort: await freePort(), embeddedPort: port, dataDir: join(dir, 'pg') });
    cleanups.push(() => resolved.stop());

    expect(resolved.source).toBe('embedded');
    const client = new pg.Client({ connectionString: resolved.url });
    await client.connect();
    const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db');
    await client.end();
    expect(rows[0]?.db).toBe('budget');
    await resolved.stop();
    expect(await portOpen(port)).toBe(false);
  });

  it('given no REDIS_URL and nothing on the probe port, then redis-server starts as a child, answers PING and stops', async () => {
    const ownPort = await freePort();
    const dataDir = await mkdtemp(join(tmpdir(), 'launcher-redis-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

    const resolved = await resolveRedis({ env: {}, probePort: await freePort(), ownPort, allowInstall: false, dataDir });
    cleanups.push(() => resolved.stop());

    expect(resolved).toMatchObject({ source: 'child', url: `redis://127.0.0.1:${ownPort}` });
    const redis = new Redis(resolved.url);
    expect(await redis.ping()).toBe('PONG');
    redis.disconnect();
    await resolved.stop();
    expect(await portOpen(ownPort)).toBe(false);
  });

  it('given the child redis-server stopped and started again, then what was written before is still there (append-only file)', async () => {
    const ownPort = await freePort();
    const probePort = await freePort();
    const dataDir = await mkdtemp(join(tmpdir(), 'launcher-redis-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const first = await resolveRedis({ env: {}, probePort, ownPort, allowInstall: false, dataDir });
    cleanups.push(() => first.stop());
    const writer = new Redis(first.url);
    await writer.set('queued-job', 'still here');
    writer.disconnect();
    await first.stop();

    const second = await resolveRedis({ env: {}, probePort, ownPort, allowInstall: false, dataDir });
    cleanups.push(() => second.stop());

    const reader = new Redis(second.url);
    expect(await reader.get('queued-job')).toBe('still here');
    reader.disconnect();
  });
});
