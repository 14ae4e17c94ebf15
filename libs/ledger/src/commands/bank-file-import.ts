import { Inject, Injectable, Optional } from '@nestjs/common';
import { dollarsFromCents, type Cents } from '@budget/money';
import { EventWriter, WrongExpectedRevisionError, type Actor, type Caller, type ExpectedRevision } from '@budget/platform';
import { accountStream, type StatementFileImported } from '../domain/account.events.js';
import { bankTransactionId } from '../domain/bank-rows/bank-transaction-id.js';
import type { TransactionChange } from '../domain/balance-bound.js';
import { RuleViolation } from '../domain/domain-error.js';
import { ImportFileError, type ImportedRow, type ParsedFile } from '../domain/import/imported-row.js';
import { decideRecordAccountTransaction } from '../domain/record-transaction.decide.js';
import { decideReimport } from '../domain/reimport.decide.js';
import { transactionStream, type TransactionEvent } from '../domain/transaction.events.js';
import { foldTransaction } from '../domain/transaction.state.js';
import { LedgerLookups, type AccountRow } from '../queries/ledger-lookups.js';
import { ensureWithinBalanceBound } from './balance-bound.js';
import { notedAutoAssignment, RulesByQuery, type NotedRuleAssignment } from './auto-assign/rules-by-query.js';
import type { LedgerViews } from '../queries/transaction-view.js';

export interface ImportResult {
  added: number;
  /** The new rows left in Unassigned (no auto-assignment rule claimed them). */
  unassigned: number;
  updated: number;
  unchanged: number;
  fileLedgerBalance: Cents | null;
  balance: Cents;
  categories: string[];
}

/** Reads a bank file; a file that cannot be imported is a 422 on `file` with the reason. */
export function readBankFile<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ImportFileError) throw new RuleViolation('file', error.message, 'format');
    throw error;
  }
}

/** What an import answers: the counts, our balance against the file's, and the balances that moved. */
export async function importAnswer(views: LedgerViews, userId: string, accountId: string, result: ImportResult, notes: readonly string[] = []) {
  return {
    data: {
      added: result.added,
      unassigned: result.unassigned,
      updated: result.updated,
      unchanged: result.unchanged,
      balance: dollarsFromCents(result.balance),
      fileBalance: result.fileLedgerBalance === null ? null : dollarsFromCents(result.fileLedgerBalance),
      balanceMatches: result.fileLedgerBalance === null ? null : result.fileLedgerBalance === result.balance,
      categories: await views.categoryBalances(userId, result.categories),
      acctBalances: await views.accountBalances(userId, [accountId]),
      notes: [...notes],
    },
  };
}

const ADDED_BY_THIS_REQUEST = Symbol('added by an earlier run of this request');

/**
 * OFX and CSV import (server-behaviour §4.2.5 with weak points fixed), shared by both import
 * handlers: new rows go to Unassigned, a row already stored (same FITID or fingerprint) is not
 * added again, and the file's ledger balance is compared with ours and reported, never written
 * over it. Each row is its own transaction stream, decided by the transaction deciders.
 */
