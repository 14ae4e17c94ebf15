import type { Cents } from '@budget/money';
import { nameBasedUuid } from '../../domain/bank-rows/bank-transaction-id.js';
import { isCalendarDate } from '../../domain/dates.js';
import { MESSAGES, RuleViolation, UnknownReference } from '../../domain/domain-error.js';
import { beforeStartDate, type TransactionContext } from '../../domain/record-transaction.decide.js';
import { normaliseSplits, type SplitInput } from '../../domain/splits.js';
import type { Split } from '../../domain/transaction.events.js';
import { addDays, isOccurrence, nextOccurrence, occurrencesBetween, type Recurrence, type RecurrenceUnit } from './recurrence.js';
import type { ScheduleEvent, ScheduleFields } from './schedule.events.js';

/** One occurrence edited alone. */
export interface OccurrenceChange {
  postDate: string;
  name: string;
  amount: Cents;
  splits: Split[];
}

export interface ScheduleState extends ScheduleFields {
  id: string;
  exists: boolean;
  deleted: boolean;
  skipped: string[];
  /** Occurrence date → the transaction it became. */
  posted: Record<string, string>;
  changed: Record<string, OccurrenceChange>;
}

export const emptySchedule = (): ScheduleState => ({
  id: '', exists: false, deleted: false, accountId: '', name: '', amount: 0, splits: [],
  recurrence: { every: 1, unit: 'month', startDate: '1900-01-01', dayOfMonth: null, endDate: null }, billId: null,
  skipped: [], posted: {}, changed: {},
});

export function evolveSchedule(state: ScheduleState, event: ScheduleEvent): ScheduleState {
  switch (event.type) {
    case 'ScheduleCreated':
    case 'ScheduleChanged': {
      const { scheduleId, ...fields } = event.data;
      // Edits of single occurrences that are no occurrence any more fall away with them.
      const changed = Object.fromEntries(Object.entries(state.changed).filter(([date]) => isOccurrence(fields.recurrence, date)));
      return { ...state, ...fields, id: scheduleId, exists: true, changed };
    }
    case 'ScheduleDeleted':
      return { ...state, deleted: true };
    case 'ScheduleOccurrenceSkipped':
      return { ...state, skipped: [...state.skipped, event.data.date].sort() };
    case 'ScheduleOccurrenceChanged': {
      const { date, postDate, name, amount, splits } = event.data;
      return { ...state, changed: { ...state.changed, [date]: { postDate, name, amount, splits } } };
    }
    case 'ScheduleOccurrencePosted':
      return { ...state, posted: { ...state.posted, [event.data.date]: event.data.transactionId } };
    default: {
      const _never: never = event;
      return _never;
    }
  }
}

export const foldSchedule = (events: readonly ScheduleEvent[]): ScheduleState => events.reduce(evolveSchedule, emptySchedule());

/** Whether an occurrence is still to come: neither posted nor skipped. */
export const isOpen = (state: ScheduleState, date: string) => !(date in state.posted) && !state.skipped.includes(date);

/** The next open occurrence (its own date), or null: what the read model's `next_date` keeps. */
export const nextOpenDate = (state: ScheduleState): string | null =>
  state.exists && !state.deleted ? nextOccurrence(state.recurrence, state.recurrence.startDate, (date) => isOpen(state, date)) : null;

/** An occurrence as it will post: the schedule's fields, or its own edit's. */
export interface Occurrence {
  date: string;
  postDate: string;
  name: string;
  amount: Cents;
  splits: Split[];
}

export function occurrence(state: ScheduleState, date: string): Occurrence {
  const own = state.changed[date];
  return own ? { date, ...own, splits: own.splits } : { date, postDate: date, name: state.name, amount: state.amount, splits: state.splits };
}

/**
 * An edited occurrence may move at most this many days from its own date, so that finding due
 * occurrences needs to look only this far past the next open one.
 */
export const MOVE_DAYS_MAX = 31;

/**
 * The open occurrences whose post date lies in [from, to], by post date. An edited occurrence may
 * post up to MOVE_DAYS_MAX days from its own date, so the scan is widened by that much.
 */
