import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, EventWriter, PG_POOL, type Clock, type Pool } from '@budget/platform';
import { decideBankAdjustment } from '../../domain/bank-rows/bank-adjustment.decide.js';
import { transactionStream } from '../../domain/transaction.events.js';
import { foldTransaction } from '../../domain/transaction.state.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { bankBalanceCents, bankBalanceView } from '../../queries/account-bank-balance/account-bank-balance.sql.js';
import { ensureWithinBalanceBound } from '../balance-bound.js';
import { RecordBankAdjustmentCommand } from './record-bank-adjustment.command.js';

/**
 * "Differs from the bank by X" → Record adjustment (docs/architecture.md §8): the difference the user
 * was shown, recorded as one cleared transaction of that amount into the Funding Pool, dated today,
 * whose log line says it is the bank balance adjustment. When the difference is not (or no longer)
 * that amount — a sync moved it, or it was already recorded — nothing is appended and the answer is
 * 422, so the number shown is what happens. Retried with its Idempotency-Key it appends once.
 */
@CommandHandler(RecordBankAdjustmentCommand)
export class RecordBankAdjustmentHandler implements ICommandHandler<RecordBankAdjustmentCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, accountId, amount }: RecordBankAdjustmentCommand) {
    const account = await this.lookups.account(userId, accountId);
    const [balances, { fundingPool }] = await Promise.all([bankBalanceCents(this.pool, userId, account.id), this.lookups.systemCategories(userId)]);
    const today = this.clock.now().toISOString().slice(0, 10);
    const transactionId = this.writer.newId();
    const events = decideBankAdjustment({
      transactionId, accountId: account.id, amount, shown: balances, fundingPoolCategoryId: fundingPool,
      date: today < balances.startDate ? balances.startDate : today,
    });
    await ensureWithinBalanceBound(this.lookups, userId, 'amount', [{ before: foldTransaction([]), events }]);
    const answer = await this.writer.appendThenRead(transactionStream(transactionId), events, 'no_stream', { userId }, (db) => bankBalanceCents(db, userId, account.id));
    return { data: bankBalanceView(answer) };
  }
}
