import { createEventStore } from './create-event-store.js';
import { createTestDatabase } from '../testing/test-database.js';
import { describeEventStoreContract } from './event-store.contract.js';

describeEventStoreContract('PostgreSQL', async () => {
  const db = await createTestDatabase('es_contract');
  const store = await createEventStore({ kind: 'postgres', pool: db.pool, databaseUrl: db.url });
  return {
    store,
    cleanup: async () => {
      await store.close();
      await db.drop();
    },
  };
});
