import { afterAll, beforeAll, expect, test } from 'vitest';
import { PostgresEventStore } from '@budget/platform';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
let db: TestDatabase; let store: PostgresEventStore;
beforeAll(async () => { db = await createTestDatabase('smoke'); store = await PostgresEventStore.create(db.pool, db.url); });
afterAll(async () => { await store.close(); await db.drop(); });
test('append/read', async () => {
  const meta = { userId: 'u1', correlationId: 'c', causationId: null, recordedAt: new Date().toISOString(), actor: 'user' as const };
  const r = await store.append('s-1', [{ id: crypto.randomUUID(), type: 'A', data: { x: 1 }, metadata: meta }], { expectedRevision: 'no_stream' });
  expect(r.nextRevision).toBe(0);
  expect((await store.readStream('s-1'))[0]?.data).toEqual({ x: 1 });
});
