import { Inject, Injectable } from '@nestjs/common';
import { EventWriter, NotFound, type Caller, type DomainEvent, type WriteAppend } from '@budget/platform';
import { RuleViolation } from '../domain/domain-error.js';
import { decideRecordAccountTransaction } from '../domain/record-transaction.decide.js';
import type { SplitInput } from '../domain/splits.js';
import { transactionStream } from '../domain/transaction.events.js';
import { foldTransaction } from '../domain/transaction.state.js';
import { ensureWithinBalanceBound, prefetchBalances } from '../commands/balance-bound.js';
import { transactionContext } from '../commands/transaction-context.js';
import { LedgerLookups } from '../queries/ledger-lookups.js';
import {
  decideSchedule, evolveSchedule, foldSchedule, occurrence, occurrenceTransactionId,
  type ScheduleCommand, type ScheduleContext, type ScheduleState,
} from './domain/schedule.decide.js';
import { isScheduleEvent, scheduleStream, type ScheduleEvent, type ScheduleOccurrencePosted } from './domain/schedule.events.js';
import { ScheduleReads } from './schedule-reads.js';

/** A context for commands that check nothing outside the stream (delete, skip). */
const NO_CONTEXT: ScheduleContext = {
  categoryExists: () => false, unassignedCategoryId: '', loanAccount: false, accountStartDate: null,
  billExists: () => false, billOwnedElsewhere: () => true,
};

export interface ScheduleOutcome {
  events: ScheduleEvent[];
  state: ScheduleState;
  /** The transaction a PostOccurrence made (or had made before). */
  transactionId: string | null;
}

/**
 * The thin shell around the schedule decider (docs/architecture.md §8 "Scheduled transactions"):
 * load `schedule-<id>` (another user's reads as missing: 404), look up what the decider needs (the
 * account as a transaction's, the categories, the bills), decide, append at the loaded revision.
 * Posting an occurrence appends, in ONE write, the transaction's first event — its id derived from
 * (schedule, occurrence date), expecting no stream — and `ScheduleOccurrencePosted` at the
 * schedule's revision: a second job, a retry or a restarted worker either loses that race or finds
 * the occurrence posted, and never records it twice. Lost races are decided again (`retrying`).
 */
@Injectable()
export class ScheduleCommands {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(ScheduleReads) private readonly reads: ScheduleReads,
  ) {}

  newId(): string {
    return this.writer.newId();
  }

  today(): string {
    return this.writer.today();
  }

  run(caller: Caller, scheduleId: string, command: ScheduleCommand): Promise<ScheduleOutcome> {
    return this.writer.retrying(async () => {
      const stream = scheduleStream(scheduleId);
      const loaded = await this.writer.load<ScheduleEvent>(stream, caller, 'Schedule', command.type !== 'CreateSchedule');
      const state = foldSchedule(loaded.events.filter(isScheduleEvent));
      const context = await this.context(caller.userId, scheduleId, command, state);
      const events = decideSchedule(command, state, context);
      const after = events.reduce(evolveSchedule, state);
      const appends: WriteAppend[] = [{ stream, events, expectedRevision: loaded.revision }];
      let transactionId: string | null = null;
      if (command.type === 'PostOccurrence') {
        transactionId = after.posted[command.date] ?? null;
        const posted = events.find((e): e is ScheduleOccurrencePosted => e.type === 'ScheduleOccurrencePosted');
        if (posted) appends.unshift(await this.transaction(caller.userId, state, command.date, posted.data.postDate, context));
      }
      await this.writer.settle(caller, await this.writer.appendMany(appends, caller));
      return { events, state: after, transactionId };
    });
  }

  /** The occurrence as a typed row of its account (manual, provider NONE: a bank row may claim it), expecting no stream. */
  private async transaction(userId: string, state: ScheduleState, date: string, postDate: string, context: ScheduleContext): Promise<WriteAppend> {
    const o = occurrence(state, date);
    const transactionId = occurrenceTransactionId(state.id, date);
    // A category deleted since the schedule was made: its part goes to Unassigned.
    const splits: SplitInput[] = o.splits.map((s) => ({ categoryId: context.categoryExists(s.categoryId) ? s.categoryId : context.unassignedCategoryId, amount: s.amount, comment: s.comment }));
    const events = decideRecordAccountTransaction(
      {
        transactionId, kind: 'manual', accountId: state.accountId, date: postDate, name: o.name, amount: o.amount,
        principle: null, comment: null, splits, provider: 'NONE', providerTransactionId: null, pending: false,
      },
      foldTransaction([]),
      context,
    );
    const balances = prefetchBalances(this.lookups, userId, [state.accountId], splits.flatMap((s) => (s.categoryId ? [s.categoryId] : [])));
    await ensureWithinBalanceBound(this.lookups, userId, 'amount', [{ before: foldTransaction([]), events }], balances);
    return { stream: transactionStream(transactionId), events: events as DomainEvent[], expectedRevision: 'no_stream' };
  }

  private async context(userId: string, scheduleId: string, command: ScheduleCommand, state: ScheduleState): Promise<ScheduleContext> {
    if (command.type === 'DeleteSchedule' || command.type === 'SkipOccurrence') return NO_CONTEXT;
    const draft = command.type === 'CreateSchedule' || command.type === 'ChangeSchedule' ? command.draft : null;
    const accountId = draft ? draft.accountId : state.accountId;
    const account = this.lookups.account(userId, accountId).catch((error: unknown) => {
      if (error instanceof NotFound && draft) throw new RuleViolation('accountId', 'The account must be one of your own accounts.', 'not_found');
      throw error;
    });
    const splits: readonly SplitInput[] =
      draft?.splits ??
      (command.type === 'ChangeOccurrence' ? [...(command.draft.splits ?? []), ...Object.values(state.changed).flatMap((c) => c.splits), ...state.splits] : [...state.splits, ...Object.values(state.changed).flatMap((c) => c.splits)]);
    const billId = draft?.billId ?? null;
    const [context, billExists, billOwned] = await Promise.all([
      transactionContext(this.lookups, userId, account, splits),
      billId ? this.reads.billExists(userId, billId) : false,
      billId ? this.reads.billOwnedElsewhere(userId, billId, scheduleId) : false,
    ]);
    await account;
    return { ...context, billExists: () => billExists, billOwnedElsewhere: () => billOwned };
  }
}
