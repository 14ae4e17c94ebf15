import { Inject, Injectable, Optional } from '@nestjs/common';
import { dollarsFromCents, type Cents } from '@budget/money';
import { EventWriter, type Actor, type Caller, type ExpectedRevision } from '@budget/platform';
import { accountStream, type StatementFileImported } from '../domain/account.events.js';
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
export async function importAnswer(views: LedgerViews, userId: string, accountId: string, result: ImportResult) {
  return {
    data: {
      added: result.added,
      updated: result.updated,
      unchanged: result.unchanged,
      balance: dollarsFromCents(result.balance),
      fileBalance: result.fileLedgerBalance === null ? null : dollarsFromCents(result.fileLedgerBalance),
      balanceMatches: result.fileLedgerBalance === null ? null : result.fileLedgerBalance === result.balance,
      categories: await views.categoryBalances(userId, result.categories),
      acctBalances: await views.accountBalances(userId, [accountId]),
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

  async import(caller: Caller, account: AccountRow, file: ParsedFile, format: 'OFX' | 'CSV'): Promise<ImportResult> {
    const actor = format === 'OFX' ? ('ofx' as const) : ('csv' as const);
    const importer: Caller = { ...caller, actor };
    const { unassigned } = await this.lookups.systemCategories(caller.userId);
    const existing = await this.lookups.byProviderId(account.id, file.rows.map((r) => r.providerId));
    const result = { added: 0, updated: 0, unchanged: 0 };
    // The auto-assignment rules, asked once for the whole file (a row added again by a retry is matched as the first run matched it).
    const ruled = (await this.rules?.assign(caller.userId, file.rows.map((row, i) => ({ transactionId: String(i), row })))) ?? new Map<string, NotedRuleAssignment>();
    const categories = new Set([unassigned]);
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
    return { ...result, fileLedgerBalance: file.ledgerBalance, balance: after.balance, categories: [...categories] };
  }

  /** A new row: Unassigned, or the splits of the rule that claims it (its events then carry the actor `rule:<id>`). */
  private add(caller: Caller, account: AccountRow, row: ImportedRow, unassigned: string, rule?: NotedRuleAssignment) {
    const transactionId = this.writer.newId();
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
}
