import { expect, test } from 'vitest';
import { expectConflict, ids, newEvent, readAllAfter, uniqueStream, type ContractContext } from './fixtures.js';

export function appendContract(ctx: ContractContext): void {
  test('appends with no_stream, then with the last revision, and reads the stream back in revision order', async () => {
    const store = ctx.store();
    const stream = uniqueStream('budget');
    const first = newEvent('user-a', { n: 1 });
    const more = [newEvent('user-a', { n: 2 }), newEvent('user-a', { n: 3 })];

    const r0 = await store.append(stream, [first], { expectedRevision: 'no_stream' });
    const r2 = await store.append(stream, more, { expectedRevision: 0 });

    expect(r0.nextRevision).toBe(0);
    expect(r2.nextRevision).toBe(2);
    expect(r2.position).toBeGreaterThan(r0.position);
    const read = await store.readStream(stream);
    expect(ids(read)).toEqual(ids([first, ...more]));
    expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
    expect(read[0]).toMatchObject({ streamId: stream, type: first.type, data: { n: 1 }, metadata: first.metadata, position: r0.position });
    expect(read[2]?.position).toBeGreaterThan(r0.position);
  });

  test('a stale expected revision raises WrongExpectedRevisionError and writes nothing', async () => {
    const store = ctx.store();
    const stream = uniqueStream('transaction');
    await store.append(stream, [newEvent('user-a')], { expectedRevision: 'no_stream' });
    await store.append(stream, [newEvent('user-a')], { expectedRevision: 0 });

    await expectConflict(store.append(stream, [newEvent('user-a')], { expectedRevision: 0 }), { stream, expected: 0, actual: 1 });
    expect(await store.readStream(stream)).toHaveLength(2);
  });

  test('no_stream on an existing stream raises WrongExpectedRevisionError', async () => {
    const store = ctx.store();
    const stream = uniqueStream('transaction');
    await store.append(stream, [newEvent('user-a')], { expectedRevision: 'no_stream' });

    await expectConflict(store.append(stream, [newEvent('user-a')], { expectedRevision: 'no_stream' }), {
      stream,
      expected: 'no_stream',
      actual: 0,
    });
  });

  test('a revision number on a missing stream raises WrongExpectedRevisionError', async () => {
    const store = ctx.store();
    const stream = uniqueStream('transaction');

    await expectConflict(store.append(stream, [newEvent('user-a')], { expectedRevision: 3 }), {
      stream,
      expected: 3,
      actual: 'no_stream',
    });
    expect(await store.readStream(stream)).toEqual([]);
  });

  test("'any' appends whatever the stream's revision", async () => {
    const store = ctx.store();
    const stream = uniqueStream('rules');
    const r0 = await store.append(stream, [newEvent('user-a')], { expectedRevision: 'any' });
    const r1 = await store.append(stream, [newEvent('user-a')], { expectedRevision: 'any' });

    expect([r0.nextRevision, r1.nextRevision]).toEqual([0, 1]);
  });

  test('appending already-stored event ids again is a no-op with the same result', async () => {
    const store = ctx.store();
    const stream = uniqueStream('account');
    const start = await store.headPosition();
    const single = newEvent('user-a');
    const batch = [newEvent('user-a'), newEvent('user-a')];

    const first = await store.append(stream, [single], { expectedRevision: 'no_stream' });
    const retry = await store.append(stream, [single], { expectedRevision: 'no_stream' });
    const batchFirst = await store.append(stream, batch, { expectedRevision: 0 });
    const batchRetry = await store.append(stream, batch, { expectedRevision: 0 });

    expect(retry).toEqual(first);
    expect(batchRetry).toEqual(batchFirst);
    expect(ids(await store.readStream(stream))).toEqual(ids([single, ...batch]));
    expect(ids(await readAllAfter(store, start))).toEqual(ids([single, ...batch]));
  });

  test('appendMany appends to several streams in the order given, one result each; the same events again answer alike', async () => {
    const store = ctx.store();
    const [a, b] = [uniqueStream('transaction'), uniqueStream('transaction')];
    await store.append(b, [newEvent('user-a')], { expectedRevision: 'no_stream' });
    const start = await store.headPosition();
    const toA = [newEvent('user-a', { n: 1 }), newEvent('user-a', { n: 2 })];
    const toB = [newEvent('user-a', { n: 3 })];
    const appends = [
      { stream: a, events: toA, expectedRevision: 'no_stream' as const },
      { stream: b, events: toB, expectedRevision: 0 },
    ];

    const results = await store.appendMany(appends);
    expect(results.map((r) => r.nextRevision)).toEqual([1, 1]);
    expect(results[1]!.position).toBeGreaterThan(results[0]!.position);
    expect(ids(await readAllAfter(store, start))).toEqual(ids([...toA, ...toB]));
    expect(await store.appendMany(appends)).toEqual(results);
    expect(await store.readStream(a)).toHaveLength(2);
  });

  test('appendMany with a stale expected revision raises WrongExpectedRevisionError for that stream', async () => {
    const store = ctx.store();
    const stream = uniqueStream('transaction');
    await store.append(stream, [newEvent('user-a')], { expectedRevision: 'no_stream' });

    await expectConflict(store.appendMany([{ stream, events: [newEvent('user-a')], expectedRevision: 'no_stream' }]), { stream, expected: 'no_stream', actual: 0 });
    expect(await store.readStream(stream)).toHaveLength(1);
  });
}
