import type { Cents } from '@budget/money';
import type { Split } from '../../domain/transaction.events.js';
import type { Recurrence } from './recurrence.js';

/**
 * Events of one scheduled transaction, all in the stream `schedule-<scheduleId>` (docs/architecture.md
 * §8 "Scheduled transactions"). Money in integer cents; splits as a transaction stores them.
 */
export interface ScheduleFields {
  accountId: string;
  name: string;
  amount: Cents;
  /** Normalised as a transaction's: the user's categories, summing to `amount`. */
  splits: Split[];
  recurrence: Recurrence;
  billId: string | null;
}

export interface ScheduleCreated {
  type: 'ScheduleCreated';
  data: { scheduleId: string } & ScheduleFields;
}

/** The schedule as a whole after the change: every occurrence not posted yet follows it. */
export interface ScheduleChanged {
  type: 'ScheduleChanged';
  data: { scheduleId: string } & ScheduleFields;
}

export interface ScheduleDeleted {
  type: 'ScheduleDeleted';
  data: { scheduleId: string };
}

export interface ScheduleOccurrenceSkipped {
  type: 'ScheduleOccurrenceSkipped';
  data: { scheduleId: string; date: string };
}

/** One occurrence edited alone: it posts on `postDate` with these fields; the others keep the schedule's. */
export interface ScheduleOccurrenceChanged {
  type: 'ScheduleOccurrenceChanged';
  data: { scheduleId: string; date: string; postDate: string; name: string; amount: Cents; splits: Split[] };
}

/**
 * The occurrence `date` became the transaction `transactionId` (derived from the schedule and the
 * date), appended in the same write as that transaction's first event, which expects no stream.
 */
export interface ScheduleOccurrencePosted {
  type: 'ScheduleOccurrencePosted';
  data: { scheduleId: string; date: string; transactionId: string; postDate: string };
}

export type ScheduleEvent = ScheduleCreated | ScheduleChanged | ScheduleDeleted | ScheduleOccurrenceSkipped | ScheduleOccurrenceChanged | ScheduleOccurrencePosted;

const SCHEDULE_EVENT_TYPES = new Set<string>(['ScheduleCreated', 'ScheduleChanged', 'ScheduleDeleted', 'ScheduleOccurrenceSkipped', 'ScheduleOccurrenceChanged', 'ScheduleOccurrencePosted']);
export const isScheduleEvent = (event: { type: string }): event is ScheduleEvent => SCHEDULE_EVENT_TYPES.has(event.type);

export const SCHEDULE_STREAM_PREFIX = 'schedule-';
export const scheduleStream = (scheduleId: string) => `${SCHEDULE_STREAM_PREFIX}${scheduleId}`;
export const isScheduleStream = (stream: string) => stream.startsWith(SCHEDULE_STREAM_PREFIX);
