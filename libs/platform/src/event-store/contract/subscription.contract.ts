import { expect, test } from 'vitest';
import { collect, ids, newEvent, uniqueStream, type ContractContext } from './fixtures.js';

export function subscriptionContract(ctx: ContractContext): void {
  test('a subscriber started after N events from the position of event k gets k+1..N, then live events', async () => {
    const store = ctx.store();
    const stream = uniqueStream('account');
    const stored = Array.from({ length: 8 }, (_, i) => newEvent('user-a', { i }));
    const positions: bigint[] = [];
    for (const event of stored) positions.push((await store.append(stream, [event], { expectedRevision: 'any' })).position);
    const k = 3;

    const subscriber = collect(store, positions[k - 1]!);
    await subscriber.waitForCount(stored.length - k);
    const live = [newEvent('user-a'), newEvent('user-a')];
    for (const event of live) await store.append(uniqueStream('budget'), [event], { expectedRevision: 'no_stream' });
    await subscriber.waitForCount(stored.length - k + live.length);
    await subscriber.subscription.stop();

    expect(ids(subscriber.events)).toEqual(ids([...stored.slice(k), ...live]));
  });

  test('a handler that throws ends the subscription: done rejects with its error', async () => {
    const store = ctx.store();
    const after = await store.headPosition();
    await store.append(uniqueStream('budget'), [newEvent('user-a')], { expectedRevision: 'no_stream' });

    const subscription = store.subscribeAll(after, async () => {
      throw new Error('projection failed');
    });

    await expect(subscription.done).rejects.toThrow('projection failed');
    await subscription.stop();
  });
}
