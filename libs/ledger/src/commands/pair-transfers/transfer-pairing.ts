import { Inject, Injectable } from '@nestjs/common';
import type { BankFeedRow } from '@budget/contracts';
import { EventWriter, type Caller, type ExpectedRevision, type WriteAppend } from '@budget/platform';
import { bankRowTransactionId, type BankRow } from '../../domain/bank-rows/bank-row.decide.js';
import { transactionStream, type TransactionEvent } from '../../domain/transaction.events.js';
import { foldTransaction } from '../../domain/transaction.state.js';
import { foldTransferPair, pairedWith, type PairContext, type PairDecision, type PairSide, type TransferPairState } from '../../domain/transfer-pair.decide.js';
import { decideFoundPair } from '../../domain/transfer-pair.decide.js';
import { TRANSFER_HINTS, transferPairId, transferPairStream, type TransferPairEvent } from '../../domain/transfer-pair.events.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { PairLookups } from './pair-lookups.js';

/** A new bank row to look for the other side of, with Plaid's category (the transfer hint) when the feed gave one. */
export interface PairProbe {
  transactionId: string;
  hint: string | null;
}

/** A pair and its two rows as loaded from their own streams, with the revisions a write expects. */
export interface LoadedPair {
  pair: TransferPairState;
  pairRevision: ExpectedRevision;
  sides: [PairSide, PairSide];
  revisions: Map<string, ExpectedRevision>;
}

export interface PairingResult {
  recorded: number;
  offered: number;
  /** The probed rows this pass moved out of Unassigned into Account Transfer (a sync's `unassigned` count leaves them out). */
  moved: number;
}

/** Loads a pair's stream and its two rows' streams (each must be the caller's), for a decider. */
export async function loadPair(writer: EventWriter, lookups: PairLookups, caller: Caller, pairId: string, a: string, b: string): Promise<LoadedPair> {
  const [pairLoaded, ...rows] = await Promise.all([
    writer.load<TransferPairEvent>(transferPairStream(pairId), caller, 'Transfer pair', false),
    writer.load<TransactionEvent>(transactionStream(a), caller, 'Transaction', false),
    writer.load<TransactionEvent>(transactionStream(b), caller, 'Transaction', false),
  ]);
  const states = rows.map((loaded) => ({ state: foldTransaction(loaded.events), pairedWith: pairedWith(loaded.events) }));
  const names = await lookups.accountNames(caller.userId, states.flatMap((s) => (s.state.account ? [s.state.account.accountId] : [])));
  const sides = states.map(({ state, pairedWith: other }) => {
    const accountName = state.account ? names.get(state.account.accountId) : undefined;
    // A row whose account is gone (deleted) is no side of anything.
    return { state: accountName === undefined ? { ...state, deleted: true } : state, pairedWith: other, accountName: accountName ?? '' };
  }) as [PairSide, PairSide];
  return {
    pair: foldTransferPair(pairLoaded.events),
    pairRevision: pairLoaded.revision,
    sides,
    revisions: new Map([[a, rows[0]!.revision], [b, rows[1]!.revision]]),
  };
}

/** The decision as one write: the pair's stream and each row's stream, each at the revision it was decided on. */
export function pairAppends(pairId: string, loaded: LoadedPair, decision: PairDecision): WriteAppend[] {
  return [
    { stream: transferPairStream(pairId), events: decision.pair, expectedRevision: loaded.pairRevision },
    ...[...decision.rows].map(([id, events]) => ({ stream: transactionStream(id), events, expectedRevision: loaded.revisions.get(id)! })),
  ];
}

/**
 * The pairing after a bank feed (README "Transfer pairs"). For each new posted row, the read model
 * is searched for the other side (`PairLookups.matches`): a row of another of the user's accounts,
 * opposite amount, dated within a few days, both still in Unassigned and unpaired. A pair is
 * recorded alone when each row is the other's only candidate and Plaid hinted a transfer
 * (TRANSFER_IN, TRANSFER_OUT or LOAN_PAYMENTS) on either row of this feed; every other candidate
 * pair is offered to the user. Each decision is made on the pair's and the rows' own streams and
 * appended as one write expecting their revisions — the pair's stream, named by the two rows' ids,
 * expects no stream — so a re-sync, a retried job or two syncs at once record a pair exactly once.
 */
@Injectable()
export class TransferPairing {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly ledger: LedgerLookups,
    @Inject(PairLookups) private readonly lookups: PairLookups,
  ) {}

  /** The rows a bank feed just recorded (`RecordBankFeedHandler`), with Plaid's hints from the feed's own rows. */
  afterBankFeed(userId: string, rows: readonly BankRow[], feed: readonly BankFeedRow[]): Promise<PairingResult> {
    const hints = new Map(feed.map((r) => [r.transactionId, r.categoryHint ?? null]));
    const probes = rows.filter((r) => !r.pending).map((r) => ({ transactionId: bankRowTransactionId(r), hint: hints.get(r.providerTransactionId) ?? null }));
    return this.pair(userId, probes);
  }

  async pair(userId: string, probes: readonly PairProbe[]): Promise<PairingResult> {
    const result: PairingResult = { recorded: 0, offered: 0, moved: 0 };
    if (probes.length === 0) return result;
    const { unassigned, accountTransfer } = await this.ledger.systemCategories(userId);
    if (!unassigned || !accountTransfer) return result;
    const hinted = new Set(probes.filter((p) => p.hint !== null && TRANSFER_HINTS.has(p.hint)).map((p) => p.transactionId));
    const probed = new Set(probes.map((p) => p.transactionId));
    const found = await this.lookups.matches(userId, probes.map((p) => p.transactionId), unassigned);
    if (found.size === 0) return result;
    // The other rows' own candidates: a pair is unambiguous only when each row has the other alone.
    const others = [...new Set([...found.values()].flat())].filter((id) => !found.has(id));
    const theirs = await this.lookups.matches(userId, others, unassigned);
    const candidatesOf = (id: string) => found.get(id) ?? theirs.get(id) ?? [];

    const caller: Caller = { userId, actor: 'system' };
    const paired = new Set<string>();
    const seen = new Set<string>();
    for (const [a, matches] of found) {
      for (const b of matches) {
        const pairId = transferPairId(a, b);
        if (seen.has(pairId) || paired.has(a) || paired.has(b)) continue;
        seen.add(pairId);
        const unambiguous = (hinted.has(a) || hinted.has(b)) && matches.length === 1 && candidatesOf(b).length === 1;
        const context: PairContext = { pairId, unassignedCategoryId: unassigned, accountTransferCategoryId: accountTransfer };
        const outcome = await this.writer.retrying(async () => {
          const loaded = await loadPair(this.writer, this.lookups, caller, pairId, a, b);
          const decision = decideFoundPair(context, loaded.pair, loaded.sides[0], loaded.sides[1], unambiguous);
          if (decision.pair.length === 0) return 'nothing';
          await this.writer.settle(caller, await this.writer.appendMany(pairAppends(pairId, loaded, decision), caller));
          return decision.rows.size > 0 ? 'recorded' : 'offered';
        });
        if (outcome === 'recorded') {
          paired.add(a).add(b);
          result.recorded += 1;
          result.moved += [a, b].filter((id) => probed.has(id)).length;
        } else if (outcome === 'offered') result.offered += 1;
      }
    }
    return result;
  }
}