export function openOccurrences(state: ScheduleState, from: string, to: string): Occurrence[] {
  if (!state.exists || state.deleted) return [];
  return occurrencesBetween(state.recurrence, addDays(from, -MOVE_DAYS_MAX), addDays(to, MOVE_DAYS_MAX), 5000)
    .filter((date) => isOpen(state, date))
    .map((date) => occurrence(state, date))
    .filter((o) => o.postDate >= from && o.postDate <= to)
    .sort((a, b) => (a.postDate < b.postDate ? -1 : a.postDate > b.postDate ? 1 : a.date < b.date ? -1 : 1));
}

/** The UUID namespace of posted occurrences' transaction ids (a fixed random UUID; never change it). */
const OCCURRENCE_NAMESPACE = '0f4c6a8e-2b7d-4e91-8a3c-5d6e7f809a1b';

/**
 * The transaction id of an occurrence: a name-based UUID of (schedule, occurrence date). Its first
 * append expects no stream, so no retry, duplicate job or restart can post the occurrence twice.
 */
export const occurrenceTransactionId = (scheduleId: string, date: string) => nameBasedUuid(OCCURRENCE_NAMESPACE, `${scheduleId.toLowerCase()}\u0000${date}`);

/** The schedule as the client gave it, amounts in cents; `splits` as a transaction's (none: Unassigned). */
export interface ScheduleDraft {
  accountId: string;
  name: string;
  amount: Cents;
  splits: readonly SplitInput[];
  every: number;
  unit: RecurrenceUnit;
  startDate: string;
  dayOfMonth: number | null;
  endDate: string | null;
  billId: string | null;
}

export interface OccurrenceDraft {
  date: string;
  postDate?: string | undefined;
  name?: string | undefined;
  amount?: Cents | undefined;
  splits?: readonly SplitInput[] | undefined;
}

/** What the schedule decider knows besides the stream: the account's (as a transaction's) and the bills. */
export interface ScheduleContext extends TransactionContext {
  /** The bill exists among the user's categories with a bill plan. */
  billExists(billId: string): boolean;
  /** Another live schedule already pays this bill. */
  billOwnedElsewhere(billId: string): boolean;
}

export type ScheduleCommand =
  | { type: 'CreateSchedule'; scheduleId: string; draft: ScheduleDraft }
  | { type: 'ChangeSchedule'; draft: ScheduleDraft }
  | { type: 'DeleteSchedule' }
  | { type: 'SkipOccurrence'; date: string }
  | { type: 'ChangeOccurrence'; draft: OccurrenceDraft }
  | { type: 'PostOccurrence'; date: string; today: string };

/** A schedule that is not the caller's, or deleted: 404. */
export class ScheduleNotFound extends UnknownReference {
  constructor() {
    super('Schedule');
  }
}

/** The fields as stored: the transaction rules (name, date after the account's start, splits summing to the amount) and the recurrence's. */
export function scheduleFields(draft: ScheduleDraft, context: ScheduleContext): ScheduleFields {
  const name = draft.name.trim();
  if (name === '') throw new RuleViolation('name', MESSAGES.name, 'required');
  if (!isCalendarDate(draft.startDate)) throw new RuleViolation('startDate', MESSAGES.date, 'date');
  const early = beforeStartDate(draft.startDate, context);
  if (early) throw new RuleViolation('startDate', early.message, 'range');
  if (draft.endDate !== null && draft.endDate < draft.startDate) throw new RuleViolation('endDate', 'The end date must not be before the start date.', 'range');
  if (draft.dayOfMonth !== null && draft.unit !== 'month') throw new RuleViolation('dayOfMonth', 'A day of the month is for monthly schedules only.', 'invalid');
  if (draft.billId !== null) {
    if (!context.billExists(draft.billId)) throw new RuleViolation('billId', 'The bill must be one of your own bills.', 'not_found');
    if (context.billOwnedElsewhere(draft.billId)) throw new RuleViolation('billId', 'This bill already has a schedule.', 'taken');
  }
  const splits = normaliseSplits(draft.splits, draft.amount, context);
  const recurrence: Recurrence = { every: draft.every, unit: draft.unit, startDate: draft.startDate, dayOfMonth: draft.dayOfMonth, endDate: draft.endDate };
  return { accountId: draft.accountId, name, amount: draft.amount, splits, recurrence, billId: draft.billId };
}

const live = (state: ScheduleState): ScheduleState => {
  if (!state.exists || state.deleted) throw new ScheduleNotFound();
  return state;
};

