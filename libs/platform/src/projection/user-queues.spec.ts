import { describe, expect, test } from 'vitest';
import { UserQueues, type UserBatch } from './user-queues.js';

interface Item {
  position: bigint;
  user: string;
}

const item = (position: number, user: string): Item => ({ position: BigInt(position), user });
const queues = (capacity = 100, start = 0n) => new UserQueues<Item>(capacity, start, (i) => i.user);
const positions = (batch: UserBatch<Item> | null) => batch?.items.map((i) => Number(i.position));

/** Lets every pending promise callback run. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

async function pushAll(target: UserQueues<Item>, items: Item[]): Promise<void> {
  for (const i of items) await target.push(i);
}

describe('UserQueues', () => {
  test('given one user, take hands out at most max of its events, in log order', async () => {
    const q = queues();
    await pushAll(q, [item(1, 'a'), item(2, 'a'), item(3, 'a')]);
    const first = await q.take(2);
    expect(first?.userId).toBe('a');
    expect(positions(first)).toEqual([1, 2]);
    q.complete(first!);
    expect(positions(await q.take(2))).toEqual([3]);
  });

  test('given a user held by one worker, another worker gets the next user, never the same one', async () => {
    const q = queues();
    await pushAll(q, [item(1, 'a'), item(2, 'a'), item(3, 'b')]);
    const one = await q.take(1);
    const two = await q.take(1);
    expect([one?.userId, two?.userId]).toEqual(['a', 'b']);
    let third: UserBatch<Item> | null = null;
    void q.take(1).then((b) => (third = b));
    await tick();
    expect(third).toBeNull();
    q.complete(one!);
    await tick();
    expect(positions(third)).toEqual([2]);
  });

  test('given several ready users, they take turns (round-robin) once the oldest event is in flight', async () => {
    const q = queues();
    await pushAll(q, [item(1, 'a'), item(2, 'a'), item(3, 'a'), item(4, 'b'), item(5, 'c'), item(6, 'b')]);
    const a = await q.take(1);
    const order: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const batch = await q.take(1);
      order.push(batch!.userId);
      q.complete(batch!);
    }
    // a's first event is in flight; b and c take turns; a waits for its worker.
    expect(order).toEqual(['b', 'c', 'b']);
    q.complete(a!);
  });

  test('given the user that holds the low-water mark back is ready, it goes before its turn', async () => {
    const q = queues();
    await pushAll(q, [item(1, 'a'), item(2, 'a'), item(3, 'b'), item(4, 'c')]);
    const a = await q.take(1);
    const b = await q.take(1);
    q.complete(a!);
    // Turn order would be c, then a; but a's event 2 is the oldest not committed.
    expect((await q.take(1))?.userId).toBe('a');
    q.complete(b!);
  });

  test('the low-water mark moves only over events committed with every earlier one', async () => {
    const q = queues(100, 10n);
    await pushAll(q, [item(11, 'a'), item(13, 'b'), item(20, 'a')]);
    const a = await q.take(1);
    const b = await q.take(5);
    expect(q.complete(b!)).toBe(10n);
    expect(q.complete(a!)).toBe(13n);
    const rest = await q.take(5);
    expect(q.complete(rest!)).toBe(20n);
    expect(q.lowWater).toBe(20n);
  });

  test('given a full queue, push waits until committed events pass under the low-water mark', async () => {
    const q = queues(2);
    await pushAll(q, [item(1, 'a'), item(2, 'b')]);
    let pushed = false;
    const third = q.push(item(3, 'c')).then(() => (pushed = true));
    const a = await q.take(1);
    const b = await q.take(1);
    expect([a?.userId, b?.userId]).toEqual(['a', 'b']);
    q.complete(b!);
    await tick();
    expect(pushed).toBe(false);
    q.complete(a!);
    await third;
    expect(pushed).toBe(true);
  });

  test('when closed, waiting sides are released, takes return null, and a batch in flight still moves the mark', async () => {
    const q = queues(1);
    await q.push(item(1, 'a'));
    const blocked = q.push(item(2, 'a'));
    const inFlight = await q.take(1);
    const waiting = q.take(1);
    q.close();
    await blocked;
    expect(await waiting).toBeNull();
    expect(q.complete(inFlight!)).toBe(1n);
    expect(await q.take(5)).toBeNull();
  });

  test('when failed, waiting and later takes reject with the error', async () => {
    const q = queues();
    const taken = q.take(1);
    q.fail(new Error('subscription lost'));
    await expect(taken).rejects.toThrow('subscription lost');
    await expect(q.take(1)).rejects.toThrow('subscription lost');
    expect(q.error?.error).toEqual(new Error('subscription lost'));
  });

  test('given a parked user, their events are dropped without filling the queue, the mark stays below their first failed event, and the others go on', async () => {
    const q = queues(3, 10n);
    await pushAll(q, [item(11, 'a'), item(12, 'a'), item(13, 'b')]);
    const a = await q.take(5);
    // a's event 12 failed: 11 is committed, 12 and everything later of a's is left unapplied.
    expect(q.park('a', { batch: a!, failedAt: 1 })).toBe(11n);
    const b = await q.take(5);
    expect(positions(b)).toEqual([13]);
    expect(q.complete(b!)).toBe(11n);
    // More than the capacity of a's events pass (the mark, clamped below 12, moves over them inside) without blocking the producer.
    await pushAll(q, [item(14, 'a'), item(15, 'a'), item(16, 'a'), item(17, 'a'), item(18, 'b')]);
    const later = await q.take(5);
    expect([later?.userId, positions(later)]).toEqual(['b', [18]]);
    expect(q.complete(later!)).toBe(11n);
    expect(q.parkedUsers).toEqual(new Set(['a']));
  });

  test('given a user parked before their events arrive, the mark stops below their first one; applied events pass straight through', async () => {
    const q = queues(100, 0n);
    q.park('a');
    await q.push(item(1, 'b'), true);
    expect(q.lowWater).toBe(1n);
    await pushAll(q, [item(2, 'b'), item(5, 'a'), item(6, 'b')]);
    const b = await q.take(5);
    expect(positions(b)).toEqual([2, 6]);
    expect(q.complete(b!)).toBe(4n);
  });
});
