import { Inject, Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter, WrongExpectedRevisionError, type Actor, type Caller, type ExpectedRevision, type WriteAppend } from '@budget/platform';
import type { TransactionChange } from '../../domain/balance-bound.js';
import {
  bankRowTransactionId, decideBankRemoval, decideBankRow, replacedTransactionId, type BankRemoval, type BankRow,
} from '../../domain/bank-rows/bank-row.decide.js';
import { transactionStream, type TransactionEvent } from '../../domain/transaction.events.js';
import { evolveTransaction, foldTransaction, initialTransactionState, type TransactionState } from '../../domain/transaction.state.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { reopenForProviderChanges } from '../locked-row.js';
import { ensureWithinBalanceBound } from '../balance-bound.js';
import { notedAutoAssignment } from '../auto-assign/rules-by-query.js';
import { decideDuplicates } from '../../domain/bank-rows/duplicates.decide.js';
import { decideClaim, decideClaimedRemoval, decideClaimedRow, decideClaims } from '../../domain/bank-rows/claim.decide.js';
import { BankRowLookups } from './bank-row-lookups.js';
import { BANK_ROW_RULES, noBankRowRules, type BankRowRules, type NewBankRow, type RuleAssignment } from './bank-row-rules.js';
import { RecordBankRowsCommand, type RecordBankRowsResult } from './record-bank-rows.command.js';

type Item = { kind: 'row'; row: BankRow } | { kind: 'removal'; removal: BankRemoval };

/** One stream as a chunk sees it: its state, the revision its append expects, what the chunk adds. */
interface Entry {
  before: TransactionState;
  state: TransactionState;
  revision: ExpectedRevision;
  events: TransactionEvent[];
  actor?: Actor;
}

/** How often a chunk is decided again after losing a race (another sync of the same rows). */
const CHUNK_ATTEMPTS = 5;

/**
 * Records a feed's rows in chunks (server-behaviour §4.2.3, §8 rules 1–4, 11). Each chunk is decided
 * on its streams and appended as ONE `appendMany` — one transaction, projected set-based, the user's
 * lock held for that chunk only, so the user's own writes interleave with a long first sync.
 *
 * Exactly once by construction: a row's stream id is derived from (account, provider, provider id),
 * and a stream the chunk believes new is appended expecting no stream. Which streams exist is read
 * from the read model only as a hint; when the store refuses an append (the stream exists: a crashed
 * run's rows, or a sync running at the same time), the chunk is decided again on every stream read
 * from the store itself, and the rows already there are compared, not added again.
 *
 * Order: plain rows, then posted rows that replace a pending row (so a pending row recorded earlier
 * in the same sync is found), then removals.
 */
