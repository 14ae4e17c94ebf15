import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Pool } from '../../postgres/pool.js';
import { anonymousRow, IdempotencyStore, KEEP_FOR_HOURS, PURGE_EVERY_MS, requestHash, seal, unseal, userRow } from './idempotency.store.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('IdempotencyStore.schedulePurge', () => {
  test('it deletes expired keys every PURGE_EVERY_MS until the module is destroyed', async () => {
    vi.useFakeTimers();
    const sent: unknown[][] = [];
    const pool = { query: async (text: string, values: unknown[]) => (sent.push([text.replace(/\s+/g, ' '), values]), { rowCount: 0, rows: [] }) } as unknown as Pool;
    const store = new IdempotencyStore(pool);
    store.schedulePurge();
    await vi.advanceTimersByTimeAsync(PURGE_EVERY_MS * 2);
    expect(sent).toEqual([
      ['DELETE FROM http_idempotency WHERE started_at < now() - make_interval(hours => $1)', [KEEP_FOR_HOURS]],
      ['DELETE FROM http_idempotency WHERE started_at < now() - make_interval(hours => $1)', [KEEP_FOR_HOURS]],
    ]);
    store.onModuleDestroy();
    await vi.advanceTimersByTimeAsync(PURGE_EVERY_MS * 2);
    expect(sent).toHaveLength(2);
  });
});

describe('sealed answers', () => {
  const hash = requestHash('POST', '/api/v1/login', { username: 'a', password: 'b' });

  test('an answer opens with the key it was sealed with, and with no other', () => {
    const row = anonymousRow('key-1', hash);
    const sealed = seal(row.sealKey, { refresh: 'secret' });
    expect(sealed).not.toContain('secret');
    expect(unseal(row.sealKey, sealed)).toEqual({ refresh: 'secret' });
    expect(() => unseal(anonymousRow('key-2', hash).sealKey, sealed)).toThrow();
    expect(() => unseal(userRow('alice', 'key-1', hash).sealKey, sealed)).toThrow();
  });

  test('rows never hold the key: a signed-in row by a hash of it, an anonymous one by a hash of key and request', () => {
    expect(userRow('alice', 'key-1', hash).key).not.toContain('key-1');
    expect(anonymousRow('key-1', hash).key).not.toBe(anonymousRow('key-1', requestHash('POST', '/api/v1/login', {})).key);
    expect(anonymousRow('key-1', hash).userId).toBe('');
  });
});
