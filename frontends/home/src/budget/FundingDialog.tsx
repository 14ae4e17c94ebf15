import { useMemo, useState } from 'react';
import { firstOfMonth } from '@budget/money';
import { Amount, Button, fundingRowsError, LoadError, LoadingBlock, toIsoDate, type CategoryTree, type Id } from '@budget/web';
import { CheckField } from './CheckField.js';
import { dialogRows, narrowRows, rowCategoryIds } from './dialog-rows.js';
import { fillLastMonth, fillOverspent, fillUnderfunded, fundingBody, fundingLines, fundingRowWanted, planFunding, poolAfter, proposedAmounts, startingEntries, withProposed, type FundingEntry, type QuickFill } from './funding-form.js';
import { FundingRowView } from './FundingRowView.js';
import { GroupHeadingRow } from './GroupHeadingRow.js';
import type { StoredTransfer } from './transfer-data.js';
import { TransferDialogFrame } from './TransferDialogFrame.js';
import { useFundingData } from './use-funding-data.js';

/** "Dec 1, 2026" for the ISO date the dialog funds on: its balances are that day's, Home's today's. */
function shortDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  if (!year || !month || !day) return iso;
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

export interface FundingDialogProps {
  tree: CategoryTree;
  stored: StoredTransfer | null;
  onClose: () => void;
  onConflict: () => void;
}

/**
 * Fund (type 2): one row per category with its balance as of the date, last month's figures, its
 * plan, what it is still proposed this month (after the fundings already dated in it), the amount
 * to fund and its funding categories; the splits are built by `buildFunding`. Amounts start empty:
 * only what is typed, or filled by a quick-funding button or "Use proposed", is funded. The list can be narrowed to the
 * categories with a plan or underfunded.
 */
