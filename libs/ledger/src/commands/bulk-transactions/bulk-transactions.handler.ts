import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter, PG_POOL, type Pool, type WriteAppend } from '@budget/platform';
import type { TransactionChange } from '../../domain/balance-bound.js';
import { decideDeleteTransaction } from '../../domain/delete-transaction.decide.js';
import { ForbiddenChange, RuleViolation } from '../../domain/domain-error.js';
import { STATEMENT_LOCKED } from '../../domain/statement.decide.js';
import { decideEditTransaction } from '../../domain/edit-transaction.decide.js';
import { decideReviewTransaction } from '../../domain/review-transaction.decide.js';
import { transactionStream, type TransactionEvent } from '../../domain/transaction.events.js';
import { foldTransaction, type TransactionState } from '../../domain/transaction.state.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { LedgerViews } from '../../queries/transaction-view.js';
import { ensureWithinBalanceBound } from '../balance-bound.js';
import { loadRows } from '../auto-assign/load-rows.js';
import { ownedRows, type OwnedRow } from '../review-transactions/owned-rows.js';
import { decideReviews } from '../review-transactions/review-transactions.handler.js';
import { BulkTransactionsCommand } from './bulk-transactions.command.js';

/** Kinds that have no account side to categorise: they are edited as category transfers or through the account. */
const NOT_CATEGORISED = new Set(['funding', 'rebalance', 'starting-balance']);

/**
 * docs/architecture.md §4.6 "Bulk actions": every row's stream is loaded (in sets) and decided on
 * with the deciders a single row uses (the edit's split check, the delete's rule 11, the review
 * mark); one refusal refuses the whole action, and the events — one per row — are appended as ONE
 * write at the loaded revisions, all or nothing, so a keyed retry appends nothing again (§6.2).
 */
@CommandHandler(BulkTransactionsCommand)
export class BulkTransactionsHandler implements ICommandHandler<BulkTransactionsCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(LedgerViews) private readonly views: LedgerViews,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  execute(command: BulkTransactionsCommand) {
    return this.writer.retrying(() => this.attempt(command));
  }

  private async attempt({ userId, action, transactionIds, categoryId }: BulkTransactionsCommand) {
    const caller = { userId };
    const ids = [...new Set(transactionIds)];
    const owned = await ownedRows(this.pool, userId, ids);
    if (action === 'delete') await this.refuseLockedRows(ids);
    const { appends, changed, changes } =
      action === 'review' || action === 'unreview'
        ? { ...(await decideReviews(this.writer, userId, ids, action === 'review')), changes: [] as TransactionChange[] }
        : await this.decideMoves(userId, action, owned, categoryId);
    await ensureWithinBalanceBound(this.lookups, userId, action === 'delete' ? 'ids' : 'categoryId', changes);
    const categoryIds = changes.flatMap((c) => [...c.before.splits, ...c.events.flatMap((e) => (e.type === 'TransactionChanged' ? (e.data.changes.splits?.to ?? []) : []))].map((s) => s.categoryId));
    const accountIds = [...new Set(owned.filter((row) => changed.includes(row.id)).flatMap((row) => (row.accountId ? [row.accountId] : [])))];
    const [categories, acctBalances] = await this.writer.appendManyThenRead(appends, caller, (db) =>
      Promise.all([this.views.categoryBalances(userId, categoryIds, false, db), action === 'delete' ? this.views.accountBalances(userId, accountIds, db) : []]),
    );
    return { data: { changed, categories, acctBalances } };
  }

  /**
   * Rows of a finished statement are locked (docs/architecture.md §9.7): a bulk delete has no
   * confirmation, so one such row refuses the action; the single-row DELETE can confirm.
   */
  private async refuseLockedRows(ids: readonly string[]) {
    const { rowCount } = await this.pool.query(
      `SELECT 1 FROM ledger_transactions t JOIN ledger_statements s ON s.id = t.statement_id
        WHERE t.id = ANY($1::uuid[]) AND NOT t.deleted AND s.finished_at IS NOT NULL LIMIT 1`,
      [ids],
    );
    if (rowCount) throw new RuleViolation('ids', 'A row picked is on a finished statement: reopen the statement, or delete that row on its own.', STATEMENT_LOCKED);
  }

  /** Categorise or delete: each row decided as its single-row route decides it. */
  private async decideMoves(userId: string, action: 'categorise' | 'delete', owned: readonly OwnedRow[], categoryId: string | undefined) {
    const loaded = await loadRows(this.writer, { userId }, owned.map((row) => row.id));
    const system = action === 'categorise' ? await this.lookups.systemCategories(userId) : null;
    const known = categoryId ? await this.lookups.existingCategories(userId, [categoryId]) : new Set<string>();
    const appends: WriteAppend[] = [];
    const changed: string[] = [];
    const changes: TransactionChange[] = [];
    for (const { id, reviewReason } of owned) {
      const row = loaded.get(id)!;
      const state = foldTransaction(row.events);
      const events: TransactionEvent[] = action === 'delete' ? decideDeleteTransaction(state) : this.categorise(state, categoryId!, known, system!.unassigned, reviewReason !== null);
      if (events.length === 0) continue;
      appends.push({ stream: transactionStream(id), events, expectedRevision: row.revision });
      changed.push(id);
      changes.push({ before: state, events });
    }
    return { appends, changed, changes };
  }

  /**
   * The row's whole amount in one category (the user's edit, so it is reviewed too); a row already
   * there that is still new (as the read model says) takes just the review mark.
   */
  private categorise(state: TransactionState, categoryId: string, known: ReadonlySet<string>, unassigned: string, isNew: boolean): TransactionEvent[] {
    if (state.exists && !state.deleted && NOT_CATEGORISED.has(state.kind)) throw new ForbiddenChange('A funding, a rebalance or a starting balance is not categorised from the register.');
    const amount = state.account?.amount ?? 0;
    // Already wholly in the category (compared by value: a stored split's keys come back in another order).
    const already = state.exists && !state.deleted && state.splits.length === 1 && state.splits[0]!.categoryId === categoryId && state.splits[0]!.amount === amount && known.has(categoryId);
    if (already) return isNew ? decideReviewTransaction(state, true) : [];
    const context = { categoryExists: (id: string) => known.has(id), unassignedCategoryId: unassigned, loanAccount: false, accountStartDate: null };
    const edit = decideEditTransaction({ version: state.version, splits: [{ categoryId, amount, comment: state.splits.length === 1 ? state.splits[0]!.comment : null }] }, state, context);
    return edit.length > 0 ? edit : isNew ? decideReviewTransaction(state, true) : [];
  }
}
