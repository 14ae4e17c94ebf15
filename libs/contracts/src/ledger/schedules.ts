import { z } from 'zod';
import { date, dollars, id, idOut, isoDate, money, pageQuery, pathId, text, wholeNumber } from '../common/fields.js';
import { route } from '../common/route.js';
import { splitLines } from './transactions.js';

/**
 * Scheduled transactions (docs/architecture.md §8 "Scheduled transactions"): a payee, a signed
 * amount, an account and category splits (the split rules of a transaction), repeating every N
 * days, weeks or months from a first date, until an optional end date. The worker posts each
 * occurrence on its date as an ordinary typed row; until then it is an upcoming row that moves no
 * balance.
 */
const TAG = 'ledger: schedules';

export const SCHEDULE_UNITS = ['day', 'week', 'month'] as const;
export type ScheduleUnit = (typeof SCHEDULE_UNITS)[number];
/** The longest step: 366 days, weeks or months. */
export const SCHEDULE_EVERY_MAX = 366;
/** At most this many days of upcoming rows in one call. */
export const UPCOMING_DAYS_MAX = 400;

const NAME = 'A payee name must be provided.';

/** A schedule's body for POST and PATCH (PATCH replaces it whole: "edit all future occurrences"). */
export const scheduleBody = z.object({
  accountId: id('The account must be a valid id.'),
  name: text({ max: 500, message: NAME }),
  amount: dollars(),
  /** Left out or empty: the whole amount in Unassigned, as a transaction (server-behaviour §8 rule 8). */
  categories: splitLines.optional(),
  every: wholeNumber({ min: 1, max: SCHEDULE_EVERY_MAX, message: `Every must be a whole number from 1 to ${SCHEDULE_EVERY_MAX}.` }),
  unit: z.enum(SCHEDULE_UNITS, { error: 'The unit must be day, week or month.' }),
  /** The first occurrence. */
  startDate: date(),
  /** Months only: the day of the month (29–31 fall on a shorter month's last day); default the start date's day. */
  dayOfMonth: wholeNumber({ min: 1, max: 31, message: 'The day of the month must be a whole number from 1 to 31.' }).nullable().optional(),
  /** No occurrence after it. */
  endDate: date().nullable().optional(),
  /** The bill (a category with a bill plan) this schedule pays; a bill owns at most one schedule. */
  billId: id('The bill must be a valid id.').nullable().optional(),
});
export type ScheduleBody = z.output<typeof scheduleBody>;

/** A split of a schedule in an answer. */
export const scheduleSplitView = z.object({ categoryId: idOut, amount: money, comment: z.string().nullable() });

/** One occurrence edited alone ("edit this occurrence"). */
export const occurrenceChangeView = z.object({ date: isoDate, postDate: isoDate, name: z.string(), amount: money, categories: z.array(scheduleSplitView) });

export const scheduleView = z
  .object({
    id: idOut,
    accountId: idOut,
    name: z.string(),
    amount: money,
    categories: z.array(scheduleSplitView),
    every: z.number().int(),
    unit: z.enum(SCHEDULE_UNITS),
    startDate: isoDate,
    dayOfMonth: z.number().int().nullable(),
    endDate: isoDate.nullable(),
    billId: idOut.nullable(),
    /** The next occurrence neither posted nor skipped (its own date, before any edit); null when none is left. */
    nextDate: isoDate.nullable(),
    skipped: z.array(isoDate),
    posted: z.array(z.object({ date: isoDate, transactionId: idOut })),
    changed: z.array(occurrenceChangeView),
  })
  .meta({ id: 'Schedule' });
export type ScheduleView = z.infer<typeof scheduleView>;

/**
 * An upcoming occurrence: a "scheduled" row of a register (never counted in a balance) and the
 * month view's expected spending. `date` names the occurrence, `postDate` is the date it posts
 * with (another when the occurrence was edited alone); `overdue` when that date has passed and the
 * worker has not posted it yet.
 */
export const upcomingView = z
  .object({
    scheduleId: idOut,
    date: isoDate,
    postDate: isoDate,
    accountId: idOut,
    name: z.string(),
    amount: money,
    categories: z.array(scheduleSplitView),
    billId: idOut.nullable(),
    overdue: z.boolean(),
  })
  .meta({ id: 'UpcomingOccurrence' });
