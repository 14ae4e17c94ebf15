import { describe, expect, test } from 'vitest';
import { BatchQueue } from './batch-queue.js';

describe('BatchQueue', () => {
  test('given queued items, take hands out at most max of them in order', async () => {
    const queue = new BatchQueue<number>(10);
    for (const n of [1, 2, 3]) await queue.push(n);
    expect(await queue.take(2)).toEqual([1, 2]);
    expect(await queue.take(2)).toEqual([3]);
  });

  test('given an empty queue, take waits for the next push', async () => {
    const queue = new BatchQueue<number>(10);
    const taken = queue.take(5);
    await queue.push(7);
    expect(await taken).toEqual([7]);
  });

  test('given a full queue, push waits until a take frees room', async () => {
    const queue = new BatchQueue<number>(1);
    await queue.push(1);
    let pushed = false;
    const second = queue.push(2).then(() => (pushed = true));
    await Promise.resolve();
    expect(pushed).toBe(false);
    expect(await queue.take(1)).toEqual([1]);
    await second;
    expect(await queue.take(1)).toEqual([2]);
  });

  test('when closed, waiting sides are released and takes return nothing', async () => {
    const queue = new BatchQueue<number>(1);
    await queue.push(1);
    const blocked = queue.push(2);
    queue.close();
    await blocked;
    expect(await queue.take(5)).toEqual([]);
  });

  test('when failed, a waiting take rejects with the producer error', async () => {
    const queue = new BatchQueue<number>(1);
    const taken = queue.take(1);
    queue.fail(new Error('subscription lost'));
    await expect(taken).rejects.toThrow('subscription lost');
  });
});
