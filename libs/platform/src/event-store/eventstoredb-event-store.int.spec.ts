import { createEventStore } from './create-event-store.js';
import { describeEventStoreContract } from './event-store.contract.js';

const eventStoreUrl = process.env.EVENTSTORE_URL;

/**
 * Runs against the EventStoreDB server named by EVENTSTORE_URL (e.g.
 * `esdb://127.0.0.1:2113?tls=false`); reported as skipped, by name, when it is not set. Tombstoned
 * events stay in `$all` until a scavenge, so erasure is checked through stream reads only.
 */
describeEventStoreContract(
  'EventStoreDB',
  async () => {
    const store = await createEventStore({ kind: 'eventstoredb', eventStoreUrl: eventStoreUrl ?? '' });
    return { store, cleanup: () => store.close() };
  },
  {
    ...(eventStoreUrl ? {} : { skipReason: 'EVENTSTORE_URL not set' }),
    erasureRemovesFromGlobalLog: false,
  },
);
