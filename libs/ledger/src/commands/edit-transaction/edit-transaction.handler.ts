import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter } from '@budget/platform';
import { RuleViolation } from '../../domain/domain-error.js';
import { decideEditTransaction } from '../../domain/edit-transaction.decide.js';
import { transactionStream, type TransactionEvent } from '../../domain/transaction.events.js';
import { foldTransaction } from '../../domain/transaction.state.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { findStatement } from '../../queries/list-statements/statements.sql.js';
import { LedgerViews } from '../../queries/transaction-view.js';
import { ensureWithinBalanceBound } from '../balance-bound.js';
import { lockedRowUnlock } from '../locked-row.js';
import { splitsFrom, transactionContext } from '../transaction-context.js';
import { EditTransactionCommand } from './edit-transaction.command.js';

/**
 * Load the transaction, decide the edit at the caller's version (rules 9 and 10), append at the
 * loaded revision; answer it with the balances it moved and the statement whose totals moved. A
 * row of a finished statement is locked: a confirmed change reopens the statement in the same
 * write (`lockedRowUnlock`, docs/architecture.md §9.7).
 */
@CommandHandler(EditTransactionCommand)
export class EditTransactionHandler implements ICommandHandler<EditTransactionCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(LedgerViews) private readonly views: LedgerViews,
  ) {}

  /** Decided again on the fresh streams when another write lands first (`EventWriter.retrying`). */
  execute(command: EditTransactionCommand) {
    return this.writer.retrying(() => this.attempt(command));
  }

  private async attempt({ userId, transactionId, body, unlockConfirmed }: EditTransactionCommand) {
    const caller = { userId };
    const owned = await this.lookups.transactionOwned(userId, transactionId);
    const stream = transactionStream(transactionId);
    const loaded = await this.writer.load<TransactionEvent>(stream, caller, 'Transaction');
    const folded = foldTransaction(loaded.events);
    // A statement takes rows in through the account's stream (creation, Reconcile All): the read model knows.
    const state = folded.account ? { ...folded, account: { ...folded.account, statementId: owned.statementId } } : folded;
    if (body.statementId) {
      const statementAccount = await this.lookups.statementAccount(userId, body.statementId);
      if (statementAccount !== owned.accountId) throw new RuleViolation('statementId', 'The statement belongs to another account.', 'mismatch');
    }
    const account = owned.accountId ? await this.lookups.account(userId, owned.accountId) : null;
    const splits = body.categories === undefined ? undefined : splitsFrom(body.categories);
    const { categories: _lines, ...fields } = body;
    const events = decideEditTransaction({ ...fields, splits }, state, await transactionContext(this.lookups, userId, account, splits ?? []));
    await ensureWithinBalanceBound(this.lookups, userId, 'amount', [{ before: state, events }]);
    const changes = events[0]?.data.changes;
    const statementId = changes?.statementId ? (changes.statementId.to ?? changes.statementId.from) : null;
    const moves = Boolean(changes?.amount || changes?.date || changes?.pending);
    const unlock = await lockedRowUnlock(this.writer, caller, owned.accountId, { transactionId, statementId: owned.statementId, moves, ticksTo: changes?.statementId?.to }, unlockConfirmed);
    const appends = [{ stream, events, expectedRevision: loaded.revision }, ...unlock];
    const [transaction, categories, acctBalances, statement] = await this.writer.appendManyThenRead(appends, caller, (db) =>
      Promise.all([
        this.views.transaction(userId, transactionId, false, db),
        this.views.categoryBalances(userId, [...state.splits, ...(changes?.splits?.to ?? [])].map((s) => s.categoryId), true, db),
        this.views.accountBalances(userId, owned.accountId ? [owned.accountId] : [], db),
        statementId ? findStatement(db, userId, statementId) : null,
      ]),
    );
    return { data: { transaction, categories, acctBalances, ...(statement && { statement }) } };
  }
}