/** An occurrence the command may act on: one of the schedule's dates, not posted yet. */
function openOccurrence(state: ScheduleState, date: string): void {
  if (!isOccurrence(state.recurrence, date)) throw new RuleViolation('date', 'The date is not an occurrence of this schedule.', 'invalid');
  if (date in state.posted) throw new RuleViolation('date', 'This occurrence has been posted already.', 'posted');
}

const sameFields = (a: ScheduleFields, b: ScheduleFields) =>
  JSON.stringify([a.accountId, a.name, a.amount, a.splits, a.recurrence, a.billId]) === JSON.stringify([b.accountId, b.name, b.amount, b.splits, b.recurrence, b.billId]);

/**
 * Decides a command on one schedule. Posting an occurrence that is posted already decides nothing
 * (a second job, a retry); posting a skipped one is refused.
 */
export function decideSchedule(command: ScheduleCommand, state: ScheduleState, context: ScheduleContext): ScheduleEvent[] {
  switch (command.type) {
    case 'CreateSchedule':
      if (state.exists) return [];
      return [{ type: 'ScheduleCreated', data: { scheduleId: command.scheduleId, ...scheduleFields(command.draft, context) } }];
    case 'ChangeSchedule': {
      const current = live(state);
      const fields = scheduleFields(command.draft, context);
      return sameFields(fields, current) ? [] : [{ type: 'ScheduleChanged', data: { scheduleId: current.id, ...fields } }];
    }
    case 'DeleteSchedule':
      return [{ type: 'ScheduleDeleted', data: { scheduleId: live(state).id } }];
    case 'SkipOccurrence': {
      const current = live(state);
      openOccurrence(current, command.date);
      if (current.skipped.includes(command.date)) return [];
      return [{ type: 'ScheduleOccurrenceSkipped', data: { scheduleId: current.id, date: command.date } }];
    }
    case 'ChangeOccurrence': {
      const current = live(state);
      const { draft } = command;
      openOccurrence(current, draft.date);
      if (current.skipped.includes(draft.date)) throw new RuleViolation('date', 'This occurrence has been skipped.', 'skipped');
      const was = occurrence(current, draft.date);
      const postDate = draft.postDate ?? was.postDate;
      if (Math.abs(Date.parse(postDate) - Date.parse(draft.date)) > MOVE_DAYS_MAX * 86_400_000)
        throw new RuleViolation('postDate', `An occurrence may move at most ${MOVE_DAYS_MAX} days.`, 'range');
      const early = beforeStartDate(postDate, context);
      if (early) throw new RuleViolation('postDate', early.message, 'range');
      const name = (draft.name ?? was.name).trim();
      if (name === '') throw new RuleViolation('name', MESSAGES.name, 'required');
      const amount = draft.amount ?? was.amount;
      // New splits as given; the amount alone changed: a single split follows it, several must be given again.
      const splits = draft.splits
        ? normaliseSplits(draft.splits, amount, context)
        : amount === was.amount
          ? was.splits
          : was.splits.length === 1
            ? [{ ...was.splits[0]!, amount }]
            : normaliseSplits([], amount, context);
      if (JSON.stringify({ postDate, name, amount, splits }) === JSON.stringify({ postDate: was.postDate, name: was.name, amount: was.amount, splits: was.splits })) return [];
      return [{ type: 'ScheduleOccurrenceChanged', data: { scheduleId: current.id, date: draft.date, postDate, name, amount, splits } }];
    }
    case 'PostOccurrence': {
      const current = live(state);
      if (command.date in current.posted) return [];
      openOccurrence(current, command.date);
      if (current.skipped.includes(command.date)) throw new RuleViolation('date', 'This occurrence has been skipped.', 'skipped');
      const transactionId = occurrenceTransactionId(current.id, command.date);
      // Posted ahead of its date ("post now"): dated today.
      const planned = occurrence(current, command.date).postDate;
      const postDate = planned > command.today ? command.today : planned;
      const early = beforeStartDate(postDate, context);
      if (early) throw new RuleViolation('date', early.message, 'range');
      return [{ type: 'ScheduleOccurrencePosted', data: { scheduleId: current.id, date: command.date, transactionId, postDate } }];
    }
    default: {
      const _never: never = command;
      return _never;
    }
  }
}
