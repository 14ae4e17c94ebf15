import { describe, expect, it } from 'vitest';
import { MAX_REPEATED_VALUES, transactionsByIds } from '@budget/contracts';
import { routeUrl } from '@budget/web';
import { chunksOf, IDS_PER_CALL, MAX_REQUEST_LINE, rowsInChunks } from './day-rows.js';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `id${i}`);
const requestLine = (t: string[]) => `GET ${routeUrl(transactionsByIds, { query: { t } })} HTTP/1.1`;

describe('a budget-progress day of any size asked for in chunks', () => {
  it('asks for no more ids a call than GET /transactions?t= takes, and a full chunk fits the request line our deployment takes (500 would not)', () => {
    expect(IDS_PER_CALL).toBeLessThanOrEqual(MAX_REPEATED_VALUES);
    const uuids = Array.from({ length: MAX_REPEATED_VALUES }, (_, i) => `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`);
    expect(requestLine(uuids.slice(0, IDS_PER_CALL)).length).toBeLessThan(MAX_REQUEST_LINE);
    expect(requestLine(uuids).length).toBeGreaterThan(16 * 1024);
  });

  it('cuts ids into runs of at most the size, in order', () => {
    expect(chunksOf(ids(1001), 500).map((c) => c.length)).toEqual([500, 500, 1]);
    expect(chunksOf(ids(1001), 500).flat()).toEqual(ids(1001));
    expect(chunksOf(ids(IDS_PER_CALL))).toHaveLength(1);
    expect(chunksOf(ids(IDS_PER_CALL + 1)).map((c) => c.length)).toEqual([IDS_PER_CALL, 1]);
    expect(chunksOf([])).toEqual([]);
    expect(() => chunksOf(ids(3), 0)).toThrow();
  });

  it('asks each chunk once, at most `parallel` at a time, and joins the rows in chunk order however the calls finish', async () => {
    const asked: string[][] = [];
    let running = 0;
    let most = 0;
    const rows = await rowsInChunks(ids(1201), async (chunk) => {
      asked.push(chunk);
      running += 1;
      most = Math.max(most, running);
      // The first chunk answers last.
      await new Promise((resolve) => setTimeout(resolve, chunk[0] === 'id0' ? 20 : 1));
      running -= 1;
      return chunk.map((id) => ({ id }));
    }, { size: 500, parallel: 2 });
    expect(asked.map((c) => c.length).sort()).toEqual([201, 500, 500]);
    expect(most).toBe(2);
    expect(rows.map((r) => r.id)).toEqual(ids(1201));
  });

  it('asks nothing for a day without ids, and fails whole when one call fails', async () => {
    let calls = 0;
    expect(await rowsInChunks([], async () => { calls += 1; return []; })).toEqual([]);
    expect(calls).toBe(0);
    await expect(rowsInChunks(ids(700), async (chunk) => {
      if (chunk.length < 500) throw new Error('422');
      return chunk;
    }, { size: 500 })).rejects.toThrow('422');
  });
});
