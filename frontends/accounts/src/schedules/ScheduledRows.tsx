import { upcomingSchedules } from '@budget/contracts';
import { Amount, useRouteQuery, wireCents } from '@budget/web';
import './schedules.css';

/**
 * The account's scheduled rows (docs/architecture.md §8 "Scheduled transactions"): occurrences of
 * the next 30 days (and overdue ones) not posted yet, above its register, shown apart and counted in
 * no balance. Read through GET /schedules/upcoming, so the register's spec'd answer is unchanged.
 */
export default function ScheduledRows({ accountId }: { accountId: string }) {
  const upcoming = useRouteQuery(upcomingSchedules, { query: { accountId } });
  const rows = upcoming.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section className="scheduled-rows" aria-label="Scheduled transactions" data-testid="scheduled-rows">
      <div className="scheduled-rows__title">Scheduled (not in the balance)</div>
      <ul className="schedules__upcoming">
        {rows.map((row) => (
          <li key={`${row.scheduleId}:${row.date}`} className="schedules__occurrence" data-testid="scheduled-row">
            <span className="schedules__date">{row.postDate}</span>
            <span className="schedules__name">{row.name}</span>
            <span className="schedules__badge">{row.overdue ? 'Overdue' : 'Scheduled'}</span>
            <Amount cents={wireCents(row.amount)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
