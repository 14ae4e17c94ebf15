import type { CommandBus } from '@nestjs/cqrs';
import { Queue } from 'bullmq';
import { jobCause, withCause, type Clock, type Pool } from '@budget/platform';
import { PostOccurrenceCommand } from '../commands/post-occurrence/post-occurrence.command.js';
import { addDays } from '../domain/recurrence.js';
import { MOVE_DAYS_MAX, openOccurrences, type ScheduleState } from '../domain/schedule.decide.js';

/** The queue of the due scan, and its one job scheduler (BullMQ `upsertJobScheduler`). */
export const SCHEDULES_QUEUE = 'schedules';
export const DUE_SCHEDULER = 'schedules-due';
export const DUE_JOB = 'due';
/** Occurrences one scan posts per schedule at most (a schedule started long ago catches up over a few scans). */
export const DUE_PER_SCHEDULE = 100;

export interface DueScanDeps {
  commands: CommandBus;
  pool: Pool;
  clock: Clock;
  log?: (line: string) => void;
}

export interface DueScanAnswer {
  posted: number;
  failed: number;
  users: number;
}

/**
 * One due scan (docs/architecture.md §8 "Scheduled transactions"): every schedule whose next open
 * occurrence could post by today (`next_date` at most MOVE_DAYS_MAX days ahead, since an edited
 * occurrence may post that much earlier), grouped by user, and each open occurrence dated today or
 * earlier posted through `PostOccurrenceCommand` on the CommandBus — the path of the user's "post
 * now". Exactly once by construction, not by this scan: the transaction's id is derived from
 * (schedule, occurrence date) and its first append expects no stream, so scans that overlap (two
 * workers, a duplicate job, a restart mid-scan) cannot post one twice. A schedule that fails (its
 * account deleted, a balance past the bound) is logged and left for the next scan; the others go on.
 */
export async function postDueOccurrences(deps: DueScanDeps): Promise<DueScanAnswer> {
  const today = deps.clock.now().toISOString().slice(0, 10);
  const { rows } = await deps.pool.query<{ user_id: string; id: string; next_date: string; state: ScheduleState }>(
    `SELECT user_id, id, to_char(next_date, 'YYYY-MM-DD') AS next_date, state FROM ledger_schedules
      WHERE next_date IS NOT NULL AND next_date <= $1::date + ${MOVE_DAYS_MAX} ORDER BY user_id, id`,
    [today],
  );
  const byUser = new Map<string, typeof rows>();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  const answer: DueScanAnswer = { posted: 0, failed: 0, users: 0 };
  for (const [userId, schedules] of byUser) {
    let postedForUser = 0;
    for (const row of schedules) {
      const due = openOccurrences(row.state, addDays(row.next_date, -MOVE_DAYS_MAX), today).slice(0, DUE_PER_SCHEDULE);
      for (const o of due) {
        try {
          await withCause(jobCause(SCHEDULES_QUEUE, `${row.id}\u0000${o.date}`), () => deps.commands.execute(new PostOccurrenceCommand(userId, row.id, o.date, 'system')));
          postedForUser++;
        } catch (error) {
          answer.failed++;
          deps.log?.(`Schedule ${row.id} of user ${userId}: occurrence ${o.date} not posted: ${(error as Error).message}`);
          break;
        }
      }
    }
    answer.posted += postedForUser;
    if (postedForUser > 0) answer.users++;
  }
  return answer;
}

/** The due scan's queue: one repeatable job every `everyMs`, kept by a BullMQ job scheduler (one per queue, whatever the workers). */
export class DueOccurrencesQueue {
  readonly queue: Queue;

  constructor(options: { redisUrl: string; prefix: string }) {
    this.queue = new Queue(SCHEDULES_QUEUE, { connection: { url: options.redisUrl, maxRetriesPerRequest: null }, prefix: options.prefix });
  }

  /** Upserts the scheduler: restarts and several workers keep one, and its first job runs at once. */
  async scheduleEvery(everyMs: number): Promise<void> {
    await this.queue.upsertJobScheduler(DUE_SCHEDULER, { every: everyMs }, { name: DUE_JOB, data: {}, opts: { attempts: 3, backoff: { type: 'exponential', delay: 5_000 }, removeOnComplete: 100, removeOnFail: 100 } });
  }

  /** A scan now (tests, and a scan asked for out of turn). */
  async scanNow(jobId?: string): Promise<void> {
    await this.queue.add(DUE_JOB, {}, { ...(jobId ? { jobId } : {}), removeOnComplete: 100, removeOnFail: 100 });
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}
