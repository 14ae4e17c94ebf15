import type { TransactionRecorded } from '../../domain/transaction.events.js';
import type { TransactionState } from '../../domain/transaction.state.js';
import { KIND_OF_TRANSFER, transferDate, transferSplits, type TransferContext, type TransferLine, type TransferType } from './transfer-lines.js';

export interface RecordCategoryTransfer {
  transactionId: string;
  type: TransferType;
  date: string | null;
  comment: string | null;
  lines: readonly TransferLine[];
}

/**
 * POST /category-transfer: funding (rules 12–14) or a rebalance or transfer (rule 15) becomes a
 * transaction without an account part, whose splits move money between categories. A funding
 * whose amounts are all 0 moves nothing and records nothing.
 */
export function decideRecordCategoryTransfer(command: RecordCategoryTransfer, state: TransactionState, context: TransferContext): TransactionRecorded[] {
  if (state.exists) return [];
  const date = transferDate(command.date);
  const splits = transferSplits(command.type, command.lines, context);
  if (splits.length === 0) return [];
  return [
    {
      type: 'TransactionRecorded',
      data: {
        transactionId: command.transactionId,
        kind: KIND_OF_TRANSFER[command.type],
        date,
        comment: command.comment?.trim() || null,
        splits,
        account: null,
      },
    },
  ];
}