export type UpcomingView = z.infer<typeof upcomingView>;

export const scheduleParams = z.object({ id: pathId() });

/** GET /schedules: the caller's schedules by name, paged. */
export const listSchedules = route({
  id: 'listSchedules',
  method: 'GET',
  path: '/schedules',
  summary: 'The scheduled transactions',
  tag: TAG,
  query: pageQuery,
  response: z.object({ data: z.array(scheduleView), total: z.number().int() }),
});

/**
 * GET /schedules/upcoming?accountId=&from=&to=: the occurrences neither posted nor skipped whose
 * post date lies in [from, to] (default: the last 31 days, for overdue rows, to 30 days ahead), by
 * post date. A month view asks for its month.
 */
export const upcomingSchedules = route({
  id: 'upcomingSchedules',
  method: 'GET',
  path: '/schedules/upcoming',
  summary: 'Upcoming occurrences of the scheduled transactions',
  tag: TAG,
  query: z.object({
    accountId: id('The account must be a valid id.').optional(),
    from: date().optional(),
    to: date().optional(),
  }),
  response: z.object({ data: z.array(upcomingView) }),
});

/** POST /schedules: 201 with the schedule. */
export const createSchedule = route({
  id: 'createSchedule',
  method: 'POST',
  path: '/schedules',
  summary: 'Schedule a transaction',
  tag: TAG,
  status: 201,
  body: scheduleBody,
  response: z.object({ data: scheduleView }),
});

/** PATCH /schedules/{id}: the whole schedule replaced — every occurrence not posted yet follows it. */
export const changeSchedule = route({
  id: 'changeSchedule',
  method: 'PATCH',
  path: '/schedules/{id}',
  summary: 'Change a schedule (all future occurrences)',
  tag: TAG,
  params: scheduleParams,
  body: scheduleBody,
  response: z.object({ data: scheduleView }),
  errors: [404],
});

/** DELETE /schedules/{id}: no more occurrences; rows already posted stay. */
export const deleteSchedule = route({
  id: 'deleteSchedule',
  method: 'DELETE',
  path: '/schedules/{id}',
  summary: 'Delete a schedule',
  tag: TAG,
  status: 204,
  params: scheduleParams,
  response: null,
  errors: [404],
});

const occurrenceDate = date('The occurrence date must be a valid date.');

/** POST /schedules/{id}/skip {date}: that occurrence will not post. */
export const skipScheduleOccurrence = route({
  id: 'skipScheduleOccurrence',
  method: 'POST',
  path: '/schedules/{id}/skip',
  summary: 'Skip one occurrence',
  tag: TAG,
  params: scheduleParams,
  body: z.object({ date: occurrenceDate }),
  response: z.object({ data: scheduleView }),
  errors: [404],
});

/** POST /schedules/{id}/post {date}: post that occurrence now (dated today when its date is still ahead). */
export const postScheduleOccurrence = route({
  id: 'postScheduleOccurrence',
  method: 'POST',
  path: '/schedules/{id}/post',
  summary: 'Post one occurrence now',
  tag: TAG,
  status: 201,
  params: scheduleParams,
  body: z.object({ date: occurrenceDate }),
  response: z.object({ data: z.object({ transactionId: idOut, schedule: scheduleView }) }),
  errors: [404],
});

/** PUT /schedules/{id}/occurrence {date, postDate?, name?, amount?, categories?}: edit one occurrence only. */
export const changeScheduleOccurrence = route({
  id: 'changeScheduleOccurrence',
  method: 'PUT',
  path: '/schedules/{id}/occurrence',
  summary: 'Edit one occurrence',
  tag: TAG,
  params: scheduleParams,
  body: z.object({
    date: occurrenceDate,
    postDate: date().optional(),
    name: text({ max: 500, message: NAME }).optional(),
    amount: dollars().optional(),
    categories: splitLines.optional(),
  }),
  response: z.object({ data: scheduleView }),
  errors: [404],
});

export const scheduleRoutes = [listSchedules, upcomingSchedules, createSchedule, changeSchedule, deleteSchedule, skipScheduleOccurrence, postScheduleOccurrence, changeScheduleOccurrence];
