import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migrate } from '@budget/platform';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { identityMigrations } from '../persistence/identity.migrations.js';
import { PushSubscriptionsRepository } from './push-subscriptions.repository.js';
import { WebPushSender } from './web-push-sender.js';

let db: TestDatabase;
let inside: Server;
let port = 0;
let connections = 0;

beforeAll(async () => {
  db = await createTestDatabase('push_ssrf');
  await migrate(db.pool, identityMigrations);
  // A service on this machine that a registered "endpoint" would like the worker to reach.
  inside = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
  const address = inside.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await new Promise((resolve) => inside?.close(resolve));
  await db?.drop();
});

const keys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};

test('a push never connects to a loopback or private address, by literal or by name: the endpoint is dropped instead', async () => {
  const userId = randomUUID();
  await db.pool.query(
    `INSERT INTO identity_users (id, username, email, password_hash, roles, created_at, updated_at) VALUES ($1, 'ssrf', 'ssrf@example.com', 'x', '[]', now(), now())`,
    [userId],
  );
  const repository = new PushSubscriptionsRepository();
  for (const endpoint of [`https://127.0.0.1:${port}/send/a`, `https://localhost:${port}/send/b`, `https://[::ffff:127.0.0.1]:${port}/send/c`]) {
    expect(await repository.upsert(db.pool, userId, { endpoint, keys: keys() }, new Date())).toBe(true);
  }
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:push@budget.local' };
  // No test agent: the production path, which checks every address it connects to.
  const outcome = await new WebPushSender(db.pool, vapid, { timeoutMs: 5_000 }).send({ userId, kind: 'relink' } as never);
  expect(outcome).toEqual({ sent: 0, removed: 3, failed: 0 });
  expect(connections).toBe(0);
  expect(await repository.byUser(db.pool, userId)).toEqual([]);
});
