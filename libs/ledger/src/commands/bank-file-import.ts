import { Inject, Injectable, Optional } from '@nestjs/common';
import { dollarsFromCents, type Cents } from '@budget/money';
import { currentCause, currentRequestId, EVENT_STORE, EventWriter, type Caller, type EventStore, type StoredEvent, type WriteAppend } from '@budget/platform';
import { accountStream, type StatementFileImported } from '../domain/account.events.js';
import { bankTransactionId } from '../domain/bank-rows/bank-transaction-id.js';
import type { TransactionChange } from '../domain/balance-bound.js';
import { RuleViolation } from '../domain/domain-error.js';
import { ImportFileError, type ImportedRow, type ParsedFile } from '../domain/import/imported-row.js';
import { decideRecordAccountTransaction } from '../domain/record-transaction.decide.js';
import { decideReimport } from '../domain/reimport.decide.js';
import { statementImportStream, type StatementFileImportPlanned } from '../domain/statement-import.events.js';
import { transactionStream, type TransactionEvent } from '../domain/transaction.events.js';
import { evolveTransaction, foldTransaction } from '../domain/transaction.state.js';
import { LedgerLookups, type AccountRow } from '../queries/ledger-lookups.js';
import { ensureWithinBalanceBound } from './balance-bound.js';
import { reopenForProviderChanges } from './locked-row.js';
import { notedAutoAssignment, RulesByQuery, type NotedRuleAssignment } from './auto-assign/rules-by-query.js';
import type { LedgerViews } from '../queries/transaction-view.js';
import { TransferPairing } from './pair-transfers/transfer-pairing.js';
import { ImportLeases } from './import-sweep/import-leases.js';

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

/** Rows per append of an import: a 5 MB file (about 16,000 rows) never holds the user's lock for long. */
export const IMPORT_CHUNK_ROWS = 250;

/** How often an import that lost a race on a row's stream is decided again. */
const CONFLICT_ATTEMPTS = 5;

/** Nest token of the rows per import chunk (`IMPORT_CHUNK_ROWS` when not provided). */
export const IMPORT_CHUNK_SIZE = Symbol.for('budget.ledger.ImportChunkSize');

/** One row's decision: its append (none when unchanged), and whether an earlier run of this request already stored it. */
interface Decided {
  append: WriteAppend | null;
  change: TransactionChange | null;
  storedBefore: boolean;
}

/**
 * OFX and CSV import (server-behaviour §4.2.5 with weak points fixed), shared by both import
 * handlers: new rows go to Unassigned, a row already stored (same FITID or fingerprint) is not
 * added again, and the file's ledger balance is compared with ours and reported, never written
 * over it. Each row is its own transaction stream, decided by the transaction deciders.
 *
 * In chunks (docs/architecture.md §8 "Imports in chunks"), as a bank sync records its rows: the
 * import's plan (`StatementFileImportPlanned`: the rows and the chunk size) is recorded first on its
 * own stream, named by an id drawn first (derived from the Idempotency-Key in a keyed request); the
 * rows are decided, the whole file checked against the balance bound, then appended a chunk at a
 * time, each chunk one transaction under the user's lock. A retry (after a crash, a failed chunk or
 * a 202) names the same import, reads its plan back and derives the same chunks from it; each row's
 * stream id is derived from its input, so a chunk already stored appends nothing and the import
 * resumes where it stopped, exactly once. Then the transfer pairing runs over the added rows, as
 * after a bank sync (README "Transfer pairs").
 */