export function FundingDialog({ tree, stored, onClose, onConflict }: FundingDialogProps) {
  const pool = tree.fundingPool?.id ?? null;
  const [date, setDate] = useState(stored?.date ?? firstOfMonth(toIsoDate(new Date())));
  const [edits, setEdits] = useState<Map<Id, FundingEntry>>(new Map());
  const [open, setOpen] = useState<Id | null>(null);
  const [narrow, setNarrow] = useState(false);
  const data = useFundingData(date, stored?.id ?? null);
  const allRows = useMemo(() => dialogRows(tree, { system: false }), [tree]);
  const starting = useMemo(() => (data.proposals ? startingEntries(rowCategoryIds(allRows), data.proposals, stored, pool) : null), [allRows, data.proposals, stored, pool]);
  const entries = useMemo(() => (starting ? new Map([...starting].map(([id, entry]) => [id, edits.get(id) ?? entry])) : null), [starting, edits]);
  const proposed = useMemo(() => (data.proposals ? proposedAmounts(data.proposals, stored, date) : null), [data.proposals, stored, date]);
  const rows = useMemo(
    () =>
      narrow
        ? narrowRows(allRows, (id) =>
            fundingRowWanted({ plan: data.plan?.get(id), proposed: proposed?.get(id), balance: data.balances?.get(id), base: entries?.get(id)?.base ?? 0 }),
          )
        : allRows,
    [narrow, allRows, data.plan, data.balances, proposed, entries],
  );
  const outcome = entries && pool ? planFunding(fundingLines(entries), pool) : null;
  const change = (id: Id, part: Partial<FundingEntry>) => {
    const current = entries?.get(id);
    if (current) setEdits((all) => new Map(all).set(id, { ...current, ...part }));
  };
  const fillProposed = () => {
    if (entries && proposed) setEdits(withProposed(entries, proposed));
  };
  // Quick funding (docs/architecture.md §9.3): fills the amounts only; the totals and Save read them.
  const quickFill = (kind: QuickFill) => {
    if (!entries || !proposed || !data.balances || !data.info) return;
    if (kind === 'underfunded') setEdits(fillUnderfunded(entries, proposed, data.balances));
    else if (kind === 'lastMonth') setEdits(fillLastMonth(entries, new Map([...data.info].map(([id, info]) => [id, info.previousFunding]))));
    else if (pool) setEdits(fillOverspent(entries, data.balances, pool));
  };
  const onDate = shortDate(date);

  const makeBody = () => {
    if (!outcome || !entries) return 'The proposed funding has not been loaded yet.';
    if (!outcome.ok) return outcome.error;
    // Nothing to fund: no request is sent (product-spec §5 "Funding form").
    if (outcome.funded === 0 && !stored) {
      console.info('Funding: every amount is 0, nothing was sent.');
      return 'There is nothing to fund: every amount is 0.00.';
    }
    for (const [id, entry] of entries) {
      const problem = fundingRowsError(entry.rows);
      if (problem) return `${tree.categories.get(id)?.path ?? 'A category'}: ${problem}`;
    }
    return fundingBody(date, outcome.splits, stored?.version);
  };
  const drawn = outcome?.ok && pool ? (outcome.drawn.get(pool) ?? 0) : 0;
  const summary =
    outcome?.ok === true ? (
      <div className="budget-totals" aria-live="polite">
        <p className="budget-total" data-testid="funding-total">
          Total funding <Amount cents={outcome.funded} />
        </p>
        <p className="budget-total">
          From {tree.fundingPool?.name ?? 'Funding Pool'} <Amount cents={drawn} />
        </p>
        <p className="budget-total" data-testid="funding-pool-after">
          Left in {tree.fundingPool?.name ?? 'Funding Pool'} <Amount cents={pool ? poolAfter(tree.fundingPool?.balance ?? 0, drawn, stored, pool) : 0} />
        </p>
      </div>
    ) : null;

  return (
    <TransferDialogFrame title={stored ? 'Edit Funding' : 'Fund Categories'} testId="funding-dialog" stored={stored} date={date} onDate={setDate} makeBody={makeBody} summary={summary} onClose={onClose} onConflict={onConflict}>
      {data.error !== null ? (
        <LoadError what="The funding figures" error={data.error} onRetry={data.retry} retrying={data.retrying} />
      ) : data.loading || !entries ? (
        <LoadingBlock />
      ) : (
        <>
          <div className="budget-funding__tools">
            <div className="budget-funding__quick" role="group" aria-label="Quick funding">
              <Button variant="secondary" onClick={() => quickFill('underfunded')}>
                Fund what&apos;s underfunded
              </Button>
              <Button variant="secondary" onClick={() => quickFill('lastMonth')}>
                Same as last month
              </Button>
              <Button variant="secondary" onClick={() => quickFill('overspent')} disabled={!pool}>
                Cover overspending
              </Button>
              <Button variant="secondary" onClick={fillProposed} disabled={!proposed}>
                Use proposed
              </Button>
            </div>
            <CheckField label="Only categories with a plan or underfunded" checked={narrow} onChange={setNarrow} />
          </div>
          <div className="budget-list budget-list--funding" role="table" aria-label="Funding categories">
            <div className="budget-list__row budget-list__row--funding budget-list__row--head" role="row">
              <span role="columnheader">Category</span>
              {[`Balance on ${onDate}`, 'Last Funded', 'Last Spent', 'Plan', 'Proposed', 'Amount'].map((label) => (
                <span key={label} role="columnheader" className="budget-num">
                  {label}
                </span>
              ))}
              <span role="columnheader">Funded From</span>
            </div>
            {rows.map((row) =>
              row.kind === 'group' ? (
                <GroupHeadingRow key={row.key} name={row.name} level={row.level} />
              ) : (
                <FundingRowView
                  key={row.key}
                  row={row}
                  tree={tree}
                  entry={entries.get(row.id)!}
                  balance={data.balances?.get(row.id)}
                  balanceDate={onDate}
                  info={data.info?.get(row.id)}
                  proposal={data.proposals?.get(row.id)}
                  proposed={proposed?.get(row.id)}
                  plan={data.plan?.get(row.id)}
                  open={open === row.id}
                  onToggle={() => setOpen((current) => (current === row.id ? null : row.id))}
                  onChange={(part) => change(row.id, part)}
                />
              ),
            )}
            {rows.length === 0 ? <p className="ui-muted budget-funding__empty">No category has a plan or is underfunded.</p> : null}
          </div>
        </>
      )}
    </TransferDialogFrame>
  );
}