@Injectable()
export class BankFileImporter {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Optional() @Inject(RulesByQuery) private readonly rules?: RulesByQuery,
  ) {}

  async accountForImport(caller: Caller, accountId: string): Promise<AccountRow> {
    const account = await this.lookups.account(caller.userId, accountId);
    if (account.tracking === 'Balances') throw new RuleViolation('accountId', 'account not selected or not tracking transactions', 'tracking');
    return account;
  }

  /**
   * Imports a file exactly once by construction: a new row's transaction stream id is derived from
   * (account, 'ofx' or 'csv', its FITID or fingerprint) and its first append expects no stream, so
   * when another import of the same rows commits first (two uploads at once, a retry without its
   * key) the store refuses ours whole; it is decided again, this time finding those rows in the
   * store itself (the read model may lag behind with the projector), and they count as unchanged.
   */
  async importExactlyOnce(caller: Caller, account: AccountRow, file: ParsedFile, format: 'OFX' | 'CSV'): Promise<ImportResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.import(caller, account, file, format, attempt > 1);
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= CONFLICT_ATTEMPTS) throw error;
      }
    }
  }

  async import(caller: Caller, account: AccountRow, file: ParsedFile, format: 'OFX' | 'CSV', fromStore = false): Promise<ImportResult> {
    const actor = format === 'OFX' ? ('ofx' as const) : ('csv' as const);
    const importer: Caller = { ...caller, actor };
    const { unassigned } = await this.lookups.systemCategories(caller.userId);
    const existing = await this.knownRows(importer, account, file.rows, fromStore);
    const result = { added: 0, updated: 0, unchanged: 0 };
    // The auto-assignment rules, asked once for the whole file (a row added again by a retry is matched as the first run matched it).
    const ruled = (await this.rules?.assign(caller.userId, file.rows.map((row, i) => ({ transactionId: String(i), row })), account.id)) ?? new Map<string, NotedRuleAssignment>();
    const categories = new Set([unassigned]);
    let leftUnassigned = 0;
    // Every row decided first, then appended as one write: one transaction, projected set-based.
    const appends: { stream: string; events: TransactionEvent[]; expectedRevision: ExpectedRevision; actor?: Actor }[] = [];
    const changes: TransactionChange[] = [];
    for (const [index, row] of file.rows.entries()) {
      const known = existing.get(row.providerId);
      const changed = known ? await this.reimport(importer, row, known.id, unassigned) : null;
      // A row this same request added in an earlier run (a retry after a 202 or a crash) is added
      // again: same derived id, same events, so the store ignores them and the answer counts it added.
      if (known && changed !== ADDED_BY_THIS_REQUEST) {
        if (changed) {
          appends.push(changed.append);
          changes.push({ before: changed.before, events: changed.append.events });
        }
        result[changed ? 'updated' : 'unchanged'] += 1;
      } else {
        const rule = ruled.get(String(index));
        rule?.splits.forEach((split) => categories.add(split.categoryId));
        if (!rule || rule.splits.every((split) => split.categoryId === unassigned)) leftUnassigned += 1;
        const added = this.add(importer, account, row, unassigned, rule);
        appends.push(added);
        changes.push({ before: foldTransaction([]), events: added.events });
        result.added += 1;
      }
    }
    // A file that would take the account (or Unassigned) past the largest balance is refused whole.
    await ensureWithinBalanceBound(this.lookups, caller.userId, 'file', changes);
    await this.writer.settle(importer, await this.writer.appendMany(appends, importer));
    const after = await this.lookups.account(caller.userId, account.id);
    const summary: StatementFileImported = {
      type: 'StatementFileImported',
      data: { accountId: account.id, format, ...result, fileLedgerBalance: file.ledgerBalance, balanceAfterImport: after.balance },
    };
    // A record of the import that decides nothing (the account's state ignores it), so it is
    // appended at any revision: an account change racing the import cannot turn an import whose
    // rows are stored into a failed answer.
    await this.writer.settle(importer, await this.writer.append(accountStream(account.id), [summary], 'any', importer));
    return { ...result, unassigned: leftUnassigned, fileLedgerBalance: file.ledgerBalance, balance: after.balance, categories: [...categories] };
  }

  /** A new row: Unassigned, or the splits of the rule that claims it (its events then carry the actor `rule:<id>`). */
  private add(caller: Caller, account: AccountRow, row: ImportedRow, unassigned: string, rule?: NotedRuleAssignment) {
    const transactionId = importedTransactionId(account.id, row);
    const events = decideRecordAccountTransaction(
      {
        transactionId, kind: 'regular', accountId: account.id, date: row.date, name: row.name, amount: row.amount, principle: null,
        comment: null, splits: rule?.splits ?? [{ categoryId: unassigned, amount: row.amount }], provider: caller.actor === 'ofx' ? 'OFX' : 'CSV',
        providerTransactionId: row.providerId, pending: false,
      },
      foldTransaction([]),
      { categoryExists: (id) => id === unassigned || (rule?.splits.some((s) => s.categoryId === id) ?? false), unassignedCategoryId: unassigned, loanAccount: account.type === 'loan' },
    );
    return {
      stream: transactionStream(transactionId), events: notedAutoAssignment(events as TransactionEvent[], rule), expectedRevision: 'no_stream' as const,
      ...(rule && { actor: rule.actor }),
    };
  }

  /**
   * The changes a row brings to a stored transaction, or null when it brings none;
   * ADDED_BY_THIS_REQUEST when a retry of this request sees its stream empty (`EventWriter.load`).
   */
  private async reimport(caller: Caller, row: ImportedRow, transactionId: string, unassigned: string) {
    const stream = transactionStream(transactionId);
    const loaded = await this.writer.load<TransactionEvent>(stream, caller, 'Transaction');
    if (loaded.revision === 'no_stream') return ADDED_BY_THIS_REQUEST;
    const before = foldTransaction(loaded.events);
    const events = decideReimport(row, before, unassigned);
    return events.length === 0 ? null : { before, append: { stream, events, expectedRevision: loaded.revision } };
  }

  /**
   * The rows of the file already stored, by key: the read model's answer, and after a lost race
   * (`fromStore`) also every row whose derived stream the store holds although the read model does
   * not show it yet. A stream only an earlier run of this same request wrote reads as empty
   * (`EventWriter.load`), so that row is added again with the same ids and the store ignores it.
   */
  private async knownRows(caller: Caller, account: AccountRow, rows: readonly ImportedRow[], fromStore: boolean) {
    const known = await this.lookups.byProviderId(account.id, rows.map((r) => r.providerId));
    if (!fromStore) return known;
    await Promise.all(
      rows
        .filter((row) => !known.has(row.providerId))
        .map(async (row) => {
          const transactionId = importedTransactionId(account.id, row);
          const loaded = await this.writer.load<TransactionEvent>(transactionStream(transactionId), caller, 'Transaction', false);
          if (loaded.revision !== 'no_stream') known.set(row.providerId, { id: transactionId, deleted: false, amount: row.amount });
        }),
    );
    return known;
  }
}

/** How often an import that lost a race on a row's stream is decided again. */
const CONFLICT_ATTEMPTS = 5;

/**
 * The transaction id of an imported row: derived from (account, source, key) as a bank feed's rows
 * are (`bankTransactionId`), so the same FITID or CSV fingerprint in the same account is always the
 * same `transaction-<id>` stream, whichever request brings it.
 */
export function importedTransactionId(accountId: string, row: Pick<ImportedRow, 'providerId'>): string {
  return bankTransactionId(accountId, row.providerId.startsWith('csv:') ? 'csv' : 'ofx', row.providerId);
}
