import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RecordBankFeed, type RecordBankFeedResult } from '@budget/contracts';
import type { BankRemoval, BankRow } from '../../domain/bank-rows/bank-row.decide.js';
import { BankRowLookups } from './bank-row-lookups.js';
import { RecordBankRowsCommand, RECORD_BANK_ROWS_CHUNK } from './record-bank-rows.command.js';
import { RecordBankRowsHandler } from './record-bank-rows.handler.js';

/**
 * The bank-sync context's rows (a Plaid `/transactions/sync`), keyed by Plaid account ids: mapped
 * onto the user's accounts linked under that institution and recorded by `RecordBankRowsHandler`.
 * Rows of Plaid accounts the user did not link (or deleted) are left alone, so deleting a linked
 * account never brings it back (weak point 19). A removal without its account id is tried against
 * every account of the institution: only the one holding that Plaid id has its stream.
 */
@CommandHandler(RecordBankFeed)
export class RecordBankFeedHandler implements ICommandHandler<RecordBankFeed, RecordBankFeedResult> {
  constructor(
    @Inject(BankRowLookups) private readonly lookups: BankRowLookups,
    @Inject(RecordBankRowsHandler) private readonly rows: RecordBankRowsHandler,
  ) {}

  async execute({ userId, institutionId, rows, removals, chunkSize }: RecordBankFeed): Promise<RecordBankFeedResult> {
    const accounts = await this.lookups.plaidAccounts(userId, institutionId);
    const bankRows: BankRow[] = rows.flatMap((r) => {
      const accountId = accounts.get(r.plaidAccountId);
      return accountId
        ? [{ accountId, provider: 'plaid' as const, providerTransactionId: r.transactionId, pendingTransactionId: r.pendingTransactionId, date: r.date, name: r.name, amount: r.amountCents, pending: r.pending }]
        : [];
    });
    const bankRemovals: BankRemoval[] = removals.flatMap((r) => {
      const candidates = r.plaidAccountId === null ? [...accounts.values()] : [accounts.get(r.plaidAccountId)].filter((id): id is string => id !== undefined);
      return candidates.map((accountId) => ({ accountId, provider: 'plaid' as const, providerTransactionId: r.transactionId }));
    });
    const result = await this.rows.execute(new RecordBankRowsCommand(userId, bankRows, bankRemovals, chunkSize ?? RECORD_BANK_ROWS_CHUNK));
    return { ...result, skipped: result.skipped + rows.length - bankRows.length };
  }
}
