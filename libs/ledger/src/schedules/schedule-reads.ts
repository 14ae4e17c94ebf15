import { Inject, Injectable } from '@nestjs/common';
import type { ScheduleView, UpcomingView } from '@budget/contracts';
import { dollarsFromCents } from '@budget/money';
import { PG_POOL, type Pool } from '@budget/platform';
import type { Split } from '../domain/transaction.events.js';
import { nextOpenDate, openOccurrences, type Occurrence, type ScheduleState } from './domain/schedule.decide.js';

const splitView = (s: Split) => ({ categoryId: s.categoryId, amount: dollarsFromCents(s.amount), comment: s.comment });

/** A schedule in the wire's shape: dollars, its posted, skipped and edited occurrences by date. */
export function scheduleView(state: ScheduleState): ScheduleView {
  const r = state.recurrence;
  return {
    id: state.id,
    accountId: state.accountId,
    name: state.name,
    amount: dollarsFromCents(state.amount),
    categories: state.splits.map(splitView),
    every: r.every,
    unit: r.unit,
    startDate: r.startDate,
    dayOfMonth: r.dayOfMonth,
    endDate: r.endDate,
    billId: state.billId,
    nextDate: nextOpenDate(state),
    skipped: [...state.skipped],
    posted: Object.entries(state.posted).sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, transactionId]) => ({ date, transactionId })),
    changed: Object.entries(state.changed)
      .filter(([date]) => !(date in state.posted))
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([date, c]) => ({ date, postDate: c.postDate, name: c.name, amount: dollarsFromCents(c.amount), categories: c.splits.map(splitView) })),
  };
}

export function upcomingView(state: ScheduleState, o: Occurrence, today: string): UpcomingView {
  return {
    scheduleId: state.id, date: o.date, postDate: o.postDate, accountId: state.accountId, name: o.name, amount: dollarsFromCents(o.amount),
    categories: o.splits.map(splitView), billId: state.billId, overdue: o.postDate < today,
  };
}

/** What the schedules read: their read model (`ledger_schedules`), always filtered on the caller first. */
@Injectable()
export class ScheduleReads {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async page(userId: string, offset: number, limit: number): Promise<{ states: ScheduleState[]; total: number }> {
    const [{ rows }, count] = await Promise.all([
      this.pool.query<{ state: ScheduleState }>('SELECT state FROM ledger_schedules WHERE user_id = $1 ORDER BY lower(name), id OFFSET $2 LIMIT $3', [userId, offset, limit]),
      this.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_schedules WHERE user_id = $1', [userId]),
    ]);
    return { states: rows.map((r) => r.state), total: count.rows[0]!.n };
  }

  async one(userId: string, scheduleId: string): Promise<ScheduleState | null> {
    const { rows } = await this.pool.query<{ state: ScheduleState }>('SELECT state FROM ledger_schedules WHERE user_id = $1 AND id = $2', [userId, scheduleId]);
    return rows[0]?.state ?? null;
  }

  /** The caller's open occurrences posting in [from, to], on one account or all, by post date. */
  async upcoming(userId: string, accountId: string | null, from: string, to: string): Promise<{ state: ScheduleState; occurrence: Occurrence }[]> {
    const { rows } = await this.pool.query<{ state: ScheduleState }>(
      `SELECT state FROM ledger_schedules
        WHERE user_id = $1 AND ($2::text IS NULL OR account_id = $2) AND next_date IS NOT NULL AND next_date <= $3::date + 31`,
      [userId, accountId, to],
    );
    return rows
      .flatMap((r) => openOccurrences(r.state, from, to).map((occurrence) => ({ state: r.state, occurrence })))
      .sort((a, b) => (a.occurrence.postDate < b.occurrence.postDate ? -1 : a.occurrence.postDate > b.occurrence.postDate ? 1 : a.state.name < b.state.name ? -1 : 1));
  }

  /** Whether the bill is one of the user's (a BILL category of the budget's read model, read by the user as the ledger's lookups do). */
  async billExists(userId: string, billId: string): Promise<boolean> {
    const { rows } = await this.pool.query("SELECT 1 FROM budget_categories WHERE user_id = $1 AND id::text = $2 AND type = 'BILL'", [userId, billId]);
    return rows.length > 0;
  }

  /** Whether another live schedule of the user pays the bill. */
  async billOwnedElsewhere(userId: string, billId: string, scheduleId: string): Promise<boolean> {
    const { rows } = await this.pool.query('SELECT 1 FROM ledger_schedules WHERE user_id = $1 AND bill_id = $2 AND id <> $3', [userId, billId, scheduleId]);
    return rows.length > 0;
  }
}
