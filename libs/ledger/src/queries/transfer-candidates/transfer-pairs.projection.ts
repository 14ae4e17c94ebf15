import { centsToDecimalString } from '@budget/money';
import type { PoolClient, StoredEvent } from '@budget/platform';
import type { TransferPairEvent, TransferPairNote } from '../../domain/transfer-pair.events.js';

/**
 * The read model of transfer pairs (`ledger_transfer_pairs`, migration ledger-020): one row per
 * pair stream — offered, paired or declined — with its two rows, money out first. Written only
 * from the pair's own events, each guarded by its position, so a replay or a rebuild writes the
 * same rows. The rows' move into Account Transfer is their own `TransactionChanged`, projected
 * with every other change.
 */
export async function applyTransferPairEvent(client: PoolClient, event: StoredEvent & TransferPairEvent): Promise<void> {
  const seq = event.position.toString();
  switch (event.type) {
    case 'TransferPairOffered':
    case 'TransferPairRecorded': {
      const { pairId, legs } = event.data;
      const [from, to] = legs;
      const status = event.type === 'TransferPairOffered' ? 'offered' : 'paired';
      const how = event.type === 'TransferPairRecorded' ? event.data.how : null;
      await client.query(
        `INSERT INTO ledger_transfer_pairs AS p (user_id, pair_id, status, how, from_transaction_id, to_transaction_id, from_account_id, to_account_id,
           amount_cents, legs, seq)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (pair_id) DO UPDATE SET status = excluded.status, how = excluded.how, legs = excluded.legs, seq = excluded.seq
          WHERE p.seq < excluded.seq`,
        [event.metadata.userId, pairId, status, how, from.transactionId, to.transactionId, from.accountId, to.accountId, to.amount, JSON.stringify(legs), seq],
      );
      return;
    }
    case 'TransferPairDeclined':
      await client.query(`UPDATE ledger_transfer_pairs SET status = 'declined', seq = $2 WHERE pair_id = $1 AND seq < $2`, [event.data.pairId, seq]);
      return;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown transfer pair event ${(unknown as { type: string }).type}`);
    }
  }
}

/**
 * The log's words for a row becoming one side of a transfer (the rest of the line says how its
 * categories moved): `Bank sync paired "Transfer to Saving" -200.00 in Plaid Checking with
 * "Transfer from Checking" in Plaid Saving as one transfer`.
 */
export function pairedText(who: string, note: TransferPairNote, label: string, amount: number | null): string {
  const how = note.how === 'confirmed' ? ' (confirmed)' : ' (found by the bank sync)';
  const shown = amount === null ? '' : ` ${centsToDecimalString(amount)}`;
  return `${who} paired ${label}${shown} in ${note.accountName} with "${note.otherName}" in ${note.otherAccountName} as one transfer between your accounts${how}`;
}