@CommandHandler(RecordBankRowsCommand)
export class RecordBankRowsHandler implements ICommandHandler<RecordBankRowsCommand> {
  private readonly rules: BankRowRules;

  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(BankRowLookups) private readonly rowLookups: BankRowLookups,
    @Optional() @Inject(BANK_ROW_RULES) rules?: BankRowRules,
  ) {
    this.rules = rules ?? noBankRowRules;
  }

  async execute({ userId, rows, removals, chunkSize }: RecordBankRowsCommand): Promise<RecordBankRowsResult> {
    const caller: Caller = { userId, actor: 'plaid' };
    const accounts = await this.rowLookups.accounts(userId, [...new Set([...rows, ...removals].map((r) => r.accountId.toLowerCase()))]);
    const owned = <T extends { accountId: string }>(r: T) => accounts.has(r.accountId.toLowerCase());
    const items: Item[] = [
      ...rows.filter((r) => owned(r) && replacedTransactionId(r) === null).map((row) => ({ kind: 'row' as const, row })),
      ...rows.filter((r) => owned(r) && replacedTransactionId(r) !== null).map((row) => ({ kind: 'row' as const, row })),
      ...removals.filter(owned).map((removal) => ({ kind: 'removal' as const, removal })),
    ];
    const result: RecordBankRowsResult = {
      added: 0, unassigned: 0, changed: 0, removed: 0, unchanged: 0, matched: 0, skipped: rows.length + removals.length - items.length, chunks: 0, accountIds: [], categoryIds: [],
    };
    if (items.length === 0) return result;
    const { unassigned } = await this.lookups.systemCategories(userId);
    const touchedAccounts = new Set<string>();
    const touchedCategories = new Set<string>();
    const size = Math.max(1, chunkSize);
    // Originals flagged by this run's earlier chunks: never claimed twice, even by a lagging read model.
    const claimed = new Set<string>();
    for (let start = 0; start < items.length; start += size) {
      const chunk = items.slice(start, start + size);
      const decided = await this.appendChunk(caller, chunk, unassigned, claimed);
      result.chunks += decided.appended ? 1 : 0;
      for (const key of ['added', 'unassigned', 'changed', 'removed', 'unchanged', 'matched'] as const) result[key] += decided.counts[key];
      for (const entry of decided.entries) {
        if (entry.events.length === 0) continue;
        for (const s of [...entry.before.splits, ...entry.state.splits]) touchedCategories.add(s.categoryId);
        if (entry.state.account) touchedAccounts.add(entry.state.account.accountId);
      }
    }
    return { ...result, accountIds: [...touchedAccounts], categoryIds: [...touchedCategories] };
  }

  /** Decides and appends one chunk; decided again, on streams read from the store, after a lost race. */
  private async appendChunk(caller: Caller, chunk: readonly Item[], unassigned: string, claimed: Set<string>) {
    for (let attempt = 1; ; attempt++) {
      try {
        // A lost race decides again: only the claims of the append that lands are kept.
        const claims = new Set(claimed);
        const decided = await this.decideChunk(caller, chunk, unassigned, attempt > 1, claims);
        const appends: WriteAppend[] = decided.entries
          .filter((e) => e.events.length > 0)
          .map((e) => ({ stream: transactionStream(e.state.transactionId), events: e.events, expectedRevision: e.revision, ...(e.actor && { actor: e.actor }) }));
        if (appends.length === 0) return { ...decided, appended: false };
        // A bank change to a row of a finished statement reopens it in this write (docs/architecture.md §9.7).
        appends.push(...(await reopenForProviderChanges(this.writer, this.lookups, caller, decided.entries.filter((e) => e.events.length > 0).map((e) => ({ before: e.before, after: e.state })))));
        await ensureWithinBalanceBound(this.lookups, caller.userId, 'rows', decided.entries.map((e): TransactionChange => ({ before: e.before, events: e.events })));
        await this.writer.settle(caller, await this.writer.appendMany(appends, caller));
        for (const id of claims) claimed.add(id);
        return { ...decided, appended: true };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= CHUNK_ATTEMPTS) throw error;
      }
    }
  }

  private async decideChunk(caller: Caller, chunk: readonly Item[], unassigned: string, fromStore: boolean, claimed: Set<string>) {
    const idsOf = (item: Item) =>
      item.kind === 'row' ? [bankRowTransactionId(item.row), replacedTransactionId(item.row)].filter((id): id is string => id !== null) : [bankRowTransactionId(item.removal)];
    const ids = [...new Set(chunk.flatMap(idsOf))];
    // The pending rows that posted rows replace are always read from the store: when one claimed a
    // typed row, only its stream knows which (a lagging read model must never let the posted row be
    // recorded beside the typed row it should become).
    const replacedIds = chunk.flatMap((item) => (item.kind === 'row' ? [replacedTransactionId(item.row)].filter((id): id is string => id !== null) : []));
    const bankIds = chunk.map((item) => (item.kind === 'row' ? item.row : item.removal));
    const known = fromStore
      ? new Set(ids)
      : new Set([
          ...(await this.rowLookups.knownTransactions(caller.userId, ids)),
          ...(await this.rowLookups.claimedBankRows(caller.userId, bankIds)),
          ...replacedIds,
        ]);
    const entries = new Map<string, Entry>();
    const loadEntry = async (id: string, exists: boolean) => {
      if (!exists) {
        entries.set(id, { before: { ...initialTransactionState, transactionId: id }, state: { ...initialTransactionState, transactionId: id }, revision: 'no_stream', events: [] });
        return;
      }
      const loaded = await this.writer.load<TransactionEvent>(transactionStream(id), caller, 'Transaction', false);
      const state = loaded.revision === 'no_stream' ? initialTransactionState : foldTransaction(loaded.events);
      entries.set(id, { before: { ...state, transactionId: id }, state: { ...state, transactionId: id }, revision: loaded.revision, events: [] });
    };
    await Promise.all(ids.map((id) => loadEntry(id, known.has(id))));
    // The typed rows that bank rows of this chunk claimed earlier: their events go to those streams.
    const targets = [...new Set([...entries.values()].map((e) => e.state.claimedBy).filter((id): id is string => id !== null && !entries.has(id)))];
    await Promise.all(targets.map((id) => loadEntry(id, true)));
    const entry = (id: string) => entries.get(id)!;
    const add = (id: string, events: readonly TransactionEvent[]) => {
      const e = entry(id);
      e.events.push(...events);
      e.state = events.reduce(evolveTransaction, e.state);
    };
    const claimedBy = (id: string | null) => (id === null ? null : entry(id).state.claimedBy);

    // The rules' seam: every row that will be recorded fresh (not the posted form of a known pending
    // row, nor a row that became a typed row), and the posted rows of pending rows a rule assigned
    // (a tipped bill follows the rule's split of its posted amount).
    const fresh: NewBankRow[] = chunk.flatMap((item) => {
      if (item.kind !== 'row') return [];
      const transactionId = bankRowTransactionId(item.row);
      const replaced = replacedTransactionId(item.row);
      const own = entry(transactionId).state;
      if (own.exists || own.claimedBy) return [];
      const pending = replaced ? entry(replaced).state : null;
      const ruledPending = pending?.exists ? pending.ruleSplits : pending?.claimedBy ? entry(pending.claimedBy).state.ruleSplits : false;
      return !(pending?.exists || pending?.claimedBy) || ruledPending ? [{ transactionId, row: item.row }] : [];
    });
    const newRows = fresh.filter(({ row }) => {
      const replaced = replacedTransactionId(row);
      return !(replaced && (entry(replaced).state.exists || entry(replaced).state.claimedBy));
    });
    // The rules and the duplicate candidates: one lookup each per chunk, whatever its size.
    const probes = newRows.map(({ transactionId, row }) => ({ transactionId, accountId: row.accountId, amount: row.amount, date: row.date }));
    const [assigned, candidates] = await Promise.all([
      fresh.length > 0 ? this.rules.assign(caller.userId, fresh) : new Map<string, RuleAssignment>(),
      this.rowLookups.duplicateCandidates(caller.userId, probes),
    ]);
    // A bank row claims the one typed row it matches; what is ambiguous is flagged, never guessed.
    const claims = decideClaims(probes, candidates.filter((c) => c.typed), claimed);
    const duplicates = decideDuplicates(probes.filter((p) => !claims.has(p.transactionId)), candidates, claimed);
    // The typed rows claimed here are read from the store: their claim is decided on their own stream.
    await Promise.all([...new Set(claims.values())].filter((id) => !entries.has(id)).map((id) => loadEntry(id, true)));

    const counts = { added: 0, unassigned: 0, changed: 0, removed: 0, unchanged: 0, matched: 0 };
    for (const item of chunk) {
      if (item.kind === 'removal') {
        const id = bankRowTransactionId(item.removal);
        const target = claimedBy(id);
        const events = target ? decideClaimedRemoval(item.removal.providerTransactionId, entry(target).state) : decideBankRemoval(entry(id).state);
        add(target ?? id, events);
        counts[events.length > 0 ? 'removed' : 'unchanged'] += 1;
        continue;
      }
      const id = bankRowTransactionId(item.row);
      const replaced = replacedTransactionId(item.row);
      const rule = assigned.get(id);
      // A later copy of a bank row that became a typed row: the typed row takes its changes.
      const own = claimedBy(id);
      if (own) {
        const events = decideClaimedRow(item.row, entry(own).state, unassigned);
        add(own, events);
        counts[events.length > 0 ? 'changed' : 'unchanged'] += 1;
        continue;
      }
      // A bank row becoming a typed row: the posted form of a pending row that had claimed it, or a new match.
      const viaPending = claimedBy(replaced);
      const typedId = entry(id).state.exists ? null : (viaPending ?? claims.get(id) ?? null);
      if (typedId) {
        const claim = decideClaim(item.row, id, entry(typedId).state, viaPending ? item.row.pendingTransactionId : null, unassigned, rule?.splits ?? null);
        if (claim.bank.length > 0) {
          add(id, claim.bank);
          add(typedId, claim.typed);
          counts.matched += 1;
          continue;
        }
      }
      const existed = entry(id).state.exists;
      const pendingState = replaced && !viaPending ? entry(replaced).state : null;
      const decision = decideBankRow(item.row, entry(id).state, pendingState, {
        unassignedCategoryId: unassigned,
        assigned: rule?.splits ?? null,
        duplicateOf: duplicates.get(id) ?? null,
      });
      add(id, notedAutoAssignment(decision.row, rule));
      if (rule && !existed && decision.row.length > 0) entry(id).actor = rule.actor;
      if (replaced && !viaPending) add(replaced, decision.replaced);
      counts[decision.row.length === 0 ? 'unchanged' : existed ? 'changed' : 'added'] += 1;
      const { splits } = entry(id).state;
      if (!existed && decision.row.length > 0 && splits.length > 0 && splits.every((s) => s.categoryId === unassigned)) counts.unassigned += 1;
    }
    return { entries: [...entries.values()], counts };
  }
}
