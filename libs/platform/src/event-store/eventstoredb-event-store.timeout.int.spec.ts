import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';
import { EventStoreTimeoutError } from './with-timeout.js';

/**
 * No EventStoreDB server exists here, but the failure that matters most can be reproduced: a port
 * that accepts connections and never answers. Every call must give up after the adapter's timeout.
 */
describe('EventStoreDB adapter against a server that accepts and never answers', () => {
  let server: Server;
  const sockets = new Set<Socket>();
  let store: EventStoreDbEventStore;

  beforeAll(async () => {
    server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    store = EventStoreDbEventStore.connect(`esdb://127.0.0.1:${address.port}?tls=false`, { timeoutMs: 300 });
  });

  afterAll(async () => {
    await store.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const event = {
    id: '3f1f7b7e-3a43-4d63-9e4c-52b1bfb4e1d1',
    type: 'T',
    data: {},
    metadata: { userId: 'u', correlationId: 'c', causationId: null, recordedAt: '2025-01-01T00:00:00.000Z', actor: 'user' as const },
  };

  test.each([
    ['append', () => store.append('s', [event], { expectedRevision: 'any' })],
    ['readStream', () => store.readStream('s')],
    ['readAll', () => store.readAll({ limit: 10 })],
    ['headPosition', () => store.headPosition()],
    ['deleteUserStreams', () => store.deleteUserStreams('u')],
  ])('%s rejects with EventStoreTimeoutError', async (_name, call) => {
    // The outcome is the timeout error; a call that hung instead would fail on the test's own timeout.
    await expect(call()).rejects.toBeInstanceOf(EventStoreTimeoutError);
  });

  test('a subscription that is never confirmed ends: done rejects with EventStoreTimeoutError', async () => {
    const subscription = store.subscribeAll(null, async () => undefined);
    await expect(subscription.done).rejects.toBeInstanceOf(EventStoreTimeoutError);
    await subscription.stop();
  });
});
