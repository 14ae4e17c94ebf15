import { useState } from 'react';
import { listConnectedAccounts, listSchedules, postScheduleOccurrence, skipScheduleOccurrence, upcomingSchedules, type ScheduleView, type UpcomingView } from '@budget/contracts';
import {
  Amount, Button, DataTable, FormError, Loaded, sendFailure, useCategories, useEveryPage, useLedgerRefresh, useRouteQuery, useWriteAction, wireCents, type Column, type SelectOption,
} from '@budget/web';
import { recurrenceText } from './schedule-form.js';
import { OccurrenceDialog } from './OccurrenceDialog.js';
import { ScheduleDialog } from './ScheduleDialog.js';
import './schedules.css';

const today = () => new Date().toLocaleDateString('en-CA');

/**
 * /schedules (docs/architecture.md §8 "Scheduled transactions"): the scheduled transactions, and
 * the occurrences of the next 30 days (and overdue ones) with Post now and Skip. Add opens an empty
 * schedule, a schedule's Edit changes all its future occurrences. Loaded on its first use.
 */
export default function SchedulesPage() {
  const schedules = useRouteQuery(listSchedules, { query: { limit: 1000 } });
  const upcoming = useRouteQuery(upcomingSchedules, { query: {} });
  const connected = useEveryPage(listConnectedAccounts, {});
  const { data: tree } = useCategories();
  const [editing, setEditing] = useState<ScheduleView | 'new' | null>(null);
  const accounts: SelectOption[] = (connected.data?.data ?? []).flatMap((institution) =>
    institution.accounts.filter((a) => !a.closed).map((a) => ({ value: a.id, label: `${institution.name}: ${a.name}` })),
  );
  const accountName = (id: string) => accounts.find((a) => a.value === id)?.label ?? '';
  const columns: Column<ScheduleView>[] = [
    { header: 'Payee', render: (s) => s.name, sortKey: (s) => s.name },
    { header: 'Account', render: (s) => accountName(s.accountId) },
    { header: 'Repeats', render: (s) => recurrenceText(s) },
    { header: 'Next', render: (s) => s.nextDate ?? 'None left' },
    { header: 'Amount', numeric: true, render: (s) => <Amount cents={wireCents(s.amount)} /> },
    {
      header: 'Edit',
      render: (s) => (
        <Button variant="text" aria-label={`Edit ${s.name}`} onClick={() => setEditing(s)}>
          Edit
        </Button>
      ),
    },
  ];
  return (
    <section className="schedules" data-testid="schedules-page">
      <h1>Schedules</h1>
      <Button disabled={!tree || accounts.length === 0} onClick={() => setEditing('new')}>
        Add Schedule
      </Button>
      <Loaded query={schedules} what="The schedules">
        {(page) => <DataTable label="Schedules" columns={columns} rows={page.data} rowKey={(s) => s.id} empty="No scheduled transactions" />}
      </Loaded>
      <h2>Upcoming</h2>
      <Loaded query={upcoming} what="The upcoming occurrences">
        {(answer) => <UpcomingList rows={answer.data} accountName={accountName} />}
      </Loaded>
      {editing && tree ? <ScheduleDialog schedule={editing === 'new' ? null : editing} accounts={accounts} tree={tree} today={today()} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

/** The next occurrences, each with Post now, Skip (one write action each) and Edit (this occurrence alone). */
function UpcomingList({ rows, accountName }: { rows: readonly UpcomingView[]; accountName: (id: string) => string }) {
  const posting = useWriteAction();
  const skipping = useWriteAction();
  const refresh = useLedgerRefresh();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<UpcomingView | null>(null);
  const act = async (what: 'post' | 'skip', row: UpcomingView) => {
    setBusy(true);
    setError(null);
    try {
      const request = { params: { id: row.scheduleId }, body: { date: row.date } };
      const answer = what === 'post' ? await posting.send(postScheduleOccurrence, request) : await skipping.send(skipScheduleOccurrence, request);
      if (!answer.ok) setError(what === 'post' ? 'The occurrence could not be posted.' : 'The occurrence could not be skipped.');
      await refresh();
    } catch (failure) {
      setError(sendFailure(failure));
    } finally {
      setBusy(false);
    }
  };
  if (rows.length === 0) return <p className="schedules__empty">Nothing scheduled in the next 30 days.</p>;
  return (
    <>
      <FormError message={error} />
      <ul className="schedules__upcoming" aria-label="Upcoming occurrences">
        {rows.map((row) => (
          <li key={`${row.scheduleId}:${row.date}`} className="schedules__occurrence" data-testid="upcoming-occurrence">
            <span className="schedules__date">{row.postDate}</span>
            <span className="schedules__name">
              {row.name}
              <span className="schedules__account">{accountName(row.accountId)}</span>
            </span>
            {row.overdue ? <span className="schedules__badge">Overdue</span> : <span className="schedules__badge">Scheduled</span>}
            <Amount cents={wireCents(row.amount)} />
            <span className="schedules__actions">
              <Button variant="text" disabled={busy} aria-label={`Post now: ${row.name}, ${row.postDate}`} onClick={() => void act('post', row)}>
                Post now
              </Button>
              <Button variant="text" disabled={busy} aria-label={`Skip: ${row.name}, ${row.postDate}`} onClick={() => void act('skip', row)}>
                Skip
              </Button>
              <Button variant="text" disabled={busy} aria-label={`Edit: ${row.name}, ${row.postDate}`} onClick={() => setEditing(row)}>
                Edit
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {editing ? <OccurrenceDialog occurrence={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
