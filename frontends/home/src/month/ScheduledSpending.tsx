import { upcomingSchedules } from '@budget/contracts';
import { Amount, useCategories, useRouteQuery } from '@budget/web';
import { expectedByCategory, monthRange } from './scheduled-spending.js';

/**
 * The month's expected spending: its scheduled occurrences not posted yet, per category, beside the
 * month's figures (read through GET /schedules/upcoming; the month view's spec'd answer is unchanged).
 */
export function ScheduledSpending({ month, label }: { month: string; label: string }) {
  const upcoming = useRouteQuery(upcomingSchedules, { query: monthRange(month) });
  const { data: tree } = useCategories();
  const rows = upcoming.data?.data ?? [];
  if (rows.length === 0) return null;
  const { total, categories } = expectedByCategory(rows);
  return (
    <section className="month-view__scheduled" aria-label={`Scheduled in ${label}`} data-testid="month-scheduled">
      <h2>
        Scheduled in {label}: <Amount cents={total} />
      </h2>
      <ul>
        {categories.map((entry) => (
          <li key={entry.categoryId}>
            <span>{tree?.categories.get(entry.categoryId)?.path ?? 'Category'}</span> <Amount cents={entry.cents} />
          </li>
        ))}
      </ul>
    </section>
  );
}
