import { expect, test } from 'vitest';
import type { ExpectedRevision } from '../port.js';
import { collect, expectStrictlyIncreasing, ids, newEvent, pollReadAll, readAllAfter, uniqueStream, type ContractContext } from './fixtures.js';

const WRITERS = 20;
const APPENDS_PER_WRITER = 200;
const SHARED_STREAMS = 3;

export function concurrencyContract(ctx: ContractContext): void {
  test(`${WRITERS} concurrent writers x ${APPENDS_PER_WRITER} appends: a live subscriber and a readAll poller get every event once, in order`, async () => {
    const store = ctx.store();
    const start = await store.headPosition();
    const total = WRITERS * APPENDS_PER_WRITER;
    const subscriber = collect(store, start);
    const poller = pollReadAll(store, start);
    const shared = Array.from({ length: SHARED_STREAMS }, () => uniqueStream('shared'));
    const appended = new Set<string>();
    let last = start;
    const track = (position: bigint) => {
      if (position > last) last = position;
    };

    const writer = async (w: number) => {
      const own = uniqueStream(`writer-${w}`);
      let ownRevision: ExpectedRevision = 'no_stream';
      for (let i = 0; i < APPENDS_PER_WRITER; i++) {
        const event = newEvent(`user-${w}`, { w, i });
        if (i % 4 === 3) {
          track((await store.append(shared[(w + i) % SHARED_STREAMS]!, [event], { expectedRevision: 'any' })).position);
        } else {
          const result = await store.append(own, [event], { expectedRevision: ownRevision });
          ownRevision = result.nextRevision;
          track(result.position);
        }
        appended.add(event.id);
      }
      return own;
    };
    const ownStreams = await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));

    // The newest position appended, not headPosition(): that one may lag while a transaction
    // elsewhere in the cluster holds the horizon back, and the readers would stop early.
    await subscriber.waitForPosition(last);
    await poller.until(last);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await subscriber.subscription.stop();
    const received = subscriber.events;
    const stored = await readAllAfter(store, start);

    expect(stored).toHaveLength(total);
    expect(new Set(ids(stored))).toEqual(appended);
    const [storedIds, receivedIds] = [new Set(ids(stored)), new Set(ids(received))];
    expect(ids(stored).filter((id) => !receivedIds.has(id)), 'stored but never received').toEqual([]);
    expect(ids(received).filter((id) => !storedIds.has(id)), 'received but not stored').toEqual([]);
    expect(ids(received)).toEqual(ids(stored));
    expectStrictlyIncreasing(received.map((e) => e.position));
    expect(ids(poller.events), 'what a readAll poller saw while the writers ran').toEqual(ids(stored));
    for (const stream of ownStreams) {
      const revisions = (await store.readStream(stream)).map((e) => e.revision);
      expect(revisions).toEqual(Array.from({ length: revisions.length }, (_, r) => r));
    }
    // 4,000 appends take about 20 s on an idle 2-core machine; a shared CI machine gets room.
  }, 240_000);
}
