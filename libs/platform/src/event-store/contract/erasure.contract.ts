import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { ids, newEvent, readAllAfter, uniqueStream, type ContractContext } from './fixtures.js';

export function erasureContract(ctx: ContractContext): void {
  test("deleteUserStreams erases that user's events and only those", async () => {
    const store = ctx.store();
    const [erased, kept] = [`user-${randomUUID()}`, `user-${randomUUID()}`];
    const start = await store.headPosition();
    const erasedStreams = [uniqueStream(`budget-${erased}`), uniqueStream('transaction')];
    const keptStream = uniqueStream(`budget-${kept}`);
    const keptEvents = [newEvent(kept), newEvent(kept)];
    await store.append(erasedStreams[0]!, [newEvent(erased), newEvent(erased)], { expectedRevision: 'no_stream' });
    await store.append(keptStream, keptEvents, { expectedRevision: 'no_stream' });
    await store.append(erasedStreams[1]!, [newEvent(erased)], { expectedRevision: 'no_stream' });

    expect(await store.deleteUserStreams(erased)).toBe(3);

    for (const stream of erasedStreams) expect(await store.readStream(stream)).toEqual([]);
    expect(ids(await store.readStream(keptStream))).toEqual(ids(keptEvents));
    if (ctx.erasureRemovesFromGlobalLog) {
      expect(ids(await readAllAfter(store, start))).toEqual(ids(keptEvents));
    }
    expect(await store.deleteUserStreams(erased)).toBe(0);
  });
}
