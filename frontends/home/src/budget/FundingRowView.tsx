import { formatCents } from '@budget/money';
import { Amount, AmountInput, Button, FundingCategoryRows, type CategoryTree } from '@budget/web';
import { CheckField } from './CheckField.js';
import { DIALOG_INDENT_PX, type DialogRow } from './dialog-rows.js';
import { sourcesText, type FundingEntry } from './funding-form.js';
import type { FundingInfo, Proposal } from './transfer-data.js';

export interface FundingRowViewProps {
  row: Extract<DialogRow, { kind: 'category' }>;
  tree: CategoryTree;
  entry: FundingEntry;
  /** The balance as of the dialog's date (Home's for that date). */
  balance: number | undefined;
  /** The dialog's date as shown ("Dec 1, 2026"): the balance is that day's, not today's. */
  balanceDate: string;
  info: FundingInfo | undefined;
  proposal: Proposal | undefined;
  /** What is still proposed this month (`proposedAmounts`). */
  proposed: number | undefined;
  plan: number | undefined;
  open: boolean;
  onToggle: () => void;
  onChange: (part: Partial<FundingEntry>) => void;
}

/** `label` names the figure for selectors; `caption` (default `label`) is what the phone's card shows above it. */
const Figure = ({ label, caption, cents, title }: { label: string; caption?: string; cents: number | undefined; title?: string }) => (
  <span role="cell" className="budget-num budget-figure" data-label={label} data-caption={caption ?? label} title={title}>
    {cents === undefined ? '' : <Amount cents={cents} />}
  </span>
);

/** The Proposed figure's tooltip: why a goal changed its plan, and what this month was already funded. */
function proposalNote(proposal: Proposal | undefined, proposed: number | undefined): string | undefined {
  if (!proposal) return undefined;
  const parts = [proposal.adjustedReason, proposal.funded !== 0 && proposed !== undefined ? `Already funded this month: ${formatCents(proposal.funded)} of ${formatCents(proposal.due)}.` : null];
  return parts.filter(Boolean).join(' ') || undefined;
}

/** One category of the funding dialog: its figures, the amount to fund, and where the money comes from. */
export function FundingRowView({ row, tree, entry, balance, balanceDate, info, proposal, proposed, plan, open, onToggle, onChange }: FundingRowViewProps) {
  const path = tree.categories.get(row.id)?.path ?? row.name;
  const nameOf = (id: string) => tree.categories.get(id)?.path ?? 'Unknown category';
  const sources = sourcesText(entry.rows, nameOf);
  const reason = proposal?.adjustedReason ?? null;
  return (
    <div className="budget-funding" role="rowgroup" data-testid={`funding-row-${row.id}`}>
      <div className="budget-list__row budget-list__row--funding" role="row">
        <span role="rowheader" className="budget-list__name" style={{ paddingLeft: row.level * DIALOG_INDENT_PX }}>
          {row.name}
        </span>
        <Figure label="Balance" caption={`Balance on ${balanceDate}`} cents={balance} title={`The balance on ${balanceDate} (Home shows today's)`} />
        <Figure label="Funded" cents={info?.previousFunding} title="Funded last month" />
        <Figure label="Spent" cents={info?.previousSum} title="Spent or received last month" />
        <Figure label="Plan" cents={plan} />
        <Figure label="Proposed" cents={proposed} title={proposalNote(proposal, proposed)} />
        <span role="cell" className="budget-funding__amount">
          <AmountInput label={`Amount for ${path}`} hideLabel value={entry.base} onChange={(base) => onChange({ base })} />
        </span>
        <span role="cell" className="budget-funding__toggle">
          <Button variant="text" aria-expanded={open} aria-label={`Funding categories for ${path}: ${sources}`} title={sources} onClick={onToggle}>
            <span className="budget-funding__sources">{sources}</span>
            <span aria-hidden="true">{open ? '▴' : '▾'}</span>
          </Button>
        </span>
      </div>
      {reason ? (
        // Why a goal's proposal is not its plan (server-behaviour §4.4.4 step 6), beside the amount, not only in a tooltip.
        <div className="budget-funding__reason-row" role="row">
          <span role="cell" className="ui-muted budget-funding__reason" data-testid={`funding-reason-${row.id}`}>
            {reason}
          </span>
        </div>
      ) : null}
      {open ? (
        <div className="budget-funding__detail">
          <FundingCategoryRows legend={`${row.name} is funded from`} rows={entry.rows} tree={tree} onChange={(rows) => onChange({ rows })} testId={`funding-categories-${row.id}`} />
          <CheckField
            label="Include funding transfers"
            checked={entry.includeFundingTransfers}
            onChange={(includeFundingTransfers) => onChange({ includeFundingTransfers })}
            hint="Also receive what other categories draw from this one."
          />
          {info ? (
            <p className="ui-muted budget-funding__note">
              Last month: funded <Amount cents={info.previousFunding} /> (planned <Amount cents={info.previousBaseAmount} />), spent or received{' '}
              <Amount cents={info.previousSum} />, rebalanced <Amount cents={info.previousCatTransfers} />.
            </p>
          ) : null}
          {proposal && proposal.funded !== 0 ? (
            <p className="ui-muted budget-funding__note">
              This month asks <Amount cents={proposal.due} />; the fundings dated in it already gave <Amount cents={proposal.funded} />.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
