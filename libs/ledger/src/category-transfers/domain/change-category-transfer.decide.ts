import { RuleViolation, UnknownReference } from '../../domain/domain-error.js';
import { StaleVersion } from '../../domain/edit-transaction.decide.js';
import { sameSplits } from '../../domain/splits.js';
import type { TransactionChanged, TransactionChanges } from '../../domain/transaction.events.js';
import type { TransactionState } from '../../domain/transaction.state.js';
import { KIND_OF_TRANSFER, TRANSFER_MESSAGES, transferDate, transferSplits, type TransferContext, type TransferLine, type TransferType } from './transfer-lines.js';

export interface ChangeCategoryTransfer {
  /** The version the client saw; when given, a stale one is refused (409 INCORRECT_VERSION). */
  version?: number;
  type: TransferType;
  date: string | null;
  comment?: string | null;
  lines: readonly TransferLine[];
}

/**
 * PATCH /category-transfer/{id}: replaces the date and splits of a live funding or rebalance, with
 * the same checks as when it was recorded. Its kind stays; a change bumps the version. A funding
 * whose amounts are all 0 changes nothing (the Fund dialog's save of nothing).
 */
export function decideChangeCategoryTransfer(command: ChangeCategoryTransfer, state: TransactionState, context: TransferContext): TransactionChanged[] {
  const isTransfer = state.account === null && (state.kind === 'funding' || state.kind === 'rebalance');
  if (!state.exists || state.deleted || !isTransfer) throw new UnknownReference('Transaction');
  if (command.version !== undefined && command.version !== state.version) throw new StaleVersion(command.version, state.version);
  if (KIND_OF_TRANSFER[command.type] !== state.kind) throw new RuleViolation('type', TRANSFER_MESSAGES.typeChange, 'invalid');
  const date = transferDate(command.date);
  const splits = transferSplits(command.type, command.lines, context);
  if (splits.length === 0) return [];

  const changes: TransactionChanges = {};
  if (date !== state.date) changes.date = { from: state.date, to: date };
  if (!sameSplits(splits, state.splits)) changes.splits = { from: state.splits, to: splits };
  const comment = command.comment === undefined ? state.comment : command.comment?.trim() || null;
  if (comment !== state.comment) changes.comment = { from: state.comment, to: comment };
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'TransactionChanged', data: { transactionId: state.transactionId, changes } }];
}
