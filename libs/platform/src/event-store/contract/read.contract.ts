import { expect, test } from 'vitest';
import { expectStrictlyIncreasing, ids, newEvent, uniqueStream, type ContractContext } from './fixtures.js';

export function readContract(ctx: ContractContext): void {
  test('readAll returns events in global order; after is exclusive and limit caps the page', async () => {
    const store = ctx.store();
    const start = await store.headPosition();
    const streams = [uniqueStream('budget'), uniqueStream('account'), uniqueStream('rules')];
    const events = Array.from({ length: 6 }, (_, i) => newEvent('user-a', { i }));
    const positions: bigint[] = [];
    for (const [i, event] of events.entries()) {
      const result = await store.append(streams[i % 3]!, [event], { expectedRevision: 'any' });
      positions.push(result.position);
    }

    const all = await store.readAll({ after: start });
    expect(ids(all)).toEqual(ids(events));
    expect(all.map((e) => e.position)).toEqual(positions);
    expectStrictlyIncreasing(positions);
    expect(ids(await store.readAll({ after: positions[1]! }))).toEqual(ids(events.slice(2)));
    expect(ids(await store.readAll({ after: start, limit: 2 }))).toEqual(ids(events.slice(0, 2)));
    expect(ids(await store.readAll({ after: positions[2]!, limit: 2 }))).toEqual(ids(events.slice(3, 5)));
    expect(await store.readAll({ after: positions[5]! })).toEqual([]);
    expect(await store.headPosition()).toBe(positions[5]);
  });

  test('readStream of a stream never written is empty', async () => {
    expect(await ctx.store().readStream(uniqueStream('missing'))).toEqual([]);
  });
}