@Injectable()
export class BankFileImporter {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Optional() @Inject(RulesByQuery) private readonly rules?: RulesByQuery,
    @Optional() @Inject(TransferPairing) private readonly transfers?: TransferPairing,
    /** Rows per chunk (tests make it small). */
    @Optional() @Inject(IMPORT_CHUNK_SIZE) private readonly chunkSize: number = IMPORT_CHUNK_ROWS,
    /** Marks this process's runs of an import live, so that the sweep leaves them alone (none in the testbed). */
    @Optional() @Inject(ImportLeases) private readonly leases?: ImportLeases,
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
   * key) the store refuses that chunk whole; the import is decided again (its derived ids start
   * over, so it names the same plan), this time finding those rows in the store itself (the read
   * model may lag behind with the projector), and they count as unchanged.
   */
  async importExactlyOnce(caller: Caller, account: AccountRow, file: ParsedFile, format: 'OFX' | 'CSV'): Promise<ImportResult> {
    let attempt = 0;
    return this.writer.retrying(() => this.import(caller, account, file, format, (attempt += 1) > 1), CONFLICT_ATTEMPTS);
  }

  /**
   * Finishes an import whose plan is stored but whose run stopped before its summary (a crash with
   * no retry): decided again from the plan, with the plan's action ids, so that the rows an earlier
   * run stored count as added and only the missing ones are appended (`ImportSweep`). Null when
   * the plan is not the user's, or when its summary is in the log already (a read model behind it).
   */
  async resume(caller: Caller, importId: string): Promise<ImportResult | null> {
    const stored = await this.planned(statementImportStream(importId), caller.userId);
    if (!stored || (await this.summaryRecordedElsewhere(stored.plan.data.accountId, stored.correlationId, null))) return null;
    const account = await this.lookups.account(caller.userId, stored.plan.data.accountId);
    const file: ParsedFile = { rows: stored.plan.data.rows, ledgerBalance: stored.plan.data.fileLedgerBalance };
    const resuming: Caller = { ...caller, correlationId: stored.correlationId };
    let attempt = 0;
    return this.writer.retrying(() => this.import(resuming, account, file, stored.plan.data.format, (attempt += 1) > 1, importId), CONFLICT_ATTEMPTS);
  }

  async import(caller: Caller, account: AccountRow, file: ParsedFile, format: 'OFX' | 'CSV', fromStore = false, resumedId?: string): Promise<ImportResult> {
    // Drawn first: every run of a keyed request names the same import, and finds its plan.
    const importId = resumedId ?? this.writer.newId();
    // Its lease is held before its plan can be stored and until it answers: the sweep leaves a live run alone.
    if (!this.leases) return this.run(importId, caller, account, file, format, fromStore, resumedId !== undefined);
    return this.leases.hold(importId, () => this.run(importId, caller, account, file, format, fromStore, resumedId !== undefined));
  }

  private async run(importId: string, caller: Caller, account: AccountRow, file: ParsedFile, format: 'OFX' | 'CSV', fromStore: boolean, resumed: boolean): Promise<ImportResult> {
    const actor = format === 'OFX' ? ('ofx' as const) : ('csv' as const);
    const planStream = statementImportStream(importId);
    const stored = await this.planned(planStream, caller.userId);
    const plan = stored?.plan ?? this.plan(importId, account, file, format);
    // One action id on the plan, the rows and the summary, whoever runs it (a request's cause, a
    // resumed plan's, else the import's own): a plan with no summary of its action is unfinished.
    const importer: Caller = { ...caller, actor, ...(caller.correlationId === undefined && !currentCause() && { correlationId: stored?.correlationId ?? importId }) };
    // Rows an earlier run of this import stored (this request's, or a resumed plan's) count as added.
    const importAction = stored ? stored.correlationId : null;
    const { rows, chunkSize } = plan.data;
    const { unassigned } = await this.lookups.systemCategories(caller.userId);
    const existing = await this.knownRows(importer, account, rows, fromStore);
    const result = { added: 0, updated: 0, unchanged: 0 };
    // The auto-assignment rules, asked once for the whole file (a row added again by a retry is matched as the first run matched it).
    const ruled = (await this.rules?.assign(caller.userId, rows.map((row, i) => ({ transactionId: String(i), row })), account.id)) ?? new Map<string, NotedRuleAssignment>();
    const categories = new Set([unassigned]);
    const added: string[] = [];
    let leftUnassigned = 0;
    // Every row decided first (one decision per row, in the plan's order), then appended chunk by chunk.
    const decided: Decided[] = [];
    for (const [index, row] of rows.entries()) {
      const known = existing.get(row.providerId);
      const changed = known ? await this.reimport(importer, row, known.id, unassigned) : null;
      // A row this same request added in an earlier run (a retry after a 202 or a crash) is added
      // again: same derived id, same events, so the store ignores them and the answer counts it added.
      // A row another run of this import added (the sweep, or the request the sweep resumes) counts
      // as added and appends nothing (its ids are that run's, not this one's).
      const earlier = known !== undefined && changed !== ADDED_BY_THIS_REQUEST && importAction !== null && (await this.addedBy(known.id, importAction));
      if (known && changed !== ADDED_BY_THIS_REQUEST && !earlier) {
        decided.push(changed ? { append: changed.append, change: { before: changed.before, events: changed.append.events }, storedBefore: false } : { append: null, change: null, storedBefore: false });
        result[changed ? 'updated' : 'unchanged'] += 1;
      } else {
        const rule = ruled.get(String(index));
        rule?.splits.forEach((split) => categories.add(split.categoryId));
        if (!rule || rule.splits.every((split) => split.categoryId === unassigned)) leftUnassigned += 1;
        const append = this.add(importer, account, row, unassigned, rule);
        decided.push(earlier ? { append: null, change: null, storedBefore: true } : { append, change: { before: foldTransaction([]), events: append.events }, storedBefore: known !== undefined });
        added.push(importedTransactionId(account.id, row));
        result.added += 1;
      }
    }
    // A file that would take the account (or Unassigned) past the largest balance is refused whole,
    // before its plan is recorded; rows an earlier run of this request stored are in the balances already.
    await ensureWithinBalanceBound(this.lookups, caller.userId, 'file', decided.flatMap((d) => (d.change && !d.storedBefore ? [d.change] : [])));
    // A request records its plan (a retry of it: the same event, which the store ignores); the sweep only reads it back.
    const recorded = resumed ? null : await this.writer.appendMany([{ stream: planStream, events: [plan], expectedRevision: 'any' }], importer);
    for (let start = 0; start < decided.length; start += chunkSize) {
      const chunk = decided.slice(start, start + chunkSize);
      const appends = chunk.flatMap((d) => (d.append ? [d.append] : []));
      if (appends.length === 0) continue;
      // Balances may have moved since the whole file was checked (another write of the user's).
      await ensureWithinBalanceBound(this.lookups, caller.userId, 'file', chunk.flatMap((d) => (d.change && !d.storedBefore ? [d.change] : [])));
      // A re-imported row of a finished statement that the file changes reopens it in this write (docs/architecture.md §9.7).
      const updated = chunk.flatMap((d) => (d.change && d.change.before.exists ? [{ before: d.change.before, after: d.change.events.reduce(evolveTransaction, d.change.before) }] : []));
      appends.push(...(await reopenForProviderChanges(this.writer, this.lookups, importer, updated)));
      await this.writer.settle(importer, await this.writer.appendMany(appends, importer));
    }
    await this.writer.settle(importer, recorded);
    const after = await this.lookups.account(caller.userId, account.id);
    const summary: StatementFileImported = {
      type: 'StatementFileImported',
      data: { accountId: account.id, format, ...result, fileLedgerBalance: plan.data.fileLedgerBalance, balanceAfterImport: after.balance },
    };
    // A record of the import that decides nothing (the account's state ignores it), so it is
    // appended at any revision: an account change racing the import cannot turn an import whose
    // rows are stored into a failed answer. An import another run finished (the sweep, or the
    // request it resumed) is not recorded twice; this run's own summary is appended again, a no-op.
    if (importAction === null || !(await this.summaryRecordedElsewhere(account.id, importAction))) {
      await this.writer.settle(importer, await this.writer.append(accountStream(account.id), [summary], 'any', importer));
    }
    // Transfers between the user's own accounts among the added rows, offered as after a bank sync (no hint: never recorded alone).
    const paired = await this.transfers?.pair(caller.userId, added.map((transactionId) => ({ transactionId, hint: null })));
    return {
      ...result,
      unassigned: Math.max(0, leftUnassigned - (paired?.moved ?? 0)),
      fileLedgerBalance: plan.data.fileLedgerBalance,
      balance: paired && paired.recorded > 0 ? (await this.lookups.account(caller.userId, account.id)).balance : after.balance,
      categories: [...categories],
    };
  }

  /** A new plan: the file's rows as the edge rules kept them (their fields only), and the rows per chunk. */
  private plan(importId: string, account: AccountRow, file: ParsedFile, format: 'OFX' | 'CSV'): StatementFileImportPlanned {
    const rows = file.rows.map(({ providerId, date, name, amount }) => ({ providerId, date, name, amount }));
    return { type: 'StatementFileImportPlanned', data: { importId, accountId: account.id, format, fileLedgerBalance: file.ledgerBalance, chunkSize: Math.max(1, this.chunkSize), rows } };
  }

  /** The plan an earlier run of this import recorded, with its action id (read from the store itself, not cut at this request as `EventWriter.load` does). */
  private async planned(stream: string, userId: string): Promise<{ plan: StatementFileImportPlanned; correlationId: string } | null> {
    const [found] = await this.store.readStream(stream);
    if (!found || found.metadata.userId !== userId || found.type !== 'StatementFileImportPlanned') return null;
    return { plan: { type: 'StatementFileImportPlanned', data: found.data as StatementFileImportPlanned['data'] }, correlationId: found.metadata.correlationId };
  }

  /** Whether the row's stream was started by the import of action `correlationId` (an earlier run of it). */
  private async addedBy(transactionId: string, correlationId: string): Promise<boolean> {
    const [first] = await this.store.readStream(transactionStream(transactionId));
    return first?.metadata.correlationId === correlationId;
  }

  /** Whether another run of the import of action `correlationId` (not the run `run`, by default this request) has recorded its summary on the account: it finished. */
  private async summaryRecordedElsewhere(accountId: string, correlationId: string, run: string | null = currentRequestId() ?? null): Promise<boolean> {
    const events: StoredEvent[] = await this.store.readStream(accountStream(accountId));
    return events.some((e) => e.type === 'StatementFileImported' && e.metadata.correlationId === correlationId && (run === null || e.metadata.requestId !== run));
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

/**
 * The transaction id of an imported row: derived from (account, source, key) as a bank feed's rows
 * are (`bankTransactionId`), so the same FITID or CSV fingerprint in the same account is always the
 * same `transaction-<id>` stream, whichever request brings it.
 */
export function importedTransactionId(accountId: string, row: Pick<ImportedRow, 'providerId'>): string {
  return bankTransactionId(accountId, row.providerId.startsWith('csv:') ? 'csv' : 'ofx', row.providerId);
}
