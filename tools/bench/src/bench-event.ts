import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@budget/platform';

/** A typical small event: a recorded transaction with a few fields and full metadata. */
export function benchEvent(writer: number, seq: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'TransactionRecorded',
    data: { accountId: `account-${writer}`, amountCents: -1299 - seq, payee: 'Corner Shop', date: '2025-03-14' },
    metadata: {
      userId: `bench-user-${writer}`,
      correlationId: randomUUID(),
      causationId: null,
      recordedAt: new Date().toISOString(),
      actor: 'user',
    },
  };
}
