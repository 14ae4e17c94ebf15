import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { collect, expectStrictlyIncreasing, ids, newEvent, readAllAfter, uniqueStream, type ContractContext } from './fixtures.js';

/** How long the later append stays committed while the earlier one is held open. */
const HOLD_MS = 300;

export function orderingContract(ctx: ContractContext): void {
  test('an append that started first and commits last is never skipped: readers wait for it, then deliver both in order', async ({ skip }) => {
    const hold = ctx.holdAppend();
    if (!hold) return skip('this adapter cannot hold an append open');
    const store = ctx.store();
    const start = await store.headPosition();
    const subscriber = collect(store, start);
    const [first, second] = [newEvent('user-a', { started: 1 }), newEvent('user-a', { started: 2 })];
    try {
      const held = await hold(uniqueStream('budget'), [first], 'no_stream');
      let laterPosition = -1n;
      try {
        const later = await store.append(uniqueStream('budget'), [second], { expectedRevision: 'no_stream' });
        laterPosition = later.position;
        expect(later.position, 'the append that started first has the earlier position').toBeGreaterThan(held.result.position);

        // The later append is committed (and announced); the first is not. Nothing may pass it.
        // (Both reads wait a while for what is held back, in parallel: the hold stays short.)
        const [page, head] = await Promise.all([store.readAll({ after: start }), store.headPosition(), sleep(HOLD_MS)]);
        expect(ids(subscriber.events), 'the subscription delivered past an append in flight').toEqual([]);
        expect(ids(page), 'readAll returned past an append in flight').toEqual([]);
        expect(head, 'headPosition moved past an append in flight').toBe(start);
      } catch (error) {
        await held.rollback();
        throw error;
      }
      await held.commit();

      await subscriber.waitForCount(2);
      expect(ids(subscriber.events)).toEqual(ids([first, second]));
      expectStrictlyIncreasing(subscriber.events.map((e) => e.position));
      expect(ids(await readAllAfter(store, start))).toEqual(ids([first, second]));
      expect(await store.headPosition()).toBe(laterPosition);
    } finally {
      await subscriber.subscription.stop();
    }
  });
}
